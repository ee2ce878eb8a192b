"""Table numbers and seat turns that keep players in place (docs/club.md §3).

From round 2 on a round's tables are numbered so that the most players sit at the same table
number as in the previous round, ties to the smallest list of numbers in the generator's
table order; then each table is turned so that the most players keep last round's seat there.

The numbering is an assignment problem: the Hungarian method on costs that put the walkers
first and the lexicographic tie-break after (a table's number j, 0-based, costs j × T^(T−1−i)
at the generator's i-th table: distinct digits of one base-T number, below any player kept).
Tables keep their sizes' order (larger first, docs/club.md §4.3): a table takes only a number
whose size is its own.

>>> number_tables(((1, 2, 3, 4), (5, 6, 7, 8)), ((5, 1, 7, 3), (6, 2, 8, 4)), True)
((1, 5, 3, 7), (2, 6, 4, 8))
"""

from __future__ import annotations

from collections.abc import Sequence

#: docs/club.md §3: the turns of a four-seat partnership table (seats N, E, S, W), identity
#: first: which partnership sits N-S, and the order within each partnership.
_TURNS = (
    (0, 1, 2, 3),
    (2, 1, 0, 3),
    (0, 3, 2, 1),
    (2, 3, 0, 1),
    (1, 0, 3, 2),
    (1, 2, 3, 0),
    (3, 0, 1, 2),
    (3, 2, 1, 0),
)


def number_tables(
    previous: Sequence[Sequence[int]],
    tables: Sequence[Sequence[int]],
    partnerships: bool,
) -> tuple[tuple[int, ...], ...]:
    """``tables`` (the generator's order) numbered and turned after ``previous`` (index 0 is
    table 1)."""
    count = len(tables)
    if not count:
        return ()
    where: dict[int, tuple[int, int]] = {}
    for number, table in enumerate(previous):
        for seat, player in enumerate(table):
            where[player] = (number, seat)
    slots = sorted((len(t) for t in tables), reverse=True)
    base = count
    big = base**count
    forbidden = big * (sum(slots) + 2)
    costs = []
    for i, table in enumerate(tables):
        stays = [0] * count
        for player in table:
            spot = where.get(player)
            if spot is not None and spot[0] < count:
                stays[spot[0]] += 1
        weight = base ** (count - 1 - i)
        costs.append(
            [
                -stays[j] * big + j * weight if slots[j] == len(table) else forbidden
                for j in range(count)
            ]
        )
    numbers = _assign(costs)
    placed: list[tuple[int, ...]] = [()] * count
    for i, table in enumerate(tables):
        j = numbers[i]
        seats = {p: s for p, (n, s) in where.items() if n == j}
        placed[j] = _turn(tuple(table), seats, partnerships)
    return tuple(placed)


def _turn(table: tuple[int, ...], seats: dict[int, int], partnerships: bool) -> tuple[int, ...]:
    """``table`` turned so that the most of its players keep ``seats`` (last round's seats at
    this table number), ties to the generator's order."""
    if partnerships and len(table) == 4:
        best: tuple[int, ...] = table
        kept = -1
        for turn in _TURNS:
            turned: tuple[int, ...] = tuple(table[k] for k in turn)
            here = sum(1 for s, p in enumerate(turned) if seats.get(p) == s)
            if here > kept:
                best, kept = turned, here
        return best
    # Each for himself: every player who sat at this table keeps his seat when it exists;
    # the others fill the free seats in the generator's order.
    size = len(table)
    result: list[int | None] = [None] * size
    rest = []
    for player in table:
        seat = seats.get(player)
        if seat is not None and seat < size and result[seat] is None:
            result[seat] = player
        else:
            rest.append(player)
    free = iter(rest)
    return tuple(p if p is not None else next(free) for p in result)


def _assign(costs: list[list[int]]) -> list[int]:
    """The column of each row in the cheapest assignment of a square matrix (the Hungarian
    method with potentials, O(n³); exact on Python's integers).

    >>> _assign([[4, 1, 3], [2, 0, 5], [3, 2, 2]])
    [1, 0, 2]
    """
    n = len(costs)
    u = [0] * (n + 1)
    v = [0] * (n + 1)
    owner = [0] * (n + 1)
    way = [0] * (n + 1)
    for i in range(1, n + 1):
        owner[0] = i
        j0 = 0
        low: list[int | None] = [None] * (n + 1)
        used = [False] * (n + 1)
        while j0 == 0 or owner[j0] != 0:
            used[j0] = True
            j0 = _step(costs[owner[j0] - 1], j0, u, v, low, used, way, owner)
        while j0:
            j1 = way[j0]
            owner[j0] = owner[j1]
            j0 = j1
    result = [0] * n
    for j in range(1, n + 1):
        result[owner[j] - 1] = j - 1
    return result


def _step(
    row: list[int],
    j0: int,
    u: list[int],
    v: list[int],
    low: list[int | None],
    used: list[bool],
    way: list[int],
    owner: list[int],
) -> int:
    """One step of the Hungarian method: lower the free columns' slack by the least of them
    and return the column reached."""
    i0 = owner[j0]
    delta: int | None = None
    j1 = 0
    for j in range(1, len(used)):
        if used[j]:
            continue
        cur = row[j - 1] - u[i0] - v[j]
        slack = low[j]
        if slack is None or cur < slack:
            low[j] = slack = cur
            way[j] = j0
        if delta is None or slack < delta:
            delta, j1 = slack, j
    assert delta is not None
    for j in range(len(used)):
        if used[j]:
            u[owner[j]] += delta
            v[j] -= delta
        else:
            slack = low[j]
            assert slack is not None
            low[j] = slack - delta
    return j1
