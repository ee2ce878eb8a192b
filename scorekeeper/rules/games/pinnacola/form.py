"""Pinnacola: the options, the ``pinnacola`` variant and the replay of a match (docs/rules.md
§3-§5).

Sources: seed 001 (Italian, the primary source), docs/rules.md §3-§5, the onmadesoft.com Pinnacola
FAQ, and Wikipedia (it) "Pinnacola" for the Pinnacolone running "da Asso ad Asso".

The parts that are not the variant have their own modules, and this one re-exports their public
names (the tools and the API import them from here): the cards, their values and the deck in
:mod:`~scorekeeper.rules.games.pinnacola.cards`, the melds and their values in
:mod:`~scorekeeper.rules.games.pinnacola.melds`, reading a deal's entry in
:mod:`~scorekeeper.rules.games.pinnacola.entry` and scoring a deal in
:mod:`~scorekeeper.rules.games.pinnacola.deal`.

>>> value_meld(["5H", "6H", "JK", "8H"]).as_json()
{'kind': 'run', 'points': 50}
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...core.errors import RuleError
from ...core.facts import CLOSED, PINNACOLONE, STALLED, HandFacts, deal_summary
from ...core.match import (
    FINISHED,
    IN_PROGRESS,
    HandResult,
    MatchState,
    Setup,
    player_left_of,
    sole_leader,
    standings_by_total,
)
from ...core.options import (
    DIRECTION_OPTION,
    SCORING_GROUP,
    OptionSpec,
    boolean,
    choice,
    integer,
    nullable,
)
from ...core.runner import Runner
from ...core.text import N_, note
from ..registry import PINNACOLA, Variant, register
from ..table import DEAL_WORDS, Entry, Layout, Tool, members_of, seated
from .cards import (
    JOKER_COPIES,
    NATURAL_COPIES,
    card_value,
    check_deck,
    deck,
    in_deck,
    is_wild,
    read_card,
    value_hand,
)
from .deal import CLOSE_BONUS, CLOSE_IN_MANO_BONUS, NO_MELD_PENALTY, Deal, score_deal
from .entry import POINT_STEP, SideDeal, read_side
from .melds import (
    FOUR_JOKERS_POINTS,
    JOKER_SET_SIZE,
    PINNACOLA_DOUBLE_FROM,
    PINNACOLA_TRIPLE_FROM,
    PINNACOLONE_13_CARDS,
    PINNACOLONE_ACE_TO_KING,
    PINNACOLONE_FROM,
    PINNACOLONE_POINTS,
    POKER_FACTOR,
    RUN,
    SET,
    MeldValue,
    pinnacolone_from,
    value_meld,
)

#: docs/rules.md §4: the hand sizes a table may deal (recorded; they change no score).
HAND_SIZES = (10, 13, 15, 19)


# --- The variant ------------------------------------------------------------------------------

OPTION_SPECS: tuple[OptionSpec, ...] = (
    OptionSpec("pinelle", True, boolean(), "Black 2s are wild (pinelle)"),
    # docs/rules.md §3: false by default (Wikipedia it: "tris o poker di jolly").
    OptionSpec("joker_sets", False, boolean(), "Three jokers make a set"),
    # docs/rules.md §3: 1500 by default, 2000 and 3000 common; null only with a number of deals.
    OptionSpec(
        "target",
        1500,
        nullable(integer(low=5, high=100_000, multiple_of=5)),
        "Play to (points)",
        group=SCORING_GROUP,
    ),
    OptionSpec(
        "deals",
        None,
        nullable(integer(low=1, high=100)),
        "Or a number of deals",
        group=SCORING_GROUP,
    ),
    OptionSpec(
        "stall",
        "score",
        choice("score", "void"),
        "A stalled deal: scored, or void",
        group=SCORING_GROUP,
    ),
    OptionSpec(
        "pinnacolone",
        PINNACOLONE_13_CARDS,
        choice(PINNACOLONE_13_CARDS, PINNACOLONE_ACE_TO_KING),
        "Pinnacolone: a clean run of 13 cards or more, or a full run from the ace to the king",
        group=SCORING_GROUP,
    ),
    OptionSpec("hand_size", 13, choice(*HAND_SIZES), "Cards dealt to each player"),
    DIRECTION_OPTION,
)


@register
class PinnacolaVariant(Variant):
    """Pinnacola for 2 players, or 4 in two teams (docs/rules.md §3)."""

    id = "pinnacola"
    title = N_("Pinnacola")
    description = N_(
        "Italian rummy with pinelle and jokers: sets, runs, Pinnacola and Pinnacolone."
    )
    player_counts = (2, 4)
    family = PINNACOLA
    rank = 60

    def option_specs(self, given: Mapping[str, Any]) -> Sequence[OptionSpec]:
        """``pinelle``, ``joker_sets``, ``target``, ``deals``, ``stall``, ``pinnacolone``,
        ``hand_size`` and ``direction`` (docs/rules.md §4)."""
        return OPTION_SPECS

    def resolve_options(self, given: object) -> dict[str, Any]:
        """The options, with ``target`` null allowed only when ``deals`` is set (docs/rules.md
        §4)."""
        options = super().resolve_options(given)
        if options["target"] is None and options["deals"] is None:
            raise RuleError(
                "rules.target",
                "may be null only when deals is set",
                code="no_match_end",
            )
        return options

    def partnerships(self, options: Mapping[str, Any], player_count: int) -> bool:
        """Four players play in two teams (seed 001: "due squadre di due giocatori")."""
        return player_count == 4

    def layout(self, setup: Setup, active: Sequence[str] = ()) -> Layout:
        """Each side's points on the table and in hand, and how the deal ended."""
        players, sitting_out = seated(setup, active)
        return Layout(
            Entry.RUMMY_DEAL,
            setup.sides,
            players,
            sitting_out,
            direction=setup.direction,
            words=DEAL_WORDS,
            tool=Tool.PINNACOLA_MELD,
            members=members_of(setup, setup.sides),
        )

    def describe(self, entry: Mapping[str, Any]) -> HandFacts:
        """How the deal ended (:func:`~scorekeeper.rules.core.facts.deal_summary`)."""
        return HandFacts(summary=deal_summary(entry))

    def runner(self, setup: Setup) -> Runner:
        """Every deal: totals, the end by target, by deals or by a Pinnacolone.

        The deal passes in the match's ``direction`` and the player after the dealer plays first
        (docs/rules.md §5). A match stored without ``joker_sets`` (created before the option)
        reads three jokers as no meld, as it did then."""
        return _PinnacolaRunner(setup)


