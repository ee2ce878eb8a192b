"""What this phone remembers of groups in its signed session cookie (as
:mod:`scorekeeper.matches.tokens` does for matches): the key of each group whose private link
it opened, and the groups it has opened, for the home page."""

from __future__ import annotations

from flask import session

from ..models import Group

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
