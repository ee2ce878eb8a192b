"""Seed 000's "each hand as a game" for the plain pinochle forms (option ``game``;
docs/rules.md §2 "Each hand as a game"): «Cada una de las manos se puede contar igual que el
juego; el jugador que obtiene el mayor número de puntos gana la mano» (each hand may be counted
like the game; the player who gets the most points wins the hand).

Under ``game: hands`` a hand is still scored in points (meld saved by a trick plus trick
points, seed 000: «cantes más puntos en cada baza»), but the match counts hands won: the side
with the hand's highest score wins it (a tie per ``hand_tie``), and the match goes to
``hands_won`` hands won or is over after ``hands`` hands, the side with the most hands won
first. The target, its tie rule, declaring out and the three-handed play-on are rules of a race
to a target in points, so they are not options of such a match.

>>> winners, line = hand_winners({"Ana": 190, "Ben": 60}, NOBODY)
>>> winners, str(line)
(('Ana',), 'Ana wins the hand with 190')
>>> hand_winners({"Ana": 120, "Ben": 120, "Cy": 10}, EACH)[0]
('Ana', 'Ben')
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from ...core.errors import RuleError
from ...core.match import sole_leader
from ...core.options import SCORING_GROUP, OptionSpec, choice, integer, nullable
from ...core.text import Note, note

#: The two ways a plain match is counted (option ``game``).
POINTS: Final = "points"
HANDS: Final = "hands"
#: A hand's tie for the highest score (option ``hand_tie``): nobody wins it (the seed's words:
#: only "el mayor número de puntos" wins), or each of the tied sides wins it (a house rule).
NOBODY: Final = "nobody"
EACH: Final = "each"

#: The options of a race to a target in points, which a match counted in hands has not.
POINTS_ONLY: Final = ("target", "tie_rule", "declare_out", "play_on")

GAME_OPTION = OptionSpec(
    "game",
    POINTS,
    choice(POINTS, HANDS),
    "The game is counted in points to a target, or each hand counts as a game (hands won)",
    group=SCORING_GROUP,
)

#: Under ``game: hands``: the hands won that win the match (no source gives a number: 3 is the
#: house's "best of five"), a fixed number of hands instead or as well, and the tie rule.
HAND_SPECS: Final = (
    OptionSpec(
        "hands_won",
        3,
        nullable(integer(low=1, high=100)),
        "Hands won that win the match (blank: play the fixed number of hands)",
        group=SCORING_GROUP,
    ),
    OptionSpec(
        "hands",
        None,
        nullable(integer(low=1, high=100)),
        "Or a fixed number of hands: the most hands won then wins",
        group=SCORING_GROUP,
    ),
    OptionSpec(
        "hand_tie",
        NOBODY,
        choice(NOBODY, EACH),
        "A hand tied for the highest score is won by nobody, or by each of the tied",
        group=SCORING_GROUP,
    ),
)


def counts_hands(options: Mapping[str, Any]) -> bool:
    """Whether the match counts hands won (a match stored before the option counts points)."""
    return bool(options.get("game", POINTS) == HANDS)


def refuse_race_options(given: Mapping[str, Any]) -> None:
    """Refuse an option of the race to a target given with ``game: hands``, by its name."""
    if not counts_hands(given):
        return
    for name in POINTS_ONLY:
        if name in given:
            raise RuleError(
                f"rules.{name}",
                "is not played when each hand counts as a game (game: hands)",
                code="not_allowed",
            )


def check_hand_count(resolved: Mapping[str, Any]) -> None:
    """Refuse a match counted in hands with neither a number of hands won nor a number of
    hands to play: it would never end."""
    if counts_hands(resolved) and resolved["hands_won"] is None and resolved["hands"] is None:
        raise RuleError(
            "rules.hands_won",
            "give the hands won that win the match, or a number of hands (rules.hands)",
            code="required",
        )


def hand_winners(points: Mapping[str, int], tie: str) -> tuple[tuple[str, ...], Note]:
    """The sides that win a hand of these scores, and the hand's line: the highest score wins;
    a tie for it is won by nobody (``nobody``) or by each tied side (``each``)."""
    best = max(points.values())
    top = tuple(side for side, score in points.items() if score == best)
    if len(top) == 1:
        return top, note("{side} wins the hand with {points}", side=top[0], points=best)
    tied = " & ".join(top)
    if tie == EACH:
        return top, note("{sides} tie with {points}: each wins the hand", sides=tied, points=best)
    return (), note("{sides} tie with {points}: nobody wins the hand", sides=tied, points=best)


def match_winner(
    won: Mapping[str, int], played: int, options: Mapping[str, Any], notes: list[Note]
) -> str | None:
    """The side that wins the match after ``played`` hands with ``won`` hands won each, if
    any: the side alone with the most hands won once one has ``hands_won``, or after ``hands``
    hands. Level leaders play another hand (a house reading: the seed names no tie-break)."""
    goal: int | None = options["hands_won"]
    limit: int | None = options["hands"]
    reached = goal is not None and max(won.values()) >= goal
    if not reached and (limit is None or played < limit):
        return None
    leader = sole_leader(won)
    if leader is None:
        notes.append(note("equal hands won: another hand is played"))
    return leader
