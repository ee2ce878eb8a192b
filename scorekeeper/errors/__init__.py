"""The site's error pages (``templates/error.html``); the API's errors stay JSON."""

from flask import Blueprint

bp = Blueprint("errors", __name__)

from . import handlers  # noqa: E402,F401
