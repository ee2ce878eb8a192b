"""JSON answers that carry pieces encoded once (issue 37, point 6).

A write's full answer and a match's read carry every hand of the match. Each hand's JSON text
is the same at every answer until the hand changes, so it is encoded once per language and
process (kept with the cached replay, :func:`scorekeeper.service.per_hand`) and put into the
answer as it is: :class:`Encoded` stands for a list of such texts in the object given to
``jsonify``, and :class:`Provider` (the app's ``app.json``) writes them there. Encoding the
hands again at every answer was an eighth of a hand POST's CPU with 20-40 hands.

The text is what encoding the list would give (the same provider's settings: sorted keys,
compact separators), so an answer reads the same whether its hands were encoded now or before.
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Callable, Sequence
from typing import Any

from flask.json.provider import DefaultJSONProvider

#: Stands in an answer for an :class:`Encoded` piece while it is encoded. Random per process
#: and starting with a NUL: no text a client sent is ever this (none is shown it).
_MARK = f"\x00encoded-{secrets.token_hex(16)}-"


#: The separators ``jsonify`` writes an answer with (outside debug mode): a piece encoded with
#: them reads as if the answer had been encoded whole.
COMPACT = (",", ":")


class Encoded:
    """A JSON array whose items are already encoded (``texts``: each item's JSON text)."""

    __slots__ = ("texts",)

    def __init__(self, texts: Sequence[str]) -> None:
        self.texts = tuple(texts)

    def text(self) -> str:
        """The array's JSON text."""
        return "[" + ",".join(self.texts) + "]"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Encoded) and self.texts == other.texts

    __hash__ = None  # type: ignore[assignment]  # compared by its texts, as a list is

    def __repr__(self) -> str:
        return f"Encoded({len(self.texts)} items)"


class Provider(DefaultJSONProvider):
    """Flask's JSON provider, writing each :class:`Encoded` piece's text where it stands."""

    def dumps(self, obj: Any, **kwargs: Any) -> str:
        """``obj`` as JSON text (Flask's :meth:`DefaultJSONProvider.dumps`), its
        :class:`Encoded` pieces put in as they are."""
        pieces: list[Encoded] = []
        fallback: Callable[[Any], Any] = kwargs.pop("default", self.default)
        ascii_only = kwargs.get("ensure_ascii", self.ensure_ascii)

        def default(value: Any) -> Any:
            if isinstance(value, Encoded):
                pieces.append(value)
                return f"{_MARK}{len(pieces) - 1}"
            return fallback(value)

        text = super().dumps(obj, default=default, **kwargs)
        for number, piece in enumerate(pieces):
            # The mark as this provider encodes a string (with ensure_ascii: ``\u0000``).
            mark = json.dumps(f"{_MARK}{number}", ensure_ascii=ascii_only)
            text = text.replace(mark, piece.text(), 1)
        return text
