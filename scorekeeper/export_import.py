"""A match carried out of and back into the scorekeeper: CSV to read, JSON to import.

The JSON document is the match as stored (its setup and its hands as entered), never its
scores: importing it replays the hands through the rules like any other match, so what an
edited file claims can never disagree with what the rules make of it.

Importing goes through :mod:`scorekeeper.service` (``create_match``, ``add_hand``), the one
place that writes matches. All of it or nothing: the whole document is first replayed by the
rules without touching the database, and if a write still fails half-way the new match is
deleted again.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

from .extensions import db
from .models import Match
from .rules import FINISHED, MatchOverError, MatchState, RuleError, find_variant
from .rules.entry import as_bool, as_list, as_object, check_keys
from .rules.match import kitty_balances, running_totals
from .rules.revisions import revision_1_options, split_carried
from .service import add_hand, create_match, finish_match, state_of

#: What the ``format`` key of an export says, and its ``version``: 2 since rules revision 2
#: (docs/rules.md §7); a file of version 1 was played under revision 1 and imports with that
#: meaning.
FORMAT = "scorekeeper-match"
FORMAT_VERSION = 2
READABLE = (1, 2)
#: The keys of an export; ``finished`` is set when the table ended the match.
DOCUMENT_KEYS = (
    "format",
    "version",
    "variant",
    "players",
    "teams",
    "rules",
    "dealer",
    "hands",
    "finished",
)
#: More hands than any night at a table plays: a larger file is refused, not replayed.
MAX_HANDS = 500


# --- Export ----------------------------------------------------------------------------------


def match_document(match: Match) -> dict[str, Any]:
    """The match as a JSON-ready document that :func:`import_match` takes back."""
    return {
        "format": FORMAT,
        "version": FORMAT_VERSION,
        "variant": match.variant,
        "players": list(match.players),
        "teams": [dict(team) for team in match.teams],
        "rules": dict(match.options),
        "dealer": match.first_dealer,
        "hands": [dict(hand.input) for hand in match.hands],
        "finished": bool(match.finished),
    }


def match_csv(match: Match, state: MatchState, summary: Callable[[Mapping[str, Any]], str]) -> str:
    """One row per hand: number, dealer, what was entered (``summary`` of it and the entry
    itself as JSON), every side's score in that hand, then every side's total after it. A
    stored hand the rules refuse now, and those after it, have their row with no numbers
    (``state.problems``, docs/rules.md §7).

    Headings are English and fixed, so that a spreadsheet made from one export reads the next.
    """
    sides = list(state.sides)
    units = any(hand.payments is not None for hand in state.hands)
    kitty = state.kitty is not None
    heading = ["hand", "dealer", "summary", "input"]
    heading += [f"{side} {'units' if units else 'score'}" for side in sides]
    heading += ["kitty units"] if kitty else []
    heading += [f"{side} total" for side in sides]
    heading += ["kitty total"] if kitty else []
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow([_cell(text) for text in heading])
    kitty_after = kitty_balances(state) if kitty else [0] * len(state.hands)
    for hand, after, kitty_total in zip(
        state.hands, running_totals(state)[1:], kitty_after, strict=True
    ):
        numbers = hand.scores if hand.scores is not None else (hand.payments or {})
        row: list[Any] = [
            hand.number,
            _cell(hand.dealer),
            _cell(summary(hand.input)),
            _cell(json.dumps(hand.input, ensure_ascii=False, separators=(",", ":"))),
        ]
        row += [numbers.get(side, "") for side in sides]
        if kitty:
            row.append((hand.payments or {}).get("kitty", 0))
        row += [after[side] for side in sides]
        if kitty:
            row.append(kitty_total)
        writer.writerow(row)
    # Stored hands the rules refuse now (docs/rules.md §7): the replay stopped before the
    # first; they are listed as entered, with no scores (the dealer of the first is known).
    numbers_width = (len(sides) + int(kitty)) * 2
    for stored in match.hands[len(state.hands) :]:
        dealer = state.dealer if stored.number == len(state.hands) + 1 else ""
        writer.writerow(
            [
                stored.number,
                _cell(dealer),
                _cell(summary(stored.input)),
                _cell(json.dumps(stored.input, ensure_ascii=False, separators=(",", ":"))),
                *[""] * numbers_width,
            ]
        )
    return out.getvalue()


def _cell(text: str) -> str:
    """Text a spreadsheet will not run as a formula (a name such as ``=HYPERLINK(...)``)."""
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text


# --- Import ----------------------------------------------------------------------------------


def read_document(text: str | bytes) -> dict[str, Any]:
    """The export in ``text``, its shape checked (:class:`RuleError` naming what is wrong);
    the rules check the rest when it is imported."""
    try:
        # A byte-order mark, as some editors save one, is no reason to refuse a file.
        if isinstance(text, bytes):
            text = text.decode("utf-8-sig")
        document = json.loads(text.removeprefix("\ufeff"), parse_constant=_refuse_constant)
    except (ValueError, RecursionError):
        raise RuleError("_", "this is not a JSON file", code="not_json") from None
    document = dict(as_object(document, "_"))
    check_keys(document, DOCUMENT_KEYS, required=("format", "version", "variant", "hands"))
    version = document["version"]
    if document["format"] != FORMAT or type(version) is not int or version not in READABLE:
        raise RuleError(
            "format",
            "this is not a scorekeeper match export (format {format}, version {version})",
            code="bad_format",
            format=FORMAT,
            version=FORMAT_VERSION,
        )
    hands = as_list(document["hands"], "hands")
    if len(hands) > MAX_HANDS:
        raise RuleError(
            "hands", "a match has at most {most} hands", code="too_many_hands", most=MAX_HANDS
        )
    for i, hand in enumerate(hands):
        as_object(hand, f"hands[{i}]")
    as_bool(document.get("finished", False), "finished")
    return document


def import_match(document: Mapping[str, Any]) -> tuple[Match, str]:
    """Create a new match from an export (see :func:`read_document`) and its edit token.

    :class:`RuleError` if the rules refuse the setup or any hand (a hand's path starts with
    its place in the file: ``hands[2].bid``); nothing is stored then.
    """
    variant = find_variant(document["variant"])
    rules = _rules_as_played(document)
    chosen, carried = split_carried(rules) if isinstance(rules, Mapping) else (rules, {})
    seating = (document.get("players"), document.get("teams"), chosen, document.get("dealer"))
    setup = variant.setup(*seating)
    # What only a match carried from an earlier release holds (six_seating) is kept as it was.
    setup = replace(setup, options={**setup.options, **carried})
    hands = [dict(hand) for hand in document["hands"]]
    # Replay it all before writing anything: a refused hand stores nothing at all.
    try:
        variant.play(setup, hands)
    except MatchOverError as over:
        raise RuleError(
            f"hands[{over.hand - 1}]", "the match was over before this hand", code="match_over"
        ) from over
    except RuleError as error:
        if error.hand is None:
            raise
        raise error.under(f"hands[{error.hand - 1}]") from error
    match, token = create_match(document["variant"], *seating, carried=carried)
    try:
        for hand in hands:
            add_hand(match.public_id, token, hand)
        if document.get("finished") and hands and state_of(match).status != FINISHED:
            finish_match(match.public_id, token)
    except BaseException:
        _discard(match)
        raise
    return match, token


def _rules_as_played(document: Mapping[str, Any]) -> Any:
    """The document's options with the meaning they were played under: a file of export format
    1 was written under rules revision 1, whose meanings revision 2 spells out
    (docs/rules.md §7)."""
    rules = document.get("rules")
    players = document.get("players")
    if document["version"] == 1 and isinstance(rules, Mapping) and isinstance(players, list):
        return revision_1_options(str(document["variant"]), rules, len(players))
    return rules


def _discard(match: Match) -> None:
    """Delete a match whose import failed half-way (its hands go with it)."""
    db.session.rollback()
    stale = db.session.get(Match, match.id)
    if stale is not None:
        db.session.delete(stale)
        db.session.commit()


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")
