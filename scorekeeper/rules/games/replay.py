"""The lenient replay: a match whose stored hands the current rules refuse is shown as it stood
before the first refused hand, with that hand reported as a problem (docs/rules.md §7).

A match is stored as its setup and its hands as entered and replayed on every read. A release
whose rules refuse more than the one that stored a hand (an impossible trick split, a hand
entered after a match that now ends earlier) must not make a page or an API read fail:
:func:`replay` gives the match up to the hand before the refused one, with
``MatchState.problems`` naming it. Writes replay strictly (``Variant.play``): a new entry the
rules refuse is refused, and nothing is stored.

>>> from .registry import find_variant
>>> variant = find_variant("pinochle-2")
>>> setup = variant.setup(["Ana", "Ben"])
>>> good = {"meld": {"Ana": 0, "Ben": 0}, "tricks": {"Ana": 130, "Ben": 120}}
>>> bad = {"meld": {"Ana": 0, "Ben": 0}, "tricks": {"Ana": 130, "Ben": 121}}
>>> state = replay(variant, setup, [good, bad, good])
>>> len(state.hands), dict(state.totals)
(1, {'Ana': 130, 'Ben': 120})
>>> [(problem.hand, problem.error.path) for problem in state.problems]
[(2, 'tricks')]
>>> replay(variant, setup, [good]).problems
()
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from ..core.errors import MatchOverError, RuleError
from ..core.match import MatchState, Problem, Setup
from .registry import Variant

#: The refusal of a stored hand that comes after the match had ended (the same words as an
#: import of such a file gets).
MATCH_OVER = "the match was over before this hand"


def replay(variant: Variant, setup: Setup, hands: Sequence[Mapping[str, Any]]) -> MatchState:
    """Every stored hand replayed by ``variant``'s rules; if they refuse hand N, the match as it
    stood after hands 1..N-1 with ``problems=(Problem(N, refusal),)``.

    A setup the rules refuse before any hand (no hand to blame) is still raised: there is no
    match to show. Anything but a :class:`RuleError` or a
    :class:`~scorekeeper.rules.core.errors.MatchOverError` is a bug and is raised too.
    """
    entries = [dict(hand) for hand in hands]
    try:
        return variant.play(setup, entries)
    except (RuleError, MatchOverError) as refusal:
        problem = problem_of(refusal, len(entries))
        if problem is None:
            problem = _first_refused(variant, setup, entries, refusal)
    before = replay(variant, setup, entries[: problem.hand - 1])
    if before.problems:  # the rules refused an earlier hand on a second look: report that one
        return before
    return replace(before, problems=(problem,))


def problem_of(refusal: RuleError | MatchOverError, count: int) -> Problem | None:
    """The stored hand a refusal of a replay of ``count`` hands concerns, as a
    :class:`Problem`; ``None`` when it names no hand among them."""
    if isinstance(refusal, MatchOverError):
        error = RuleError("_", MATCH_OVER, code="match_over")
        error.hand = refusal.hand
        number: int | None = refusal.hand
    else:
        error, number = refusal, refusal.hand
    if number is None or not 1 <= number <= count:
        return None
    return Problem(number, error)


def _first_refused(
    variant: Variant,
    setup: Setup,
    entries: Sequence[Mapping[str, Any]],
    refusal: RuleError | MatchOverError,
) -> Problem:
    """The first hand whose replay fails, for a refusal that names no hand: the shortest
    failing run of hands ends with it. Raises ``refusal`` when the setup alone fails."""
    for count in range(len(entries) + 1):
        try:
            variant.play(setup, list(entries[:count]))
        except (RuleError, MatchOverError) as failed:
            if count == 0:
                raise refusal from failed
            error = (
                failed
                if isinstance(failed, RuleError)
                else RuleError("_", MATCH_OVER, code="match_over")
            )
            error.hand = count
            return Problem(count, error)
    raise refusal  # every run of hands replays now: the rules are not deterministic
