"""The club night's budgets (docs/club.md §17, §4.7), section by section.

Planning (``rules.rotation.plan``, pure): 40 players x 12 rounds within 1 s and 64 x 16 within
5 s on the project's 2-core machine; each timed for several seeds (the worst seed's best of a
few tries: the machine is shared), with the balance the plan reached. A few more sizes are
printed for comparison (no budget): the heuristic's largest tables-of-figures count (39 x 12)
and the largest night (64 x 40).

The service (docs/club.md §17): starting a round of 16 tables within 1 s; the standings read
of a 16-table x 12-round night cold within 1 s and warm within 100 ms; a 304's check within
10 ms (:func:`report_round_start_and_standings`).

The re-plan (docs/club.md §6; :func:`report_replan`): rounds 7-12 of a 40-player, 12-round
night re-planned for a late arrival (41 present) and a leaver (39), held to the planning budget
of 1 s, pure and as the service's whole night write.

Each section is a function that prints its lines; :data:`SECTIONS` lists them in order, so the
service's parts (round start, standings reads) are added as further sections.

Run: .venv/bin/python bench/club.py
"""

from __future__ import annotations

import time
from collections.abc import Callable
from functools import partial

from scorekeeper.rules import find_variant
from scorekeeper.rules.club.rotation.plan import Plan, Rotation, plan

#: docs/club.md §17: (players, rounds) -> seconds.
PLAN_BUDGETS = {(40, 12): 1.0, (64, 16): 5.0}
#: Sizes timed without a budget.
PLAN_EXTRA = ((39, 12), (64, 40))
SEEDS = range(5)
TRIES = 3


def best_of(run: Callable[[], object], tries: int = TRIES) -> float:
    """The fastest of ``tries`` runs, in seconds."""
    times = []
    for _ in range(tries):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return min(times)


def plan_night(players: int, rounds: int, seed: int, variant_id: str = "pinochle-4") -> Plan:
    """A night of ``variant_id`` (pinochle-4 in partnerships: rotating partners; auction at
    tables of 4: rotating tables), shuffled draw (the default)."""
    variant = find_variant(variant_id)
    size = 4 if variant_id == "auction" else None
    form = variant.club_form(variant.resolve_options(None), size)
    rotation = Rotation(form.schemes[0], rounds, "shuffle", seed, size)
    return plan(form, rotation, range(1, players + 1))


def report_planning() -> None:
    """Planning times per size: the worst seed and its balance; budgets of §17."""
    print("planning (rules.rotation.plan), shuffled draw; repeats: partner repeats (pinochle-4)")
    print("or meet repeats (auction), opp>2: oppositions beyond two, of the worst seed")
    print(
        f"{'form':>10} {'players':>7} {'rounds':>6} {'worst s':>8} {'mean s':>7} {'budget':>6} "
        f"{'repeats':>7} {'opp>2':>5} ok"
    )
    sizes = [
        *((v, *size) for v in ("pinochle-4", "auction") for size in PLAN_BUDGETS),
        *(("pinochle-4", *size) for size in PLAN_EXTRA),
    ]
    for variant_id, players, rounds in sizes:
        timings = []
        repeats = excess = 0
        for seed in SEEDS:
            timings.append(best_of(partial(plan_night, players, rounds, seed, variant_id)))
            balance = plan_night(players, rounds, seed, variant_id).balance
            repeats = max(repeats, balance.partner_repeats or balance.meet_repeats or 0)
            excess = max(excess, balance.opponent_excess or 0)
        worst = max(timings)
        mean = sum(timings) / len(timings)
        budget = PLAN_BUDGETS.get((players, rounds))
        shown = f"{budget:>6.1f}" if budget is not None else f"{'-':>6}"
        ok = "-" if budget is None else ("yes" if worst <= budget else "NO")
        print(
            f"{variant_id:>10} {players:>7} {rounds:>6} {worst:>8.3f} {mean:>7.3f} {shown} "
            f"{repeats:>7} {excess:>5} {ok}"
        )


