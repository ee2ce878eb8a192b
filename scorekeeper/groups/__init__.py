"""The pages of a group (docs/groups.md): start one, its private and read-only links, its
roster, its matches, and from them its records, money across nights and ratings."""

from flask import Blueprint

bp = Blueprint("groups", __name__)

from . import almanac, payups, routes  # noqa: E402,F401
