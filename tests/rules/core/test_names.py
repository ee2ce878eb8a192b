"""Player and team names of a new match (docs/rules.md §5: "Player names are trimmed, inner runs
of white space made one space, and normalised (Unicode NFC), 1-40 characters ...")."""

from __future__ import annotations

from typing import Any

import pytest

from scorekeeper.rules import RuleError, find_variant
from scorekeeper.rules.core.match import Setup
from scorekeeper.rules.core.names import name_key, read_name


def seat(players: list[Any], **more: Any) -> Setup:
    variant = find_variant("pinochle-4" if len(players) == 4 else "pinochle-3")
    return variant.setup(players, **more)


def refused(players: list[Any], **more: Any) -> RuleError:
    with pytest.raises(RuleError) as caught:
        seat(players, **more)
    return caught.value


@pytest.mark.parametrize(
    ("given", "stored"),
    [
        # docs/rules.md §5: "trimmed, inner runs of white space made one space".
        ("  Ana  ", "Ana"),
        ("Ana   María", "Ana María"),
        ("Ana\u00a0\u00a0María", "Ana María"),  # no-break spaces are white space too
        ("Ana\n", "Ana"),  # trimmed
        # "normalised (Unicode NFC)": e + combining acute is é.
        ("Jose\u0301", "Jos\u00e9"),
        # "except the zero-width joiner and non-joiner that some scripts and emoji need".
        ("\U0001f468\u200d\U0001f469", "\U0001f468\u200d\U0001f469"),
        ("\u0645\u200c\u06cc", "\u0645\u200c\u06cc"),
        # "1-40 characters".
        ("A", "A"),
        ("x" * 40, "x" * 40),
    ],
)
def test_names_read(given: str, stored: str) -> None:
    assert read_name(given, "players[0]") == stored
    assert seat([given, "Zed", "Yan"]).players[0] == stored


@pytest.mark.parametrize(
    "given",
    [
        # "1-40 characters".
        "",
        "   ",
        "x" * 41,
        # "Refused, naming the field: control characters (Cc)".
        "Ana\tMaría",
        "Ana\x00",
        "Ana\x1bB",
        # "format characters (Cf: bidirectional controls, zero-width space, BOM ...)".
        "\u202eAna",
        "Ana\u200bB",
        "\ufeffAna",
        "Ana\u2066B",
        # "and line or paragraph separators".
        "Ana\u2028B",
        "Ana\u2029B",
        # Not a string.
        12,
    ],
)
def test_names_refused(given: Any) -> None:
    error = refused(["Zed", given, "Yan"])
    assert error.path == "players[1]"


@pytest.mark.parametrize(
    ("first", "second"),
    [
        # "Names must be distinct when compared casefolded, NFKC-normalised, with joiners
        # removed."
        ("Ana", "ana"),
        ("Ana", "ＡＮＡ"),  # fullwidth letters: NFKC
        ("Ana", "An\u200da"),
        ("Straße", "STRASSE"),  # casefolded
        ("Jos\u00e9", "Jose\u0301"),
        ("Ana María", " ana  maría "),
        ("ﬁona", "Fiona"),  # the ligature ﬁ is f + i under NFKC
    ],
)
def test_names_must_be_distinct(first: str, second: str) -> None:
    assert name_key(read_name(first, "a")) == name_key(read_name(second, "b"))
    error = refused([first, "Zed", second])
    assert (error.path, error.code) == ("players[2]", "duplicate_name")


def test_distinct_names_stand() -> None:
    assert seat(["Ana", "Anna", "Ána"]).players == ("Ana", "Anna", "Ána")


TEAMS = [
    {"name": "Norte", "players": ["Ana", "Cruz"]},
    {"name": "Sur", "players": ["Ben", "Dee"]},
]


def test_team_names_read_likewise() -> None:
    # "Team names likewise": trimmed, white space made one, NFC.
    teams = [{**TEAMS[0], "name": "  Los   Nortes "}, TEAMS[1]]
    match = seat(["Ana", "Ben", "Cruz", "Dee"], teams=teams)
    assert [team.name for team in match.teams] == ["Los Nortes", "Sur"]


@pytest.mark.parametrize(
    ("teams", "path"),
    [
        ([{**TEAMS[0], "name": "Sur\u200b"}, TEAMS[1]], "teams[0].name"),
        ([TEAMS[0], {**TEAMS[1], "name": "NORTE"}], "teams[1]"),
        ([TEAMS[0], {**TEAMS[1], "name": "Ｎｏｒｔｅ"}], "teams[1]"),
        # "and distinct from the player names".
        ([{**TEAMS[0], "name": "ANA"}, TEAMS[1]], "teams[0].name"),
        ([TEAMS[0], {**TEAMS[1], "name": "De\u200de"}], "teams[1].name"),
    ],
)
def test_team_names_refused(teams: list[dict[str, Any]], path: str) -> None:
    assert refused(["Ana", "Ben", "Cruz", "Dee"], teams=teams).path == path


def test_dealer_and_team_members_are_read_as_names() -> None:
    teams = [{"name": "Norte", "players": [" Ana ", "Cruz"]}, TEAMS[1]]
    match = seat(["Ana", "Ben", "Cruz", "Dee"], teams=teams, dealer="  Ben ")
    assert match.first_dealer == "Ben"
    assert match.teams[0].players == ("Ana", "Cruz")


def test_stored_names_are_kept() -> None:
    # "Names stored before these rules are kept as they were": a stored match is not read again.
    stored = Setup("pinochle-3", {"target": 1000}, ("Ana\u200b", "ana", "Ben"))
    state = find_variant("pinochle-3").play(stored, [])
    assert state.sides == ("Ana\u200b", "ana", "Ben")