class _PinnacolaRunner(Runner):
    """One replay of a Pinnacola match."""

    def __init__(self, setup: Setup) -> None:
        self.setup = setup
        self.totals = dict.fromkeys(setup.sides, 0)
        self.winner: str | None = None

    def hand(self, number: int, raw: Mapping[str, Any]) -> HandResult:
        """Score deal ``number`` and see whether the match ends."""
        setup, options, sides = self.setup, self.setup.options, self.setup.sides
        deal = score_deal(
            raw,
            sides,
            pinelle=options["pinelle"],
            joker_sets=bool(options.get("joker_sets", False)),
            stall=options["stall"],
            teams=bool(setup.teams),
            # A match stored before the option (docs/rules.md §7) plays by 13 cards, as then.
            pinnacolone_rule=str(options.get("pinnacolone", PINNACOLONE_13_CARDS)),
        )
        for side in sides:
            self.totals[side] += deal.scores[side]
        notes = list(deal.notes)
        if deal.ending == PINNACOLONE:
            self.winner = deal.side
        else:
            self.winner, tie = _match_winner(
                self.totals, options["target"], options["deals"], number
            )
            if tie:
                notes.append(note("equal totals at the end: another deal is played"))
        self.over = self.winner is not None
        return HandResult(
            number=number,
            dealer=setup.dealer_of(number),
            input=raw,
            scores=dict(deal.scores),
            active=setup.players,
            notes=tuple(notes),
            facts=HandFacts(closing=deal.closing, deal=deal.split, summary=deal_summary(raw)),
        )

    def state(self, results: tuple[HandResult, ...]) -> MatchState:
        """The match as it stands after ``results``."""
        setup, winner = self.setup, self.winner
        dealer = setup.dealer_of(len(results) + 1)
        standings = standings_by_total(setup.sides, self.totals)
        if winner is not None:
            # A Pinnacolone wins outright, even from behind: the winner heads the standings.
            standings = (winner, *(side for side in standings if side != winner))
        return MatchState(
            sides=setup.sides,
            hands=results,
            totals=dict(self.totals),
            status=FINISHED if winner is not None else IN_PROGRESS,
            winner=winner,
            standings=standings,
            dealer=dealer,
            leader=player_left_of(setup.rotation, dealer),
            active=setup.players,
            target=setup.options["target"],
        )


def _match_winner(
    totals: Mapping[str, int], target: int | None, deals: int | None, played: int
) -> tuple[str | None, bool]:
    """After a deal: the winner, and whether the match would end but for a tie.

    docs/rules.md §3: the match ends at the target or after ``deals`` deals, whichever comes first;
    the higher total wins (so two sides over the target in one deal: the higher); equal totals
    play another deal.
    """
    best = max(totals.values())
    due = (target is not None and best >= target) or (deals is not None and played >= deals)
    if not due:
        return None, False
    leader = sole_leader(totals)
    return leader, leader is None


__all__ = [
    "CLOSED",
    "CLOSE_BONUS",
    "CLOSE_IN_MANO_BONUS",
    "FOUR_JOKERS_POINTS",
    "HAND_SIZES",
    "JOKER_COPIES",
    "JOKER_SET_SIZE",
    "NATURAL_COPIES",
    "NO_MELD_PENALTY",
    "OPTION_SPECS",
    "PINNACOLA_DOUBLE_FROM",
    "PINNACOLA_TRIPLE_FROM",
    "PINNACOLONE",
    "PINNACOLONE_13_CARDS",
    "PINNACOLONE_ACE_TO_KING",
    "PINNACOLONE_FROM",
    "PINNACOLONE_POINTS",
    "POINT_STEP",
    "POKER_FACTOR",
    "RUN",
    "SET",
    "STALLED",
    "Deal",
    "MeldValue",
    "PinnacolaVariant",
    "SideDeal",
    "card_value",
    "check_deck",
    "deck",
    "in_deck",
    "is_wild",
    "pinnacolone_from",
    "read_card",
    "read_side",
    "score_deal",
    "value_hand",
    "value_meld",
]