#: The sections, in order; each prints its own lines.
SECTIONS: list[Callable[[], None]] = [report_planning]


# --- The service's sections (H3): a round's start, the standings reads, a 304 -----------------

#: docs/club.md §17's budgets, in seconds.
START_BUDGET = 1.0
COLD_BUDGET = 1.0
WARM_BUDGET = 0.100
NOT_MODIFIED_BUDGET = 0.010
TABLES = 16
ROUNDS = 12
HANDS = 8


def _hand(number: int) -> dict[str, object]:
    """A pinochle-4 hand (no meld): the trick points vary with the hand."""
    first = 100 + 10 * (number % 6)
    tricks = {"Team 1": first, "Team 2": 250 - first}
    return {"meld": {"Team 1": 20, "Team 2": 40}, "tricks": tricks}


def _best(run: Callable[[], object], tries: int = 5) -> float:
    """The best of several timings (the machine is shared)."""
    best = float("inf")
    for _ in range(tries):
        start = time.perf_counter()
        run()
        best = min(best, time.perf_counter() - start)
    return best


def bench_round_start_and_standings() -> dict[str, float]:
    """Build and play a 64-player night (16 tables, 12 rounds of 8 hands) on a temporary
    SQLite database, through the service (H3's section); time round starts, then the
    standings reads cold (a fresh app: no replay, no figure in memory), warm, and the 304's
    check (the night read by its read id and the ETag's one aggregate SELECT). Returns the
    figures (seconds)."""
    import tempfile
    from pathlib import Path

    from flask_migrate import upgrade

    from scorekeeper import create_app, service
    from scorekeeper.config import TestConfig

    folder = Path(tempfile.mkdtemp())
    url = f"sqlite:///{folder / 'club.sqlite'}"
    app = create_app(TestConfig(str(folder), url))
    with app.app_context():
        upgrade()
    figures: dict[str, float] = {}
    with app.app_context():
        made = service.create_club_night(
            {
                "name": "Sixteen tables",
                "variant": "pinochle-4",
                "rules": {"target": 100000},
                "players": [f"P{n}" for n in range(1, 4 * TABLES + 1)],
                "rotation": {"rounds": ROUNDS, "seed": 1},
                "round": {"hands": HANDS},
            }
        )
        pid, token = made.night.public_id, made.token
        starts: list[float] = []
        for number in range(1, ROUNDS + 1):
            start = time.perf_counter()
            view = service.start_round(pid, token, number)
            starts.append(time.perf_counter() - start)
            for table in view.rounds[number - 1]["tables"]:
                for hand in range(HANDS):
                    service.add_hand(table["match"], token, _hand(hand + number))
            service.close_round(pid, token, number)
        figures["start a round of 16 tables (best)"] = min(starts)
        figures["start a round of 16 tables (worst)"] = max(starts)
    cold_app = create_app(TestConfig(str(folder), url))
    with cold_app.app_context():
        night = service.night_by_id(pid)
        start = time.perf_counter()
        service.night_standings(night).as_json()
        figures["standings 16 x 12, cold"] = time.perf_counter() - start
        figures["standings 16 x 12, warm"] = _best(
            lambda: service.night_standings(service.night_by_id(pid)).as_json()
        )
        figures["304 check (night + ETag)"] = _best(
            lambda: service.night_etag(service.night_to_read(night.read_id)), tries=20
        )
    return figures


def report_round_start_and_standings() -> None:
    """Print :func:`bench_round_start_and_standings`'s figures against their budgets."""
    budgets = {
        "start a round of 16 tables (best)": START_BUDGET,
        "start a round of 16 tables (worst)": START_BUDGET,
        "standings 16 x 12, cold": COLD_BUDGET,
        "standings 16 x 12, warm": WARM_BUDGET,
        "304 check (night + ETag)": NOT_MODIFIED_BUDGET,
    }
    for label, seconds in bench_round_start_and_standings().items():
        budget = budgets[label]
        verdict = "ok" if seconds <= budget else "OVER"
        print(f"{label:40} {seconds * 1000:9.1f} ms  (budget {budget * 1000:.0f} ms) {verdict}")


