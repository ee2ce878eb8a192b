"""Club nights the tests build again and again from docs/club.md §19: the games of case 1's
Wh(8) night with case 21's totals, a table kept in units (cases 25 and 26), the rounds case 3
writes out, and the places cases 22-23 expect, for the rules' tests and the API's alike."""

from __future__ import annotations

from scorekeeper.rules.club.standings.ranking import (
    RoundResults,
    StandingsRules,
    TableResult,
    read_standings_rules,
)
from scorekeeper.rules.games.club_form import ClubForm, partnership_form

#: pinochle-4 with partnerships (docs/club.md §4.1).
FOUR = partnership_form()
#: Eight players P1-P8, as the §19 cases name them.
EIGHT = [(n, f"P{n}") for n in range(1, 9)]


def game(
    table: int,
    ns: tuple[int, int],
    ew: tuple[int, int],
    totals: tuple[int, int],
    *,
    hands: int = 1,
    winner: int | None = None,
) -> TableResult:
    """A four-seat game ``a&c v b&d``: a at N, b at E, c at S, d at W (docs/club.md §3)."""
    (a, c), (b, d) = ns, ew
    return TableResult(table, (a, b, c, d), ((a, c), (b, d)), totals, winner, None, hands)


#: docs/club.md §19 "Standings": rounds 1-3 of case 1 (Wh(8)), round.hands 1, tie "draw".
CASE_21_ROUNDS = (
    RoundResults(
        1,
        "closed",
        (game(1, (1, 6), (4, 7), (640, 510)), game(2, (2, 3), (5, 8), (450, 450))),
        (),
        (),
    ),
    RoundResults(
        2,
        "closed",
        (game(1, (2, 7), (5, 1), (700, 380)), game(2, (3, 4), (6, 8), (520, 610))),
        (),
        (),
    ),
    RoundResults(
        3,
        "closed",
        (game(1, (3, 1), (6, 2), (300, 820)), game(2, (4, 5), (7, 8), (590, 560))),
        (),
        (),
    ),
)


def rules_of(form: ClubForm = FOUR, **given: object) -> StandingsRules:
    """The standings' settings ``given`` as a night's ``standings`` object (docs/club.md §9)."""
    return read_standings_rules(form, given)


def units_table(table: int, seats: tuple[int, ...], units: tuple[int, ...]) -> TableResult:
    """A table kept in units, each for himself, 8 hands (docs/club.md §19 cases 25 and 26)."""
    return TableResult(
        table,
        seats,
        tuple((p,) for p in seats),
        units,
        None,
        dict(zip(seats, units, strict=True)),
        8,
    )


#: docs/club.md §19 case 1: Wh(8)'s seven rounds, as the case writes them.
CASE_1_ROUNDS = (
    "1&6 v 4&7, 2&3 v 5&8",
    "2&7 v 5&1, 3&4 v 6&8",
    "3&1 v 6&2, 4&5 v 7&8",
    "4&2 v 7&3, 5&6 v 1&8",
    "5&3 v 1&4, 6&7 v 2&8",
    "6&4 v 2&5, 7&1 v 3&8",
    "7&5 v 3&6, 1&2 v 4&8",
)
#: docs/club.md §19 case 3: 9 players, 9 rounds over Z3 x Z3, as the case writes them.
CASE_3_ROUNDS = (
    "2&3 v 7&4, 5&9 v 8&6",
    "3&1 v 8&5, 6&7 v 9&4",
    "1&2 v 9&6, 4&8 v 7&5",
    "5&6 v 1&7, 8&3 v 2&9",
    "6&4 v 2&8, 9&1 v 3&7",
    "4&5 v 3&9, 7&2 v 1&8",
    "8&9 v 4&1, 2&6 v 5&3",
    "9&7 v 5&2, 3&4 v 6&1",
    "7&8 v 6&3, 1&5 v 4&2",
)


# The places docs/club.md §19 expects of case 21's night, as (place as shown, player, value).
#: Case 22: wins, tie-breaks points then margin.
CASE_22_PLACES = [
    ("1", 6, "3"),
    ("2", 2, "2.5"),
    ("3", 8, "1.5"),
    ("4", 5, "1.5"),
    ("5", 7, "1"),
    ("6", 4, "1"),
    ("7", 1, "1"),
    ("8", 3, "0.5"),
]
#: Case 23: victory points with ``burraco-4`` (they add up to 240).
CASE_23_PLACES = [
    ("1", 2, "35"),
    ("2", 6, "34"),
    ("3", 7, "31"),
    ("4", 8, "30"),
    ("5", 4, "29"),
    ("6", 5, "28"),
    ("7", 3, "27"),
    ("8", 1, "26"),
]

#: docs/club.md §19 case 25's players, seated in draw order at two tables of four.
CASE_25_NAMES = ["Ana", "Ben", "Cruz", "Dee", "Eve", "Fay", "Gus", "Hal"]
#: Case 25's standings in units, as (place as shown, name, value).
CASE_25_PLACES = [
    ("1", "Ana", "12"),
    ("2", "Hal", "4"),
    ("3=", "Eve", "3"),
    ("3=", "Fay", "3"),
    ("5=", "Ben", "-4"),
    ("5=", "Cruz", "-4"),
    ("5=", "Dee", "-4"),
    ("8", "Gus", "-10"),
]
