"""The heuristic that seats a club night without a design (docs/club.md §4.7).

Players are local indices 0..N−1 here (:mod:`scorekeeper.rules.club.rotation.plan` maps them to the
night's numbers). Each round: the sit-outs by count, then a best-swap descent from a few seeded
random seatings; the night is planned from up to 32 seeds, keeping the best and stopping at the
first that meets the caller's target. Everything random comes from the seed and the work is bounded
by counts (swap evaluations), never by the clock, so a seed gives one schedule on every machine.

The cost of a swap is incremental (docs/club.md §4.7: "only the two tables a swap touches"):
``C[p][z]`` holds what player ``z`` would cost at position ``p`` next to the players now at the
other seats of ``p``'s table, so swapping the players at ``p`` and ``q`` (different tables)
changes the round's cost by ``C[p][y] − C[p][x] + C[q][x] − C[q][y]``; after a swap only the
rows of the two tables touched are computed again.

>>> rounds = plan_night(6, (), list(range(6)), 6, [4], True, 1, lambda f: False)
>>> [sorted(out) for _, out in rounds][:2]
[[4, 5], [0, 1]]
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from .budget import NIGHTS_WORK, Budget, host_budget

#: A round in local indices: tables (seat order) and the sorted sit-outs.
LocalRound = tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]

#: docs/club.md §4.7 cost weights.
PARTNER_WEIGHT = 1000
OPPONENT_WEIGHT = 10
MEET_WEIGHT = 100
#: Whole nights tried (docs/club.md §4.7 step 3) and seeded starts per round (step 2).
NIGHTS = 32
STARTS = 4
#: Work after which no further night is started (:mod:`scorekeeper.rules.club.rotation.budget`).
WORK_BUDGET = NIGHTS_WORK
#: The charges of :class:`scorekeeper.rules.club.rotation.budget.Budget` for what is not a swap, in
#: work units (counted apart from the work, which alone says when no further night is started): per
#: present player of a round (its sit-outs, its starts) and per cell of a night's counters
#: (their copy and the night's figures). Measured so that a unit costs about the
#: same on a night of 13 players as on one of 64 (bench/schedule_preview.py).
ROUND_CHARGE = 60
NIGHT_CHARGE = 8
#: And per row of costs computed (a list built, whatever its length).
ROW_CHARGE = 16
#: A whole descent costs about this many times the seated players squared (work units).
TIGHT = 40


@dataclass(frozen=True, slots=True)
class Figures:
    """What a planned night reached, from its counters (docs/club.md §4.8)."""

    partner_repeats: int
    max_partner: int
    opponent_excess: int
    max_opponent: int
    meet_repeats: int
    max_met: int
    lower_bound_partners: int
    lower_bound_meets: int

    def key(self, partnerships: bool) -> tuple[int, ...]:
        """The order of §4.7 step 3: lower is better."""
        if partnerships:
            return (
                self.partner_repeats,
                self.max_partner,
                self.opponent_excess,
                self.max_opponent,
            )
        return (self.meet_repeats, self.max_met)


class Counters:
    """The counters of every round so far: partnerships, oppositions, meetings (N × N), and
    per player sit-outs, rounds played and table-mates; last round's sit-outs."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.partners = [[0] * size for _ in range(size)]
        self.opponents = [[0] * size for _ in range(size)]
        self.meets = [[0] * size for _ in range(size)]
        # The costs of §4.7 per pair, kept beside the counts (weight × count²).
        self.w_partner = [[0] * size for _ in range(size)]
        self.w_opponent = [[0] * size for _ in range(size)]
        self.w_meet = [[0] * size for _ in range(size)]
        self.sat_out = [0] * size
        self.played = [0] * size
        self.mates = [0] * size
        self.last_out: frozenset[int] = frozenset()
        self.rounds = 0

    def copy(self) -> Counters:
        """An independent copy (a night is planned on one)."""
        new = Counters.__new__(Counters)
        new.size = self.size
        for name in ("partners", "opponents", "meets", "w_partner", "w_opponent", "w_meet"):
            setattr(new, name, [row[:] for row in getattr(self, name)])
        new.sat_out = self.sat_out[:]
        new.played = self.played[:]
        new.mates = self.mates[:]
        new.last_out = self.last_out
        new.rounds = self.rounds
        return new

    def _bump(
        self, counts: list[list[int]], weights: list[list[int]], weight: int, x: int, y: int
    ) -> None:
        value = counts[x][y] + 1
        counts[x][y] = counts[y][x] = value
        weights[x][y] = weights[y][x] = weight * value * value

    def add(self, tables: Sequence[Sequence[int]], out: Sequence[int], partnerships: bool) -> None:
        """Count one round."""
        for table in tables:
            for i, x in enumerate(table):
                self.played[x] += 1
                self.mates[x] += len(table) - 1
                for y in table[i + 1 :]:
                    self._bump(self.meets, self.w_meet, MEET_WEIGHT, x, y)
            if partnerships and len(table) == 4:
                a, b, c, d = table
                self._bump(self.partners, self.w_partner, PARTNER_WEIGHT, a, c)
                self._bump(self.partners, self.w_partner, PARTNER_WEIGHT, b, d)
                for x, y in ((a, b), (a, d), (c, b), (c, d)):
                    self._bump(self.opponents, self.w_opponent, OPPONENT_WEIGHT, x, y)
        for x in out:
            self.sat_out[x] += 1
        self.last_out = frozenset(out)
        self.rounds += 1

    def figures(self, players: int) -> Figures:
        """The night's figures over every pair; ``players`` the night's count (lower bounds)."""
        sums = [0, 0, 0]
        tops = [0, 0, 0]
        size = self.size
        for k, (counts, free) in enumerate(
            ((self.partners, 1), (self.opponents, 2), (self.meets, 1))
        ):
            for x in range(size):
                row = counts[x]
                for y in range(x + 1, size):
                    value = row[y]
                    if value > free:
                        sums[k] += value - free
                    if value > tops[k]:
                        tops[k] = value
        spare = players - 1
        over_partners = sum(max(0, r - spare) for r in self.played)
        over_meets = sum(max(0, m - spare) for m in self.mates)
        return Figures(
            sums[0],
            tops[0],
            sums[1],
            tops[1],
            sums[2],
            tops[2],
            (over_partners + 1) // 2,
            (over_meets + 1) // 2,
        )