SECTIONS.append(report_round_start_and_standings)


# --- Re-plan (P2, issue 29): a 40-player night re-planned after round 6 ----------------------

#: docs/club.md §17: a re-plan is a planning, held to the budget of a 40 x 12 night.
REPLAN_BUDGET = 1.0
REPLAN_PLAYERS = 40
REPLAN_ROUNDS = 12
REPLAN_AFTER = 6


def replan_after(seed: int, present: range, fixed: Plan) -> Plan:
    """Rounds 7-12 of a 40-player, 12-round night re-planned (docs/club.md §6) for
    ``present`` after the first 6 rounds of ``fixed`` (kept and counted by the heuristic)."""
    variant = find_variant("pinochle-4")
    form = variant.club_form(variant.resolve_options(None), None)
    rotation = Rotation(form.schemes[0], REPLAN_ROUNDS, "shuffle", seed, None)
    return plan(form, rotation, present, fixed.rounds[:REPLAN_AFTER])


def bench_replan_service() -> float:
    """A late arrival on a 40-player night whose rounds 1-6 were played (started and closed,
    on a temporary SQLite database): the whole night write (``service.add_late_player``:
    the player added, rounds 7-12 re-planned and stored, new table codes), best of 3."""
    import tempfile
    from pathlib import Path

    from flask_migrate import upgrade

    from scorekeeper import create_app, service
    from scorekeeper.config import TestConfig

    folder = Path(tempfile.mkdtemp())
    app = create_app(TestConfig(str(folder), f"sqlite:///{folder / 'replan.sqlite'}"))
    best = float("inf")
    with app.app_context():
        upgrade()
        for attempt in range(3):
            made = service.create_club_night(
                {
                    "name": "Forty",
                    "variant": "pinochle-4",
                    "players": [f"P{n}" for n in range(1, REPLAN_PLAYERS + 1)],
                    "rotation": {"rounds": REPLAN_ROUNDS, "seed": attempt},
                    "round": {"hands": 1},
                }
            )
            pid, token = made.night.public_id, made.token
            for number in range(1, REPLAN_AFTER + 1):
                service.start_round(pid, token, number)
                service.close_round(pid, token, number)
            start = time.perf_counter()
            service.add_late_player(pid, token, {"name": "Late"})
            best = min(best, time.perf_counter() - start)
    return best


def report_replan() -> None:
    """The re-plan of rounds 7-12 of a 40-player night: a late arrival (41 present) and a
    leaver (39), pure (worst seed's best), and the late arrival through the service."""
    print("re-plan after round 6 of 40 players x 12 rounds (docs/club.md §6, §17 budget 1 s)")
    for label, present in (
        ("late arrival, 41 present", range(1, REPLAN_PLAYERS + 2)),
        ("leaver, 39 present", range(1, REPLAN_PLAYERS)),
    ):
        nights = {seed: plan_night(REPLAN_PLAYERS, REPLAN_ROUNDS, seed) for seed in SEEDS}
        worst = max(best_of(partial(replan_after, s, present, nights[s])) for s in SEEDS)
        balance = replan_after(0, present, nights[0]).balance
        verdict = "ok" if worst <= REPLAN_BUDGET else "OVER"
        print(
            f"{label:40} {worst * 1000:9.1f} ms  (budget {REPLAN_BUDGET * 1000:.0f} ms) {verdict}"
            f"  partner repeats {balance.partner_repeats}, sit-out spread "
            f"{balance.sitout_spread}"
        )
    seconds = bench_replan_service()
    verdict = "ok" if seconds <= REPLAN_BUDGET else "OVER"
    print(
        f"{'late arrival, service (one write)':40} {seconds * 1000:9.1f} ms  "
        f"(budget {REPLAN_BUDGET * 1000:.0f} ms) {verdict}"
    )


SECTIONS.append(report_replan)


def main() -> None:
    """Run every section."""
    for number, section in enumerate(SECTIONS):
        if number:
            print()
        section()


if __name__ == "__main__":
    main()
