"""A match carried out of and back into the scorekeeper: CSV to read, JSON to import.

The JSON document is the match as stored (its setup and its hands as entered), never its
scores: importing it replays the hands through the rules like any other match, so what an
edited file claims can never disagree with what the rules make of it.

Importing goes through :mod:`scorekeeper.service` (``create_match``), the one place that
writes matches. All of it or nothing: the whole document is replayed once by the rules without
touching the database, then the match and its hands are stored in one transaction.
"""

from __future__ import annotations

import csv
import io
import json
import re
from collections.abc import Callable, Mapping
from typing import Any

from .models import Match
from .rules import MatchOverError, MatchState, RuleError, find_variant
from .rules.core.facts import HandFacts
from .rules.core.kitty import kitty_balances
from .rules.core.match import running_totals
from .rules.core.readers import as_bool, as_list, as_object, check_keys
from .rules.games.revisions import revision_1_options, split_carried
from .service import MAX_HANDS as SERVICE_MAX_HANDS
from .service import GroupPlace, create_match

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
#: More hands than any night at a table plays: a larger file is refused, not replayed (the
#: limit of every match, docs/api.md "Limits").
MAX_HANDS = SERVICE_MAX_HANDS


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


def match_csv(match: Match, state: MatchState, summary: Callable[[HandFacts], str]) -> str:
    """One row per hand: number, dealer, what was entered (``summary`` of the hand's facts,
    which the rules wrote, and the entry itself as JSON), every side's score in that hand,
    then every side's total after it. A stored hand the rules refuse now, and those after it,
    have their row with no numbers (``state.problems``, docs/rules.md §7), and the line the
    form still reads in them (``Variant.describe``).

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
    # Text quoted, numbers bare: a separator inside a name never splits its cell, and the
    # scores stay numbers (they are ints, never passed through _cell).
    writer = csv.writer(out, lineterminator="\r\n", quoting=csv.QUOTE_NONNUMERIC)
    writer.writerow([_cell(text) for text in heading])
    kitty_after = kitty_balances(state) if kitty else [0] * len(state.hands)
    for hand, after, kitty_total in zip(
        state.hands, running_totals(state)[1:], kitty_after, strict=True
    ):
        numbers = hand.scores if hand.scores is not None else (hand.payments or {})
        row: list[Any] = [
            hand.number,
            _cell(hand.dealer),
            _cell(summary(hand.facts)),
            _json_cell(hand.input),
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
    variant = find_variant(match.variant)
    for stored in match.hands[len(state.hands) :]:
        dealer = state.dealer if stored.number == len(state.hands) + 1 else ""
        writer.writerow(
            [
                stored.number,
                _cell(dealer),
                _cell(summary(variant.describe(stored.input))),
                _json_cell(stored.input),
                *[""] * numbers_width,
            ]
        )
    return out.getvalue()


#: What starts a formula in a spreadsheet cell: ``=``, ``+``, ``-``, ``@``, tab, CR, and their
#: full-width forms, which some spreadsheets read as the ASCII ones.
_TRIGGER = "[=+\\-@\t\r\uff1d\uff0b\uff0d\uff20]"
#: What may stand before it and still leave it first in the cell: spaces (a spreadsheet may trim
#: them) and double quotes (they may open a quoted cell).
_PAD = '[ \u00a0"]*'
#: A formula trigger at the start of the text or after a separator some spreadsheet splits on:
#: ``,``, ``;``, tab, a line break. OWASP "CSV Injection": the cell's start is not enough;
#: ``;=2+5;`` starts a formula in a spreadsheet that splits on ``;``.
FORMULA = re.compile(f"(?:\\A|[,;\t\r\n]){_PAD}{_TRIGGER}")
#: A separator, other than the file's own comma, that is followed by a formula trigger. A
#: spreadsheet that splits on ``;`` or tab (es/it/ru locales) reads this comma-separated file
#: with every comma and quote inside its cells: a quote opens a cell only at the start of one,
#: so quoting cannot keep such a separator inside our cell, and a line break ends its row.
_SPLIT_FORMULA = re.compile(f"([;\t\r\n])(?={_PAD}{_TRIGGER})")


def _cell(text: str) -> str:
    """Text no spreadsheet runs as a formula, whatever separator it splits on.

    The writer quotes every text cell (``QUOTE_NONNUMERIC``), so a spreadsheet that splits on
    commas keeps it one cell. When a formula could start in it (:data:`FORMULA`), the cell
    starts with an apostrophe, which makes it text, and so does each part a ``;``, tab or line
    break would cut it into (:data:`_SPLIT_FORMULA`): ``;=2+5;`` is written ``';'=2+5;``.
    Numbers never come here: a negative score stays a number."""
    if not FORMULA.search(text):
        return text
    return "'" + _SPLIT_FORMULA.sub(r"\1'", text)


def _json_cell(entry: Mapping[str, Any]) -> str:
    """A hand as entered, as the JSON text of its cell: exact (``json.loads`` reads it back),
    and a cell no spreadsheet runs. It starts with ``{``; JSON already escapes tabs and line
    breaks, and ``;`` is written ``\\u003b``, so no ``;``/tab spreadsheet cuts it; a comma
    one keeps it whole (quoted), so a ``,-5`` inside it starts nothing."""
    text = json.dumps(entry, ensure_ascii=False, separators=(",", ":")).replace(";", "\\u003b")
    return text if text.startswith("{") else _cell(text)


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
    return check_document(document)


def check_document(parsed: object) -> dict[str, Any]:
    """An export already read from its JSON (the API's body), its shape checked as
    :func:`read_document` checks a file's."""
    document = dict(as_object(parsed, "_"))
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


def import_match(
    document: Mapping[str, Any], *, group: GroupPlace | None = None
) -> tuple[Match, str]:
    """Create a new match from an export (see :func:`read_document`) and its edit token;
    ``group``: the group it is played in, in the same transaction.

    :class:`RuleError` if the rules refuse the setup or any hand (a hand's path starts with
    its place in the file: ``hands[2].bid``); nothing is stored then. The hands are replayed
    once and stored with the match in one transaction (:func:`~scorekeeper.service.create_match`).
    """
    rules = _rules_as_played(document)
    chosen, carried = split_carried(rules) if isinstance(rules, Mapping) else (rules, {})
    seating = (document.get("players"), document.get("teams"), chosen, document.get("dealer"))
    try:
        # What only a match carried from an earlier release holds (six_seating) is kept as it was.
        return create_match(
            document["variant"],
            *seating,
            carried=carried,
            hands=[dict(hand) for hand in document["hands"]],
            finished=bool(document.get("finished")),
            group=group,
        )
    except MatchOverError as over:
        raise RuleError(
            f"hands[{over.hand - 1}]", "the match was over before this hand", code="match_over"
        ) from over
    except RuleError as error:
        if error.hand is None:
            raise
        raise error.under(f"hands[{error.hand - 1}]") from error


def _rules_as_played(document: Mapping[str, Any]) -> Any:
    """The document's options with the meaning they were played under: a file of export format
    1 was written under rules revision 1, whose meanings revision 2 spells out
    (docs/rules.md §7)."""
    rules = document.get("rules")
    players = document.get("players")
    if document["version"] == 1 and isinstance(rules, Mapping) and isinstance(players, list):
        return revision_1_options(str(document["variant"]), rules, len(players))
    return rules


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")