def plan_night(
    size: int,
    history: Sequence[LocalRound],
    present: Sequence[int],
    count: int,
    sizes: Sequence[int],
    partnerships: bool,
    seed: int,
    good: Callable[[Figures], bool],
    budget: Budget | None = None,
) -> list[LocalRound]:
    """Plan ``count`` rounds for ``present`` (in draw order) after ``history``, tables of
    ``sizes``; ``size`` players in all (indices below it). Up to :data:`NIGHTS` nights from
    ``seed``; the first whose figures are ``good`` is kept, else the best by §4.7's order.

    ``budget`` (a host's, :func:`scorekeeper.rules.club.rotation.budget.host_budget`, unless given)
    is checked within a night: each round stops its descents at its share of what is left (a share
    too small for a whole descent starts from a greedy seating), and once the limit is reached
    the night's remaining rounds are seated greedily, unsearched (``budget.cut`` then says
    so). Every night planned is whole, so the best one is kept."""
    if budget is None:
        budget = host_budget()
    base = Counters(size)
    for tables, out in history:
        base.add(tables, out, partnerships)
    players = len(set(present) | {x for t, o in history for x in (*o, *(y for z in t for y in z))})
    seeds = random.Random(seed)
    best: tuple[tuple[int, ...], list[LocalRound]] | None = None
    night_charge = NIGHT_CHARGE * size * size
    for _ in range(NIGHTS):
        rng = random.Random(seeds.getrandbits(64))
        counters = base.copy()
        budget.overhead += night_charge
        rounds: list[LocalRound] = []
        for number in range(count):
            stop = budget.round_stop(count - number)
            planned = _plan_round(counters, present, sizes, partnerships, rng, budget, stop)
            counters.add(planned[0], planned[1], partnerships)
            rounds.append(planned)
        figures = counters.figures(players)
        key = figures.key(partnerships)
        if best is None or key < best[0]:
            best = (key, rounds)
        if good(figures) or budget.work > budget.nights or budget.exhausted():
            break
    assert best is not None
    return best[1]


