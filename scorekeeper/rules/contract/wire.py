"""The match and hand JSON of the API (docs/api.md "Matches", "Hands"), as pure functions of
what the match stores, its replayed state and a ``gettext``.

The server's ``api/routes.py`` calls these and adds what only its database row knows (``id``,
``version``, ``created_at``, ``updated_at`` and the club night's fields, docs/club.md §14);
the phone's engine calls them with the match as the API gave it (docs/phone.md), so both say
the same, in the same words of the same catalog (:mod:`scorekeeper.rules.core.wording`).

What a match stores
-------------------
:class:`StoredMatch` is the match's setup as docs/api.md "Matches" answers it: ``variant``
(its id), ``options`` (the answer's ``rules``: every option explicit), ``players`` in seating
order, ``teams`` as stored (``[{"name", "players"}]``, ``[]`` without partnerships) and
``first_dealer`` (who dealt hand 1). With the state the variant's rules replayed
(:func:`scorekeeper.rules.games.replay.replay`, :func:`scorekeeper.rules.finish` when the table
ended it) and the stored entries, :func:`match_json` is the API's match minus the database's
fields.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from ..core.errors import RuleError, RuleErrors
from ..core.match import FINISHED, HandResult, MatchState, Problem, Setup, Team
from ..core.settle import Settlement
from ..core.wording import Gettext, note_text, rule_message, translate


@dataclass(frozen=True)
class StoredMatch:
    """A match's setup as stored and as docs/api.md "Matches" answers it (module doc)."""

    variant: str
    #: The answer's ``rules``: the options as resolved at creation (docs/rules.md §7).
    options: Mapping[str, Any]
    players: Sequence[str]
    #: ``[{"name": ..., "players": [...]}]`` as stored; ``[]`` without partnerships.
    teams: Sequence[Mapping[str, Any]]
    first_dealer: str

    def setup(self) -> Setup:
        """The rules' :class:`~scorekeeper.rules.core.match.Setup` of the match (its options as
        resolved at creation)."""
        teams = tuple(Team(t["name"], tuple(t["players"])) for t in self.teams)
        return Setup(
            self.variant, dict(self.options), tuple(self.players), teams, self.first_dealer
        )

    @classmethod
    def from_json(cls, match: Mapping[str, Any]) -> StoredMatch:
        """The stored fields of a match JSON as the API answers it (the phone's copy)."""
        return cls(
            match["variant"],
            match["rules"],
            match["players"],
            match["teams"],
            match["first_dealer"],
        )


def match_json(
    stored: StoredMatch,
    state: MatchState,
    gettext: Gettext,
    *,
    inputs: Sequence[Mapping[str, Any]] = (),
    hands: Sequence[Mapping[str, Any]] | bool = True,
) -> dict[str, Any]:
    """A match as docs/api.md "Matches" describes it (plus ``teams``, ``target``, ``active``
    and ``extra``), without the database's fields (module doc). ``first_dealer``: who deals
    hand 1 (``dealer`` deals the next one); ``sitting_out``: :func:`sitting_out`;
    ``problems``: the stored hand the rules refuse now, with its errors as a 422 would give
    them (docs/rules.md §7) and its entry as stored.

    ``inputs``: the stored entries in order (hand *n* is ``inputs[n - 1]``), read only for
    ``problems``: a caller whose state has none may leave them out. ``hands``: ``True`` builds
    every hand with :func:`hand_json`; ``False`` leaves them out (``Prefer: return=minimal``,
    docs/api.md "Hands"); a list is used as it is (the server's hands, built once per
    language and process)."""
    answer: dict[str, Any] = {
        "variant": stored.variant,
        "rules": stored.options,
        "players": list(stored.players),
        "teams": list(stored.teams),
        "sides": list(state.sides),
        "totals": dict(state.totals),
        "kitty": state.kitty,
        "status": state.status,
        "winner": state.winner,
        "standings": list(state.standings),
        "dealer": state.dealer,
        "leader": state.leader,
        "first_dealer": stored.first_dealer,
        "sitting_out": list(sitting_out(stored.players, state)),
        "problems": [
            problem_json(problem, _entry(inputs, problem.hand), gettext)
            for problem in state.problems
        ],
        "active": list(state.active),
        "target": state.target,
        "extra": plain(state.extra),
    }
    if hands is True:
        answer["hands"] = [hand_json(hand, hand.input, gettext) for hand in state.hands]
    elif hands is not False:
        answer["hands"] = list(hands)
    return answer


