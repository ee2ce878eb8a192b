"""What this phone remembers of club nights in its signed session cookie (docs/club.md §1):
the host token of each night whose private link it opened, its table's (or player's) key on
each night it joined, the table cards' codes of the night it set up (to draw their QR codes on
the host page: only their hashes are stored), and the nights it opened (for the home page).

Bounded as :mod:`scorekeeper.web.session` bounds the match tokens and group keys: at most
:data:`KEPT_HOSTS` host tokens, :data:`KEPT_ROLES` keys, the codes of one night, and the whole
cookie within :data:`~scorekeeper.web.cookie.COOKIE_BUDGET` bytes (the codes go first, then
the least recently opened nights' keys and tokens; never the ones being used now)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypedDict

from flask import session, url_for

from .. import service
from .cookie import COOKIE_BUDGET, cookie_size

#: The session's keys. ``HOSTS``: ``{public_id: token}``; ``ROLES``: ``{read_id: [kind,
#: number, key]}``; ``CODES``: ``{"night": public_id, "table": {n: code}, "player": {n:
#: code}}``; ``OPENED``: the read-only ids of the nights opened, the latest first. The first
#: three hold secrets (scorekeeper.infra.security.SECRET_SESSION_KEYS should name them).
HOSTS = "club_hosts"
ROLES = "club_keys"
CODES = "club_codes"
OPENED = "club_nights"
HOST_ORDER = "club_host_order"

#: A club keeps one or two nights a week going; a phone is host of a few at most.
KEPT_HOSTS = 4
KEPT_ROLES = 6
RECENT_NIGHTS = 8


def _opened() -> list[str]:
    return [rid for rid in session.get(OPENED) or [] if isinstance(rid, str)]


def remember_night(read_id: str) -> None:
    """Put a night first in the list of nights this phone opened (the home page's)."""
    was = _opened()
    now = [read_id, *[rid for rid in was if rid != read_id]][: max(RECENT_NIGHTS, KEPT_ROLES)]
    if now != was:  # the cookie goes out only when it changed (as web/session.py)
        session[OPENED] = now
    if not session.permanent:
        session.permanent = True


def opened_nights() -> list[str]:
    """The read-only ids of the nights this phone opened, the latest first."""
    return _opened()[:RECENT_NIGHTS]


# --- The host token ------------------------------------------------------------------------------


def host_token(public_id: str) -> str | None:
    """The host token this phone holds for the night, if any."""
    token = (session.get(HOSTS) or {}).get(public_id)
    return token if isinstance(token, str) else None


def keep_host(public_id: str, read_id: str, token: str) -> None:
    """Remember the host token of a night (its private link was opened, or it was set up
    here); past :data:`KEPT_HOSTS` the one of the night opened longest ago goes."""
    hosts = dict(session.get(HOSTS) or {})
    hosts[public_id] = token
    remember_night(read_id)
    # (The session's JSON sorts its keys: the order the tokens were kept in is a list.)
    order = [public_id, *[p for p in session.get(HOST_ORDER) or [] if p != public_id]]
    while len(hosts) > KEPT_HOSTS:
        hosts.pop(_oldest(hosts, order, public_id))
    session[HOSTS] = hosts
    session[HOST_ORDER] = [p for p in order if p in hosts]
    session.permanent = True
    _fit(public_id)


def _oldest(held: Mapping[str, object], order: list[str], current: str) -> str:
    """The key of ``held`` (not ``current``) kept longest ago: last in ``order`` (the latest
    first), or not in it at all."""
    rank = {pid: i for i, pid in enumerate(order)}
    return max((pid for pid in held if pid != current), key=lambda p: (rank.get(p, len(rank)), p))


def forget_host(public_id: str) -> None:
    """Forget a host token that no longer works."""
    hosts = dict(session.get(HOSTS) or {})
    if hosts.pop(public_id, None) is not None:
        session[HOSTS] = hosts


# --- A table's or a player's key ---------------------------------------------------------------


def role_key(read_id: str, kind: str, number: int) -> str | None:
    """The key this phone holds for table (or player) ``number`` of the night, if any."""
    held = (session.get(ROLES) or {}).get(read_id)
    if isinstance(held, list) and len(held) == 3 and held[0] == kind and held[1] == number:
        key = held[2]
        return key if isinstance(key, str) else None
    return None


def role_of(read_id: str) -> tuple[str, int] | None:
    """``("table", n)`` or ``("player", n)``: what this phone joined the night as."""
    held = (session.get(ROLES) or {}).get(read_id)
    if isinstance(held, list) and len(held) == 3 and isinstance(held[1], int):
        return str(held[0]), held[1]
    return None


def keep_role(read_id: str, kind: str, number: int, key: str) -> None:
    """Remember the key a table card's (or player card's) code was exchanged for: one role a
    night per phone (a phone that scans another table's card moves to that table)."""
    roles = dict(session.get(ROLES) or {})
    roles[read_id] = [kind, number, key]
    remember_night(read_id)
    while len(roles) > KEPT_ROLES:
        roles.pop(_oldest(roles, _opened(), read_id))
    session[ROLES] = roles
    session.permanent = True
    _fit(read_id)


# --- The codes of the table (and player) cards ----------------------------------------------------


def keep_codes(public_id: str, kind: str, codes: Mapping[int, str]) -> None:
    """Remember codes of the night's cards, for their QR codes on the host page (the service
    keeps only their hashes): of one night only, the one set up (or re-coded) last."""
    held = session.get(CODES) or {}
    if not isinstance(held, dict) or held.get("night") != public_id:
        held = {"night": public_id}
    held = dict(held)
    mine = {str(k): v for k, v in (held.get(kind) or {}).items()}
    mine.update({str(n): code for n, code in codes.items()})
    held[kind] = mine
    session[CODES] = held
    _fit(public_id)


def codes_of(public_id: str, kind: str) -> dict[int, str]:
    """The codes of ``kind`` (``table``, ``player``) this phone keeps for the night."""
    held = session.get(CODES) or {}
    if not isinstance(held, dict) or held.get("night") != public_id:
        return {}
    return {
        int(n): code
        for n, code in (held.get(kind) or {}).items()
        if str(n).isdigit() and isinstance(code, str)
    }


def _fit(current: str) -> None:
    """Within the cookie's budget: forget the player codes, then the table codes, then the
    keys and host tokens of other nights (never ``current``'s)."""
    while cookie_size() > COOKIE_BUDGET:
        codes = session.get(CODES) or {}
        if isinstance(codes, dict) and codes.get("player"):
            session[CODES] = {k: v for k, v in codes.items() if k != "player"}
            continue
        if codes:
            session.pop(CODES, None)
            continue
        roles = dict(session.get(ROLES) or {})
        if any(r != current for r in roles):
            roles.pop(_oldest(roles, _opened(), current))
            session[ROLES] = roles
            continue
        hosts = dict(session.get(HOSTS) or {})
        if any(p != current for p in hosts):
            forget_host(_oldest(hosts, list(session.get(HOST_ORDER) or []), current))
            continue
        return


# --- The home page -------------------------------------------------------------------------------


class OpenedNight(TypedDict):
    """A club night this phone opened, as the home page lists it."""

    name: str
    url: str
    #: ``host``, ``table``, ``player`` or ``watching``.
    role: str
    number: int | None
    status: str


def home_nights() -> list[OpenedNight]:
    """The club nights this phone opened, with its role on each (docs/club.md §1)."""
    ids = opened_nights()
    if not ids:
        return []
    nights: dict[str, Any] = {night.read_id: night for night in service.club_nights_by(ids)}
    listed: list[OpenedNight] = []
    for read_id in ids:
        night = nights.get(read_id)
        if night is None:
            continue
        role = role_of(read_id)
        if host_token(night.public_id) is not None:
            item = OpenedNight(
                name=night.name,
                url=url_for("club.host", public_id=night.public_id),
                role="host",
                number=None,
                status=night.status,
            )
        elif role is not None:
            kind, number = role
            endpoint = "club.table" if kind == "table" else "club.player"
            item = OpenedNight(
                name=night.name,
                url=url_for(endpoint, read_id=read_id, number=number),
                role=kind,
                number=number,
                status=night.status,
            )
        else:
            item = OpenedNight(
                name=night.name,
                url=url_for("club.room", read_id=read_id),
                role="watching",
                number=None,
                status=night.status,
            )
        listed.append(item)
    return listed