def _plan_round(
    counters: Counters,
    present: Sequence[int],
    sizes: Sequence[int],
    partnerships: bool,
    rng: random.Random,
    budget: Budget,
    stop: int,
) -> LocalRound:
    """One round: sit-outs (§4.7 step 1), then the cheapest of a few descents (step 2),
    searching until ``budget.spent`` reaches ``stop``."""
    seats = sum(sizes)
    out_count = max(0, len(present) - seats)
    if counters.rounds == 0:
        # §4.7: the first round of a night is seated in draw order, the last ones sitting out.
        seated = list(present[: len(present) - out_count])
        return _fill(seated, sizes), tuple(sorted(present[len(seated) :]))
    budget.overhead += ROUND_CHARGE * len(present)
    ties = {x: rng.random() for x in present}

    def order(x: int) -> tuple[int, int, float]:
        return (counters.sat_out[x], -counters.played[x], ties[x])

    candidates = sorted((x for x in present if x not in counters.last_out), key=order)
    if len(candidates) < out_count:  # never at four seats (§4.2); kept for safety
        candidates += sorted((x for x in present if x in counters.last_out), key=order)
    out = candidates[:out_count]
    chosen = set(out)
    seated = [x for x in present if x not in chosen]
    # A sit-out may trade places with a seated player of his class (the same sit-outs and
    # rounds played, neither out last round): the sit-out guarantees hold whichever of them
    # sits out, so the descent chooses (a departure from §4.7 that §4.7 allows: it reaches
    # the figures of §4.2 on seeds where the plain order does not, e.g. 7 players x 7 rounds).
    classes = {
        x: (counters.sat_out[x], counters.played[x]) for x in present if x not in counters.last_out
    }
    best: tuple[int, list[int], list[int]] | None = None
    # A round whose share cannot pay for a whole descent (about TIGHT x seated² units) starts
    # from a greedy seating, which a part of a descent improves far more than a random one.
    tight = stop - budget.spent < TIGHT * len(seated) ** 2
    for _ in range(STARTS):
        start = seated[:]
        rng.shuffle(start)
        bench = out[:]
        if tight and best is None:
            budget.cut = True
            start = _greedy(counters, start, sizes, partnerships, budget)
        if best is None and budget.spent >= stop:
            # Nothing left for this round: its greedy seating, its sit-outs as step 1 chose.
            budget.cut = True
            return _fill(start, sizes), tuple(sorted(bench))
        cost, occ = _descend(counters, start, sizes, partnerships, budget, bench, classes, stop)
        if best is None or cost < best[0]:
            best = (cost, occ, bench)
        if cost == 0:
            break
        if budget.spent >= stop:
            budget.cut = True
            break
    assert best is not None
    return _fill(best[1], sizes), tuple(sorted(best[2]))


def _greedy(
    counters: Counters,
    start: list[int],
    sizes: Sequence[int],
    partnerships: bool,
    budget: Budget,
) -> list[int]:
    """``start`` seated greedily: table by table, its first seat the first player left, each
    further seat the player left who costs least beside those already at the table."""
    left = start[:]
    seating: list[int] = []
    wp, wo, wm = counters.w_partner, counters.w_opponent, counters.w_meet
    budget.overhead += len(start) ** 2
    for size in sizes:
        table = [left.pop(0)]
        for seat in range(1, size):
            if partnerships and size == 4:
                rows = [wp[table[seat - 2]]] if seat >= 2 else []
                rows += [wo[table[j]] for j in range(seat) if (seat - j) % 2]
            else:
                rows = [wm[y] for y in table]
            costs = [sum(row[z] for row in rows) for z in left]
            table.append(left.pop(costs.index(min(costs))))
        seating += table
    return seating


def _fill(seated: Sequence[int], sizes: Sequence[int]) -> tuple[tuple[int, ...], ...]:
    """The tables of ``sizes`` filled in order from ``seated``."""
    tables = []
    at = 0
    for size in sizes:
        tables.append(tuple(seated[at : at + size]))
        at += size
    return tuple(tables)


def _descend(
    counters: Counters,
    start: list[int],
    sizes: Sequence[int],
    partnerships: bool,
    budget: Budget,
    bench: list[int],
    classes: dict[int, tuple[int, int]],
    stop: int,
) -> tuple[int, list[int]]:
    """Best-swap descent from ``start``: the round's cost and its seating (``bench``, the
    sit-outs, is changed in place when a sit-out trades with a seated player of his
    class). It stops early, where it stands, once ``budget.spent`` reaches ``stop``: the
    budget is checked at every step, not only between nights."""
    descent = _Descent(counters, start, sizes, partnerships, budget)
    while True:
        if budget.spent >= stop:
            budget.cut = True
            return descent.cost, descent.occ
        best, move = descent.best_swap()
        if partnerships:
            best, move = descent.best_split(best, move)
        gain, trade = descent.best_trade(bench, classes, best)
        if trade is not None:
            k, p = trade
            bench[k], descent.occ[p] = descent.occ[p], bench[k]
            descent.cost += gain
            descent.refresh(descent.table_of[p])
        elif move is not None:
            descent.swap(move, best)
        else:
            return descent.cost, descent.occ


