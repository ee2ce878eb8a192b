"""The next hand as the rules would count it, before it is saved (issue 26, item 4): the hand
form's preview. Checked and replayed as :func:`.matches.add_hand` does, and nothing stored:
no write, no transaction, no version, and the replay is not put in the replay cache.

Each preview is counted by the hands it replays, and a long one runs in a slot of the process,
its connection given back first (:mod:`.replay_work`): a phone previewing hand 1 of its own
1,000-hand match at every pause holds up no other table."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..rules import HandResult, MatchOverError
from ..rules.contract import writes
from ..rules.core.match import Setup
from ..rules.games.registry import find_variant
from .outcomes import Conflict, write_refusals
from .reading import check_token, get_match
from .replay_work import counted, releasing
from .replaying import CachedReplays, decision_inputs, setup_of, stored_inputs
from .writing import release_reads


def preview_hand(
    public_id: str, token: str | None, entry: Mapping[str, Any]
) -> tuple[HandResult, Setup]:
    """The hand ``entry`` would be if it were added now, and the match's setup.

    Refused as an add would be (:func:`scorekeeper.rules.contract.writes.add_hand`, but for a club
    night's limits): :class:`~.outcomes.NotFound`, :class:`~.outcomes.Unauthorized` (the same
    secrets a save needs), :class:`Conflict` (the match over, a stored hand the rules now
    refuse, the most hands), :class:`RuleError` (the entry). The cost is one replay resumed
    from the cache's last checkpoint, as a save's."""
    match = get_match(public_id)
    check_token(match, token)
    # Counted (a spent budget refuses before the hands are read), replayed unconnected.
    with counted(public_id):
        variant, setup, inputs, finished = decision_inputs(match)
        with write_refusals(), releasing(release_reads):
            replays = CachedReplays(match)
            decided = writes.add_hand(variant, setup, inputs, finished, entry, replays)
    return decided.state.hands[-1], setup


def preview_correction(
    public_id: str, token: str | None, number: int, entry: Mapping[str, Any]
) -> tuple[HandResult, Setup]:
    """Hand ``number`` as it would count corrected to ``entry``, and the match's setup; the
    same secrets as a save. Any refusal (of the entry, or of a later hand it no longer fits)
    is raised as the rules or :func:`.matches.replace_hand` word it; nothing is stored."""
    match = get_match(public_id)
    check_token(match, token)
    with counted(public_id):  # a spent budget refuses before the hands are read
        inputs = list(stored_inputs(match))
        with write_refusals():
            writes.check_number(number, len(inputs))
        setup = setup_of(match)
        find_variant(match.variant).check_typed(setup, entry)
        inputs[number - 1] = dict(entry)
        try:
            with releasing(release_reads):
                state = CachedReplays(match).strict(inputs, finished=match.finished).state
        except MatchOverError as refusal:
            raise Conflict("the match is over: no more hands can be added") from refusal
    return state.hands[number - 1], setup
