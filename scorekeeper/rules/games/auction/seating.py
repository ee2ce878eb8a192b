"""Who is dealt in at an auction pinochle table (docs/rules.md §2): always three, the others
(the dealer first) sit out; matches created before revision 2 keep their six-player seating
(:data:`SIX_OPPOSITE`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Final

#: The six-player seating of the matches created before revision 2 (docs/rules.md §5): the
#: dealer and the player opposite him sit out, four are dealt in. A stored match carries it as
#: ``six_seating: opposite``; a new match may not choose it.
SIX_OPPOSITE: Final = "opposite"

#: Who sits out, as steps on the dealer's left (0 is the dealer), by the number of players
#: (docs/rules.md §2): always three are dealt in.
_OUT_STEPS: Final[Mapping[int, tuple[int, ...]]] = {3: (), 4: (0,), 5: (0, 2), 6: (0, 2, 4)}


def active_players(
    players: Sequence[str],
    dealer: str,
    *,
    rotation: Sequence[str] | None = None,
    six_seating: str | None = None,
) -> tuple[str, ...]:
    """The players dealt in, in the order of ``players`` (docs/rules.md §2).

    Always three: 3 players: all; 4: the dealer sits out; 5: the dealer and the second player
    on his left (Bicycle); 6: the dealer and the second and fourth on his left (the first,
    third and fifth play). "On his left" counts in ``rotation`` (:attr:`Setup.rotation`, the
    order the deal passes; ``players`` when not given). A match created before revision 2
    with six players keeps its seating (``six_seating: opposite``): the dealer and the player
    opposite him (third on his left) sit out, four are dealt in.

    >>> active_players(["Ana", "Ben", "Cruz", "Dee", "Eve"], "Ana")
    ('Ben', 'Dee', 'Eve')
    >>> active_players(["Ana", "Ben", "Cruz", "Dee", "Eve", "Fay"], "Ana")
    ('Ben', 'Dee', 'Fay')
    >>> active_players(["Ana", "Ben", "Cruz", "Dee", "Eve", "Fay"], "Ana", six_seating="opposite")
    ('Ben', 'Cruz', 'Eve', 'Fay')
    """
    order = tuple(players if rotation is None else rotation)
    count = len(order)
    start = order.index(dealer)
    out_steps = (0, 3) if count == 6 and six_seating == SIX_OPPOSITE else _OUT_STEPS[count]
    out = {order[(start + step) % count] for step in out_steps}
    return tuple(p for p in players if p not in out)