class _Descent:
    """One round's seating under descent, with ``rows[p][z]``: the cost of player ``z`` at
    position ``p`` beside the others now at ``p``'s table (the incremental cost)."""

    def __init__(
        self,
        counters: Counters,
        start: list[int],
        sizes: Sequence[int],
        partnerships: bool,
        budget: Budget,
    ) -> None:
        self.occ = start
        self.sizes = sizes
        self.four = partnerships
        self.budget = budget
        self.wp, self.wo, self.wm = counters.w_partner, counters.w_opponent, counters.w_meet
        self.table_of: list[int] = []
        self.bases: list[int] = []
        at = 0
        for t, size in enumerate(sizes):
            self.table_of.extend([t] * size)
            self.bases.append(at)
            at += size
        self.next_start = [self.bases[t] + sizes[t] for t in self.table_of]
        self.rows: list[list[int]] = [[] for _ in start]
        self.own = [0] * len(start)
        for t in range(len(sizes)):
            self.refresh(t)
        # Each position's row counts every pair of its table once from each end.
        self.cost = sum(self.own) // 2 if not self.four else self._four_cost()

    def _four_cost(self) -> int:
        return sum(self.split_costs(t)[0] for t in range(len(self.sizes)))

    def refresh(self, t: int) -> None:
        """Compute table ``t``'s rows again (after a change of its players)."""
        occ, b, k = self.occ, self.bases[t], self.sizes[t]
        wp, wo, wm = self.wp, self.wo, self.wm
        self.budget.work += k * len(wp)
        self.budget.overhead += k * ROW_CHARGE
        for i in range(k):
            if self.four:
                partner = wp[occ[b + (i + 2) % 4]]
                left, right = wo[occ[b + (i + 1) % 4]], wo[occ[b + (i + 3) % 4]]
                row = [u + v + w for u, v, w in zip(partner, left, right, strict=True)]
            else:
                others = [wm[occ[b + j]] for j in range(k) if j != i]
                row = (
                    others[0]
                    if len(others) == 1
                    else [sum(col) for col in zip(*others, strict=True)]
                )
            self.rows[b + i] = row
            self.own[b + i] = row[occ[b + i]]

    def best_swap(self) -> tuple[int, tuple[int, int] | None]:
        """The swap of two players at different tables that lowers the cost most."""
        occ, rows, own, total = self.occ, self.rows, self.own, len(self.occ)
        best = 0
        move = None
        self.budget.overhead += total * ROW_CHARGE // 4
        for p in range(total):
            tail = self.next_start[p]
            if tail >= total:
                break
            row, x = rows[p], occ[p]
            values = [
                row[o] + r[x] - s
                for o, r, s in zip(occ[tail:], rows[tail:], own[tail:], strict=True)
            ]
            self.budget.work += len(values)
            low = min(values) - own[p]
            if low < best:
                best = low
                move = (p, tail + values.index(low + own[p]))
        return best, move

    def split_costs(self, t: int) -> tuple[int, int, int]:
        """Table ``t``'s cost as it sits, with seats 1-2 swapped (partners b&c, a&d) and with
        seats 2-3 swapped (partners a&b, c&d): the three ways to split four in two."""
        b = self.bases[t]
        a, bb, c, d = self.occ[b : b + 4]
        wp, wo = self.wp, self.wo
        return (
            wp[a][c] + wp[bb][d] + wo[a][bb] + wo[a][d] + wo[c][bb] + wo[c][d],
            wp[bb][c] + wp[a][d] + wo[bb][a] + wo[bb][d] + wo[c][a] + wo[c][d],
            wp[a][bb] + wp[c][d] + wo[a][c] + wo[a][d] + wo[bb][c] + wo[bb][d],
        )

    def best_split(
        self, best: int, move: tuple[int, int] | None
    ) -> tuple[int, tuple[int, int] | None]:
        """``best``/``move``, or a swap within a table that lowers the cost more."""
        for t in range(len(self.sizes)):
            now, one, two = self.split_costs(t)
            self.budget.work += 2
            b = self.bases[t]
            if one - now < best:
                best, move = one - now, (b, b + 1)
            if two - now < best:
                best, move = two - now, (b + 1, b + 2)
        return best, move

    def best_trade(
        self, bench: list[int], classes: dict[int, tuple[int, int]], best: int
    ) -> tuple[int, tuple[int, int] | None]:
        """A sit-out taking the seat of a player of his class, if that beats ``best``."""
        trade = None
        for k, x in enumerate(bench):
            mine = classes.get(x)
            if mine is None:
                continue
            for p, y in enumerate(self.occ):
                if classes.get(y) == mine:
                    gain = self.rows[p][x] - self.own[p]
                    if gain < best:
                        best, trade = gain, (k, p)
            self.budget.work += len(self.occ)
        return best, trade

    def swap(self, move: tuple[int, int], gain: int) -> None:
        """Swap the players at the two positions of ``move``."""
        p, q = move
        occ = self.occ
        occ[p], occ[q] = occ[q], occ[p]
        self.cost += gain
        self.refresh(self.table_of[p])
        if self.table_of[q] != self.table_of[p]:
            self.refresh(self.table_of[q])
