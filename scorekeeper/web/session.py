"""What this phone remembers in its signed session cookie: the edit tokens of the matches it
created (or scores), the matches it has opened (for the home page), the key of each group whose
private link it opened, and the groups it has opened.

The match pages, the group pages and the home page all read this memory; it is kept here, below
the blueprints, so that none of them reaches into another's modules for it.

A browser keeps a cookie of at most 4 KB (name and value; Chromium keeps the old cookie when a
new one is larger, so a phone that outgrew it would silently stop remembering new links), so
the memory is bounded (issue 25, docs/sharing.md "What a phone remembers"): at most
:data:`KEPT_TOKENS` match tokens and :data:`KEPT_KEYS` group keys, and the whole cookie within
:data:`~.cookie.COOKIE_BUDGET` bytes. Past that the least recently used goes first (the match or
group opened longest ago), never the one being used now. A phone that forgot a match's token follows
it (it can no longer write to it); one that forgot a group's key opens its private link again."""

from __future__ import annotations

from typing import NoReturn

from flask import (
    abort,
    after_this_request,
    current_app,
    flash,
    redirect,
    request,
    session,
    url_for,
)
from flask_babel import gettext as _
from werkzeug.wrappers import Response

from .. import service
from ..infra.security import SECRET_SESSION_KEYS, no_store
from ..models import Group, Match
from .club_page import closed_round_words
from .contract import SCORER_COOKIE, SWAP
from .cookie import COOKIE_BUDGET, cookie_size

# --- Matches -------------------------------------------------------------------------------------

#: How many matches the home page lists, and how many edit tokens a phone keeps at most (a
#: cookie holds about 4 KB; a token and its id take about 70 bytes, its id in the list of
#: matches opened 25 more: 20 of them and 8 group keys fill about 2.5 KB).
RECENT_MATCHES = 12
KEPT_TOKENS = 20


def token_for(public_id: str) -> str | None:
    """The edit token this browser holds for a match, if any."""
    tokens = session.get("tokens") or {}
    token = tokens.get(public_id)
    return token if isinstance(token, str) else None


def mark_scoring() -> None:
    """Tell the page's scripts that this browser scores a match: the cookie
    :data:`~.contract.SCORER_COOKIE` (no secret: the tokens stay in the session), kept as long as
    the session. Offline, a reloaded match page is a scoring page again only while it is there:
    cleared cookies, no hand form (static/sw.js, issue 38 point 2)."""
    if request.cookies.get(SCORER_COOKIE):
        return

    @after_this_request
    def set_cookie(response: Response) -> Response:
        response.set_cookie(
            SCORER_COOKIE,
            "1",
            max_age=int(current_app.permanent_session_lifetime.total_seconds()),
            httponly=False,  # for the page's script: it says only that a session holds tokens
            samesite="Lax",
            secure=request.is_secure or bool(current_app.config.get("SESSION_COOKIE_SECURE")),
        )
        return response


def keep_token(public_id: str, token: str) -> None:
    """Remember the edit token (or scorer key) of a match this browser scores; past
    :data:`KEPT_TOKENS` the token of the match opened longest ago is forgotten (never this
    one's)."""
    tokens = dict(session.get("tokens") or {})
    tokens[public_id] = token
    remember_opened(public_id)
    while len(tokens) > KEPT_TOKENS:
        tokens.pop(_least_recent(tokens, _recent(), public_id))
    session["tokens"] = tokens
    session.permanent = True
    fit_cookie(public_id)


def _recent() -> list[str]:
    return [pid for pid in session.get("recent") or [] if isinstance(pid, str)]


def _least_recent(held: dict[str, str], order: list[str], current: str) -> str:
    """The id of ``held`` (not ``current``) last in ``order`` (the latest first); one that is
    not in ``order`` at all was used before any that is."""
    rank = {pid: i for i, pid in enumerate(order)}
    others = [pid for pid in held if pid != current]
    # (The session's JSON sorts its keys: the dict's own order says nothing of when.)
    return max(others, key=lambda pid: (rank.get(pid, len(rank)), pid))


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
        closed = _closed_round(match)
        if closed is not None:  # a club round's close ended its keys: nobody took over
            flash(closed)
            return None
        _remember_handed_over(match.public_id)
        flash(_("Another phone keeps the score of this match now. This phone follows it."))
        return None
    return token


def _closed_round(match: Match) -> str | None:
    """What a club match says when its round is closed (docs/club.md §7.3), else None."""
    return closed_round_words(match)


#: The matches whose scoring this phone kept until it went to another phone (the latest few):
#: their page says so instead of "only the phone that keeps the score" (issue 26).
HANDED = "handed"
HANDED_KEPT = 8


def _remember_handed_over(public_id: str) -> None:
    was = session.get(HANDED) or []
    session[HANDED] = [public_id, *(pid for pid in was if pid != public_id)][:HANDED_KEPT]


def handed_over(public_id: str) -> bool:
    """Whether this phone kept the score of the match until another phone took it over."""
    return public_id in (session.get(HANDED) or [])