def _entry(inputs: Sequence[Mapping[str, Any]], number: int) -> Mapping[str, Any]:
    """Stored hand ``number``'s entry; ``{}`` when the caller did not pass it."""
    return inputs[number - 1] if 1 <= number <= len(inputs) else {}


def hand_json(hand: HandResult, entry: Mapping[str, Any], gettext: Gettext) -> dict[str, Any]:
    """One hand (docs/api.md "Matches"): the entry as stored, and what the rules made of it;
    its ``notes`` in ``gettext``'s language."""
    return {
        "number": hand.number,
        "dealer": hand.dealer,
        "input": dict(entry),
        "scores": None if hand.scores is None else dict(hand.scores),
        "payments": None if hand.payments is None else dict(hand.payments),
        "active": list(hand.active),
        "notes": [note_text(note, gettext) for note in hand.notes],
    }


def problem_json(problem: Problem, entry: Mapping[str, Any], gettext: Gettext) -> dict[str, Any]:
    """A stored hand the rules refuse: its number, the errors a 422 would give for it, and
    (beyond docs/api.md) its ``input`` as stored, for a client to offer it for correction."""
    error = problem.error
    return {
        "hand": problem.hand,
        "errors": {error.path or "_": [rule_message(error, gettext)]},
        "input": dict(entry),
    }


def sitting_out(players: Sequence[str], state: MatchState) -> tuple[str, ...]:
    """The players dealt out of the next hand, in seating order (docs/api.md ``sitting_out``):
    the players not in ``state.active`` (auction at 4-6 players, the winner while two play on
    in ``pinochle-3``); none once the match is finished, nor where everybody plays.

    >>> sitting_out(["Ana", "Ben", "Cruz", "Dee"],
    ...             MatchState((), (), {}, active=("Ana", "Cruz", "Dee")))
    ('Ben',)
    """
    if state.status == FINISHED or not state.active:
        return ()
    return tuple(player for player in players if player not in state.active)


def plain(value: Any) -> Any:
    """Rule values as JSON can carry them: mappings with string keys, lists, decimals as
    strings.

    >>> plain({"second": "Ben", "left": (Decimal("2.50"), {1})})
    {'second': 'Ben', 'left': ['2.50', [1]]}
    """
    if isinstance(value, Mapping):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple | set | frozenset):
        return [plain(v) for v in value]
    if isinstance(value, Decimal):
        return str(value)
    return value


def settlement_json(settled: Settlement) -> dict[str, Any]:
    """Who pays whom (docs/api.md ``GET .../settlement``): the kitty, each player's balance in
    units, and the transfers with their amounts to the cent."""
    return {
        "kitty": settled.kitty,
        "balances": dict(settled.balances),
        "transfers": [
            {
                "from": t.payer,
                "to": t.payee,
                "units": t.units,
                "amount": str(Decimal(t.amount).quantize(Decimal("0.01"))),
            }
            for t in settled.transfers
        ],
    }


def rule_errors(error: RuleError, gettext: Gettext) -> dict[str, list[str]]:
    """The ``errors`` of the 422 a refusal of the rules is (docs/api.md "Errors"): each field
    path (``_`` for the whole body) with its messages; several refusals of one body
    (:class:`~scorekeeper.rules.core.errors.RuleErrors`, docs/club.md §19 case 35) name every
    field."""
    errors: dict[str, list[str]] = {}
    for each in error.errors if isinstance(error, RuleErrors) else (error,):
        errors.setdefault(each.path or "_", []).append(rule_message(each, gettext))
    return errors


def refusal_errors(
    template: str, params: Mapping[str, object], gettext: Gettext
) -> dict[str, list[str]]:
    """The ``errors`` of a 404 or 409 (docs/api.md "Errors"): the message, for the whole
    request."""
    return {"_": [translate(template, params, gettext)]}
