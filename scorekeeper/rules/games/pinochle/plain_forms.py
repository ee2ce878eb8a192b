"""The plain pinochle forms kept by points: two-, three- and four-handed (docs/rules.md §2, §4),
each a :class:`~.plain.PlainPinochle` with its seats and its own options.

What they share (options, layout, replay) is in :mod:`.plain`; reading a hand in
:mod:`.plain_hand`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...core.errors import RuleError
from ...core.options import PLAY_GROUP, OptionSpec, boolean, choice
from ...core.text import N_
from ..registry import register
from .form_parts import option_map
from .melds import MELD_REUSE_OPTION
from .plain import RENEGE_GAME, RENEGE_HAND, PlainPinochle
from .plain_hand import SAVING_TRICK_OPTION

#: Two- and three-handed play (docs/rules.md §2, seed 004): a player may stop the hand and claim
#: the game.
DECLARE_OUT_OPTION = OptionSpec(
    "declare_out",
    True,
    boolean(),
    "A player may stop the hand and claim the game (declare out)",
    group=PLAY_GROUP,
)


#: Seed 004's renege in two-handed play: once the stock is gone the second player must take the
#: trick if he can; failing to, "игрок теряет все заработанные в данной партии очки" (the
#: player loses all the points he earned in this game): ``game``; the house reading ``hand``,
#: his points of that hand only (docs/rules.md §2 ``pinochle-2``).
RENEGE_OPTION = OptionSpec(
    "renege",
    RENEGE_GAME,
    choice(RENEGE_GAME, RENEGE_HAND),
    "A renege (not taking a trick one must take once the stock is gone) loses every point of "
    "the game, or the points of that hand",
    group=PLAY_GROUP,
)


@register
class TwoHanded(PlainPinochle):
    """Two-handed pinochle with stock (seeds 000, 002, 004)."""

    id = "pinochle-2"
    rank = 10
    title = N_("Pinochle for two")
    description = N_("Two players, 12 cards each and a stock; meld after winning a trick.")
    player_counts = (2,)
    all_at_once = False

    def _meld_specs(self) -> list[OptionSpec]:
        return [MELD_REUSE_OPTION]

    def _extra_specs(self, given: Mapping[str, Any]) -> list[OptionSpec]:
        return [
            DECLARE_OUT_OPTION,
            OptionSpec(
                "trump_by_first_marriage",
                False,
                boolean(),
                "No card is turned for trump: the first marriage melded names it",
                group=PLAY_GROUP,
            ),
            RENEGE_OPTION,
        ]


@register
class ThreeHanded(PlainPinochle):
    """Three-handed cutthroat pinochle (seeds 000, 004)."""

    id = "pinochle-3"
    rank = 20
    title = N_("Pinochle for three")
    description = N_("Three players, 16 cards each, every man for himself; meld needs a trick.")
    player_counts = (3,)

    def _meld_specs(self) -> list[OptionSpec]:
        # docs/rules.md §4, §5: for the play-on hands, which are two-handed pinochle.
        return [MELD_REUSE_OPTION]

    def _extra_specs(self, given: Mapping[str, Any]) -> list[OptionSpec]:
        return [
            DECLARE_OUT_OPTION,
            OptionSpec(
                "play_on",
                True,
                boolean(),
                "After the winner leaves, the other two play on for second place",
                group=PLAY_GROUP,
            ),
        ]


@register
class FourHanded(PlainPinochle):
    """Four-handed pinochle, in partnerships by default (seeds 000, 004)."""

    id = "pinochle-4"
    rank = 30
    title = N_("Pinochle for four")
    description = N_("Four players, 12 cards each, partners opposite; meld needs a trick.")
    player_counts = (4,)

    def _extra_specs(self, given: Mapping[str, Any]) -> list[OptionSpec]:
        specs = [
            OptionSpec(
                "partnerships",
                True,
                boolean(),
                "Partners sit opposite and share a score (off: each plays for himself)",
                group=PLAY_GROUP,
            )
        ]
        if given.get("partnerships", True) is not False:
            specs.append(SAVING_TRICK_OPTION)
        return specs

    def resolve_options(self, given: object) -> dict[str, Any]:
        """As every plain form; ``saving_trick`` exists only with partners (docs/rules.md §4)."""
        given_map = option_map(given)
        if "saving_trick" in given_map and given_map.get("partnerships", True) is False:
            raise RuleError(
                "rules.saving_trick",
                "is played only with partners (partnerships: true)",
                code="not_allowed",
            )
        return super().resolve_options(given)

    def partnerships(self, options: Mapping[str, Any], player_count: int) -> bool:
        """Two teams unless the table plays each for himself."""
        return bool(options.get("partnerships", True))
