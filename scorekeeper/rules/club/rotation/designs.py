"""The stored perfect schedules of a club night (docs/club.md Appendix A, Appendix B, §4.3).

Every design here is given in *design positions* 1..n (the draw maps them to players,
docs/club.md §3) and developed into rounds of tables, players in seat order. A partnership
table (a, b, c, d) seats a at N, b at E, c at S, d at W: partners a & c and b & d.

:func:`design_of` finds the stored design for a night's count at a form's tables, if there is
one; :func:`table_sizes` gives the tables of a round (docs/club.md §4.3), which a design of
several tables must match and the heuristic fills.

>>> whist(8)[0]
((1, 4, 6, 7), (2, 5, 3, 8))
>>> len(whist(13)), whist(13)[0][0]
(13, (2, 6, 11, 8))
>>> circle(7)[0]
((2, 7), (3, 6), (4, 5))
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from typing import Final

from ...games.club_form import ClubForm

#: A developed design: rounds of tables of design positions, in seat order.
Rounds = tuple[tuple[tuple[int, ...], ...], ...]

#: The point at infinity of a design over Z_N ∪ {∞}.
INF: Final = -1

#: docs/club.md Appendix A: v -> the starter tables (a, b, c, d) over Z_N (∪ {∞} when v ≡ 0
#: mod 4, N = v - 1; N = v when v ≡ 1 mod 4). Every row exactly as listed there.
WHIST_STARTERS: Final[dict[int, tuple[tuple[int, int, int, int], ...]]] = {
    4: ((0, 2, 1, INF),),
    5: ((1, 2, 4, 3),),
    8: ((0, 3, 5, 6), (1, 4, 2, INF)),
    12: ((0, 2, 9, 3), (1, 6, 7, 10), (4, 5, INF, 8)),
    13: ((1, 5, 10, 7), (2, 3, 8, 4), (6, 9, 11, 12)),
    16: ((0, 11, 2, 12), (1, 14, 6, INF), (3, 7, 9, 10), (4, 5, 8, 13)),
    17: ((1, 11, 3, 16), (2, 13, 10, 14), (4, 6, 7, 12), (5, 8, 9, 15)),
    20: ((0, 12, 10, 15), (1, 4, 2, 9), (3, 14, 5, 18), (6, 7, 13, INF), (8, 11, 16, 17)),
    21: ((1, 13, 11, 16), (2, 4, 8, 20), (3, 7, 15, 14), (5, 6, 9, 19), (10, 17, 12, 18)),
    24: (
        (0, 22, 21, INF),
        (1, 6, 14, 17),
        (2, 15, 5, 19),
        (3, 10, 12, 18),
        (4, 8, 20, 9),
        (7, 11, 13, 16),
    ),
    25: (
        (1, 23, 22, 24),
        (2, 11, 15, 19),
        (3, 14, 9, 21),
        (4, 10, 13, 20),
        (5, 16, 8, 18),
        (6, 7, 17, 12),
    ),
    28: (
        (0, 15, 4, 18),
        (1, 5, 16, 25),
        (2, 3, 24, 22),
        (6, 13, 19, 14),
        (7, 9, 23, 26),
        (8, 20, 10, INF),
        (11, 12, 17, 21),
    ),
    29: (
        (1, 16, 5, 19),
        (2, 26, 17, 27),
        (3, 4, 25, 9),
        (6, 7, 14, 23),
        (8, 11, 18, 20),
        (10, 13, 21, 15),
        (12, 22, 24, 28),
    ),
    32: (
        (0, 11, 4, 20),
        (1, 7, 29, 13),
        (2, 3, INF, 16),
        (5, 17, 12, 22),
        (6, 14, 21, 24),
        (8, 10, 19, 18),
        (9, 15, 23, 27),
        (25, 28, 26, 30),
    ),
    33: (
        (1, 19, 30, 28),
        (2, 4, 5, 14),
        (3, 8, 31, 10),
        (6, 17, 26, 23),
        (7, 21, 18, 22),
        (9, 15, 25, 29),
        (11, 16, 32, 24),
        (12, 13, 27, 20),
    ),
}

#: docs/club.md Appendix A, 9 players over Z3 × Z3: the starter tables of elements (x, y).
WHIST_9: Final = (((0, 1), (2, 0), (0, 2), (1, 0)), ((1, 1), (2, 1), (2, 2), (1, 2)))

#: The player counts with a whist design (docs/club.md §4.2).
WHIST_SIZES: Final = tuple(sorted((*WHIST_STARTERS, 9)))

#: docs/club.md Appendix B (and §19 case 12): AG(2,3), 9 players, tables of 3.
AG_2_3: Final[Rounds] = (
    ((1, 2, 3), (4, 5, 6), (7, 8, 9)),
    ((1, 4, 7), (2, 5, 8), (3, 6, 9)),
    ((1, 5, 9), (2, 6, 7), (3, 4, 8)),
    ((1, 6, 8), (2, 4, 9), (3, 5, 7)),
)


def _letters(rows: tuple[str, ...]) -> Rounds:
    """Rounds written in letters (A is position 1) as Appendix B writes them."""
    return tuple(
        tuple(tuple(ord(ch) - ord("A") + 1 for ch in table) for table in row.split())
        for row in rows
    )


#: docs/club.md Appendix B: Kirkman's schoolgirls, Solution I; 15 players, tables of 3.
KTS_15: Final = _letters(
    (
        "ABC DEF GHI JKL MNO",
        "ADG BEH CJM FKN ILO",
        "AEO BIJ CDN FHL GKM",
        "AIM BDL CEK FGO HJN",
        "AFJ BKO CGL DHM EIN",
        "AHK BGN CFI DJO ELM",
        "ALN BFM CHO DIK EGJ",
    )
)

#: docs/club.md Appendix B: the lines of the affine plane of order 4; 16 players, tables of 4.
AG_2_4: Final = _letters(
    (
        "AEIM BFJN CGKO DHLP",
        "AFKP BELO CHIN DGJM",
        "AGLN BHKM CEJP DFIO",
        "AHJO BGIP CFLM DEKN",
        "ABCD EFGH IJKL MNOP",
    )
)


def whist_length(players: int) -> int | None:
    """The rounds of Wh(n) (n − 1 for n ≡ 0 mod 4, n for n ≡ 1 mod 4), None without one.

    >>> whist_length(8), whist_length(9), whist_length(10)
    (7, 9, None)
    """
    if players not in WHIST_SIZES:
        return None
    return players - 1 if players % 4 == 0 else players


def whist(players: int) -> Rounds:
    """Every round of Wh(``players``), developed by Appendix A's rule, in design positions.

    For v = 4m the residues are 0..v − 2 and ∞, position p is residue p − 1 (p < v) and
    position v is ∞; for v = 4m + 1 position p is residue p − 1 and round j leaves out
    position j. Round j adds j − 1 to every residue (∞ stays).
    """
    if players == 9:
        return _whist_9()
    starters = WHIST_STARTERS[players]
    modulus = players - 1 if players % 4 == 0 else players
    rounds = []
    for j in range(modulus):
        rounds.append(
            tuple(
                tuple(players if x == INF else (x + j) % modulus + 1 for x in table)
                for table in starters
            )
        )
    return tuple(rounds)


def _whist_9() -> Rounds:
    """Wh(9) over Z3 × Z3: element (x, y) is position 3x + y + 1; round j adds
    (⌊(j − 1)/3⌋, (j − 1) mod 3)."""
    rounds = []
    for j in range(9):
        gx, gy = divmod(j, 3)
        rounds.append(
            tuple(
                tuple(3 * ((x + gx) % 3) + (y + gy) % 3 + 1 for x, y in table) for table in WHIST_9
            )
        )
    return tuple(rounds)


def circle(players: int) -> Rounds:
    """The circle method of docs/club.md §4.3 for ``players`` (2 or more) heads-up, exactly:
    P = n (even) or n + 1 (odd, the phantom), m = P − 1; in round r position P plays r and
    for i = 1..(m − 1)/2 position ((r + i − 1) mod m) + 1 plays ((r − i − 1) mod m) + 1. With
    n odd the phantom's game is the bye (player r). The game with position P comes first.

    >>> circle(4)
    (((1, 4), (2, 3)), ((2, 4), (3, 1)), ((3, 4), (1, 2)))
    """
    top = players if players % 2 == 0 else players + 1
    m = top - 1
    rounds = []
    for r in range(1, m + 1):
        games: list[tuple[int, ...]] = []
        if top == players:
            games.append((r, top))
        for i in range(1, (m - 1) // 2 + 1):
            games.append((((r + i - 1) % m) + 1, ((r - i - 1) % m) + 1))
        rounds.append(tuple(games))
    return tuple(rounds)


# --- The design for a night -------------------------------------------------------------------


def table_sizes(form: ClubForm, n: int) -> tuple[int, ...]:
    """The tables of a round of ``n`` players (docs/club.md §4.3), largest first: the count
    t that minimises the sit-outs, then |n/t − k|, then t; sizes as even as possible.

    >>> from scorekeeper.rules.games.club_form import individual_form, partnership_form
    >>> auction = individual_form(3, 6, 4)
    >>> [table_sizes(auction, n) for n in (10, 13, 7, 14)]
    [(4, 3, 3), (5, 4, 4), (4, 3), (4, 4, 3, 3)]
    >>> table_sizes(partnership_form(), 10), table_sizes(individual_form(2), 7)
    ((4, 4), (2, 2, 2))
    """
    lo, hi, k = form.seats_lo, form.seats_hi, form.preferred
    options = [(n - min(n, t * hi), abs(Fraction(n, t) - k), t) for t in range(1, n // lo + 1)]
    if not options:
        return ()
    out, _, count = min(options)
    seated = n - out
    small, extra = divmod(seated, count)
    return tuple(small + 1 if i < extra else small for i in range(count))


@lru_cache(maxsize=64)
def _whist(n: int) -> Rounds:
    return whist(n)


def design_of(form: ClubForm, n: int) -> tuple[str, int, Rounds, bool] | None:
    """The stored design for ``n`` players at this form's tables, if any: its name, its
    length, its rounds (design positions) and whether it repeats beyond its length (the
    circle method, §4.3).

    >>> from scorekeeper.rules.games.club_form import individual_form
    >>> design_of(individual_form(3), 9)[:2], design_of(individual_form(2), 7)[:2]
    (('AG(2,3)', 4), ('round-robin', 7))
    """
    if form.partnerships:
        if n in WHIST_SIZES:
            return f"Wh({n})", n - 1 if n % 4 == 0 else n, _whist(n), False
        return None
    if form.seats_lo == form.seats_hi == 2:
        if n < 2:
            return None
        rounds = _circle(n)
        return "round-robin", len(rounds), rounds, True
    sizes = table_sizes(form, n)
    for name, count, seats, rounds in (
        ("AG(2,3)", 9, 3, AG_2_3),
        ("KTS(15)", 15, 3, KTS_15),
        ("AG(2,4)", 16, 4, AG_2_4),
    ):
        if n == count and sizes == (seats,) * (count // seats):
            return name, len(rounds), rounds, False
    return None


@lru_cache(maxsize=64)
def _circle(n: int) -> Rounds:
    return circle(n)
