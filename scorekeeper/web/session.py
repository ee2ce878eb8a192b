"""What this phone remembers in its signed session cookie: the edit tokens of the matches it
created (or scores), the matches it has opened (for the home page), the key of each group whose
private link it opened, and the groups it has opened.

The match pages, the group pages and the home page all read this memory; it is kept here, below
the blueprints, so that none of them reaches into another's modules for it."""

from __future__ import annotations

from typing import NoReturn

from flask import abort, flash, redirect, session, url_for
from flask_babel import gettext as _
from werkzeug.wrappers import Response

from .. import service
from ..models import Group, Match

# --- Matches -------------------------------------------------------------------------------------

#: How many matches the home page lists, and how many edit tokens a phone keeps at most (a
#: cookie holds about 4 KB; a token and its id take about 70 bytes).
RECENT_MATCHES = 12
KEPT_TOKENS = 40


def token_for(public_id: str) -> str | None:
    """The edit token this browser holds for a match, if any."""
    tokens = session.get("tokens") or {}
    token = tokens.get(public_id)
    return token if isinstance(token, str) else None


def keep_token(public_id: str, token: str) -> None:
    """Remember the edit token of a match this browser created."""
    tokens = dict(session.get("tokens") or {})
    tokens.pop(public_id, None)
    tokens[public_id] = token
    while len(tokens) > KEPT_TOKENS:
        tokens.pop(next(iter(tokens)))
    session["tokens"] = tokens
    session.permanent = True


def forget_token(public_id: str) -> None:
    """Forget the edit token (or scorer key) this browser holds for a match."""
    tokens = dict(session.get("tokens") or {})
    if tokens.pop(public_id, None) is not None:
        session["tokens"] = tokens


def scoring_token(match: Match) -> str | None:
    """The token this browser scores the match with, if it still works. One that stopped
    working (another phone took the scoring over, docs/sharing.md) is forgotten, and the page
    says so once: from now on this phone follows the match."""
    token = token_for(match.public_id)
    if token is None:
        return None
    try:
        service.check_token(match, token)
    except service.Unauthorized:
        forget_token(match.public_id)
        flash(_("Another phone keeps the score of this match now. This phone follows it."))
        return None
    return token


def no_longer_scoring(public_id: str) -> NoReturn:
    """A write refused for this browser's token: forget it, say why, show the match."""
    forget_token(public_id)
    flash(_("Not stored: another phone keeps the score of this match now."))
    abort(redirect(url_for("matches.show", public_id=public_id), code=303))


def remember_opened(public_id: str) -> None:
    """Put a match first in the list of matches this phone has opened."""
    recent = [pid for pid in session.get("recent") or [] if pid != public_id]
    session["recent"] = [public_id, *recent][:RECENT_MATCHES]
    session.permanent = True


def opened_matches() -> list[str]:
    """The public ids of the matches this phone opened, the latest first."""
    return [pid for pid in session.get("recent") or [] if isinstance(pid, str)]


def open_to_score(public_id: str, token: str) -> Response:
    """This phone now scores the match: keep its edit token, list it on the home page, go to
    its page (a new match, an imported one, one of a group, or one handed over by the
    scorekeeper link)."""
    keep_token(public_id, token)
    remember_opened(public_id)
    return redirect(url_for("matches.show", public_id=public_id), code=303)


# --- Groups --------------------------------------------------------------------------------------

#: The session's keys: ``{public_id: token}`` (a secret: ``security.SECRET_SESSION_KEYS``) and
#: the read-only ids of the groups opened, the latest first.
KEYS = "group_keys"
OPENED = "groups"

#: How many groups the home page lists, and how many keys a phone keeps at most (a key and its
#: id take about 70 bytes of the 4 KB a cookie holds; a table plays in one or two groups).
RECENT_GROUPS = 8
KEPT_KEYS = 12


def key_for(group: Group) -> str | None:
    """The key this phone holds for the group, if any."""
    key = (session.get(KEYS) or {}).get(group.public_id)
    return key if isinstance(key, str) else None


def held_keys() -> dict[str, str]:
    """Every group key this phone holds: ``{public_id: token}``."""
    keys = session.get(KEYS) or {}
    return {pid: key for pid, key in keys.items() if isinstance(key, str)}


def keep_key(group: Group, token: str) -> None:
    """Remember the key of a group whose private link this phone opened (or started)."""
    keys = dict(session.get(KEYS) or {})
    keys.pop(group.public_id, None)
    keys[group.public_id] = token
    while len(keys) > KEPT_KEYS:
        keys.pop(next(iter(keys)))
    session[KEYS] = keys
    session.permanent = True
    remember_group(group)


def forget_key(group: Group) -> None:
    """Forget a key that no longer works."""
    keys = dict(session.get(KEYS) or {})
    if keys.pop(group.public_id, None) is not None:
        session[KEYS] = keys


def remember_group(group: Group) -> None:
    """Put a group first in the list of groups this phone has opened."""
    opened = [rid for rid in session.get(OPENED) or [] if rid != group.read_id]
    session[OPENED] = [group.read_id, *opened][:RECENT_GROUPS]
    session.permanent = True


def opened_groups() -> list[str]:
    """The read-only ids of the groups this phone opened, the latest first."""
    return [rid for rid in session.get(OPENED) or [] if isinstance(rid, str)]