def no_longer_scoring(public_id: str) -> NoReturn:
    """A write refused for this browser's token: forget it, say why, show the match. To the
    page's script (a hand that waited on the phone, :data:`~.contract.SWAP`) a 403: the
    redirect's 200 page would read as stored, and the hand must stay on the phone
    (static/queue.js keeps it and shows it, issue 25)."""
    forget_token(public_id)
    closed = _closed_round(service.get_match(public_id))
    if closed is not None:
        flash(_("Not stored: the host closed the round: ask the host to enter it.") + " " + closed)
    else:
        _remember_handed_over(public_id)
        flash(_("Not stored: another phone keeps the score of this match now."))
    if request.headers.get(SWAP):
        abort(403)
    abort(redirect(url_for("matches.show", public_id=public_id), code=303))


def remember_opened(public_id: str) -> None:
    """Put a match first in the list of matches this phone has opened (also the order its
    tokens are forgotten in: as long as the tokens kept)."""
    was = session.get("recent") or []
    recent = [pid for pid in was if pid != public_id]
    now = [public_id, *recent][: max(RECENT_MATCHES, KEPT_TOKENS)]
    # Written only when it changes: a write sends the cookie again (issue 26: it would change
    # every later request's ``Cookie``, which the static files' cache must not vary on).
    if now != was:
        session["recent"] = now
    if not session.permanent:
        session.permanent = True
    _stored_nowhere()


def _stored_nowhere() -> None:
    """The page of a match or group opened by a phone that holds tokens or keys is kept by no
    cache, the service worker's included (it carries what this phone may do: the hand form,
    its CSRF token). It was so when every view rewrote the list of matches opened (a changed
    session cookie, scorekeeper.infra.security); written only when it changes, it is said
    here."""

    @after_this_request
    def answer(response: Response) -> Response:
        if any(session.get(key) for key in SECRET_SESSION_KEYS):
            no_store(response)
        return response


def opened_matches() -> list[str]:
    """The public ids of the matches this phone opened, the latest first (the home page's
    :data:`RECENT_MATCHES`)."""
    return _recent()[:RECENT_MATCHES]


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
#: id take about 70 bytes of the 4 KB a cookie holds, its read-only id in the list of groups
#: opened 25 more; a table plays in one or two groups).
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
    """Remember the key of a group whose private link this phone opened (or started); past
    :data:`KEPT_KEYS` the key of the group opened longest ago is forgotten (never this
    one's)."""
    keys = dict(session.get(KEYS) or {})
    keys[group.public_id] = token
    remember_group(group)
    while len(keys) > KEPT_KEYS:
        keys.pop(_least_recent(keys, _groups_order(keys), group.public_id))
    session[KEYS] = keys
    session.permanent = True
    fit_cookie(group.public_id)


def _groups_order(keys: dict[str, str]) -> list[str]:
    """The private ids of the groups of ``keys``, the latest opened first (the list of groups
    opened holds their read-only ids: one query, only when a key is to be forgotten)."""
    by_read = {group.read_id: group.public_id for group in service.groups_by_public_ids(list(keys))}
    return [by_read[rid] for rid in _opened_groups() if rid in by_read]


def forget_key(group: Group) -> None:
    """Forget a key that no longer works."""
    keys = dict(session.get(KEYS) or {})
    if keys.pop(group.public_id, None) is not None:
        session[KEYS] = keys


def remember_group(group: Group) -> None:
    """Put a group first in the list of groups this phone has opened (also the order its keys
    are forgotten in)."""
    was = session.get(OPENED) or []
    opened = [rid for rid in was if rid != group.read_id]
    now = [group.read_id, *opened][: max(RECENT_GROUPS, KEPT_KEYS)]
    if now != was:  # (as the matches opened: the cookie goes out only when it changed)
        session[OPENED] = now
    if not session.permanent:
        session.permanent = True
    _stored_nowhere()


def opened_groups() -> list[str]:
    """The read-only ids of the groups this phone opened, the latest first (the home page's
    :data:`RECENT_GROUPS`)."""
    return _opened_groups()[:RECENT_GROUPS]


def _opened_groups() -> list[str]:
    return [rid for rid in session.get(OPENED) or [] if isinstance(rid, str)]


# --- The cookie's size (measured by :mod:`.cookie`) ---------------------------------------------


def fit_cookie(current: str) -> None:
    """Forget the least recently used match tokens, then group keys (never ``current``: the
    one just kept), until the cookie is within :data:`COOKIE_BUDGET` bytes."""
    while cookie_size() > COOKIE_BUDGET:
        tokens = dict(session.get("tokens") or {})
        keys = dict(session.get(KEYS) or {})
        if len(tokens) > 1 or (tokens and current not in tokens):
            tokens.pop(_least_recent(tokens, _recent(), current))
            session["tokens"] = tokens
        elif len(keys) > 1 or (keys and current not in keys):
            keys.pop(_least_recent(keys, _groups_order(keys), current))
            session[KEYS] = keys
        else:
            return  # nothing left to forget but what is used now
