"""What the phone's engine keeps between two counts of a page (issue 38 points 3 and 6).

counted.js asks the engine again at every change of the queue, with every waiting entry: at
hand 60 of a night offline, 54 entries whose answers it had already. The engine keeps, in the
worker's memory:

- **bases**: a match as the server holds it, by its id, version and number of hands, so the
  page names it (``base``) instead of sending its whole JSON at every count; and the match
  after an entry this phone sent and the server stored (:meth:`Kept.promote`): the next count
  starts from what the phone itself sent, never from a download that the signal may have cut;
- **prefixes**: the session after each first few ops of a count, with their answers, so the
  next count (the same entries and one more) answers only the new one.

Both are bounded (:data:`BASES`, :data:`PREFIXES`): least recently used first out.

>>> kept: Kept[str] = Kept()
>>> key = base_key({"id": "abc", "version": 3, "hands": [{}, {}]})
>>> key
'abc|3|2'
>>> kept.put_base(key, "the match")
>>> kept.base(key), kept.base("abc|4|3")
('the match', None)
"""

from __future__ import annotations

import json
from collections import OrderedDict
from collections.abc import Mapping, Sequence
from typing import Any, Generic, TypeVar

T = TypeVar("T")

#: The matches kept as bases (a phone scores one match; a few for its other tabs).
BASES = 8
#: The sessions kept after a count's first ops: a night's waiting entries, with room.
PREFIXES = 256


def base_key(match: Mapping[str, Any]) -> str:
    """The key of a match JSON (or of a page's ``base``: ``{id, version, hands}`` with
    ``hands`` a number): what counted.js knows of the match the page shows."""
    # (A page that does not say its version or hands names no kept match: "None" is no int.)
    hands = match.get("hands")
    count = hands if isinstance(hands, int | None) else len(hands)
    return f"{match.get('id')}|{match.get('version')}|{count}"


def chain(base: str, lang: str, ops: Sequence[Mapping[str, Any]]) -> list[str]:
    """The key of each first ops of ``ops`` from ``base`` in ``lang`` (one per op; each hashes
    the one before and its op, so a count of k ops costs k hashes). Python's own ``hash`` of
    the pair, 64 bits: the engine's standard library has no ``hashlib`` (its size), and the
    keys live in one worker only."""
    keys, key = [], f"{base}|{lang}"
    for number, op in enumerate(ops, 1):
        text = json.dumps(op, sort_keys=True, separators=(",", ":"))
        key = f"{number}:{len(text)}:{hash((key, text)) & 0xFFFFFFFFFFFFFFFF:x}"
        keys.append(key)
    return keys


class Kept(Generic[T]):
    """The bases and prefixes of one worker (module doc); ``T`` is the engine's session."""

    def __init__(self) -> None:
        self.bases: OrderedDict[str, T] = OrderedDict()
        self.prefixes: OrderedDict[str, tuple[T, dict[str, Any]]] = OrderedDict()

    def base(self, key: str) -> T | None:
        """The match kept under ``key``, or ``None``."""
        found = self.bases.get(key)
        if found is not None:
            self.bases.move_to_end(key)
        return found

    def put_base(self, key: str, session: T) -> None:
        """Keep ``session`` as the match of ``key``."""
        self.bases[key] = session
        self.bases.move_to_end(key)
        while len(self.bases) > BASES:
            self.bases.popitem(last=False)

    def prefix(self, key: str) -> tuple[T, dict[str, Any]] | None:
        """The session after the ops of ``key`` and the last op's answer, or ``None``."""
        found = self.prefixes.get(key)
        if found is not None:
            self.prefixes.move_to_end(key)
        return found

    def put_prefix(self, key: str, session: T, answer: dict[str, Any]) -> None:
        """Keep the session after the ops of ``key``, with the last op's answer."""
        self.prefixes[key] = (session, answer)
        self.prefixes.move_to_end(key)
        while len(self.prefixes) > PREFIXES:
            self.prefixes.popitem(last=False)

    def longest(self, keys: Sequence[str]) -> int:
        """How many first ops of a count (their ``keys``, :func:`chain`) are kept."""
        for done in range(len(keys), 0, -1):
            if keys[done - 1] in self.prefixes:
                return done
        return 0
