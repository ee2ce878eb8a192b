"""The schedule preview's cost (``POST /api/v1/schedules``, no credential; docs/api.md
"Limits", docs/club.md §4.7 "Budget" and §17).

Side by side in one run (the machine is shared and noisy: each figure is the best of a few
tries, the two budgets taking turns), for 64 x 40, 32 x 20 and 13 x 6 players x rounds of
three forms (auction at tables of four, pinochle-4 in partnerships, pinochle-3):

* the plan alone (``rules.rotation.plan``): the CPU-s with a host's budget (§17's second,
  what a preview cost before its own budget) and with the preview's (cut within a night),
  their ratio, the work units a second, and the balance each reached (partner repeats and
  oppositions beyond two; at individual tables meet repeats and the most meetings of a pair);
* the whole request through the app (parse, plan, balance, JSON), both budgets again, with
  the memory of previews emptied before each, and a repeated preview answered from memory.

The preview's answer is meant to stay within 0.3 CPU-s (``ok``). CPU-s is
``time.process_time`` (this process only).

Run: .venv/bin/python bench/schedule_preview.py
"""

from __future__ import annotations

import logging
import tempfile
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

from flask.testing import FlaskClient

from scorekeeper import create_app
from scorekeeper.config import TestConfig
from scorekeeper.rules import find_variant
from scorekeeper.rules.club.rotation.budget import Budget, host_budget, preview_budget
from scorekeeper.rules.club.rotation.plan import Plan, Rotation, plan
from scorekeeper.service.club import preview as club_preview

#: (players, rounds) previewed.
SIZES = ((64, 40), (32, 20), (13, 6))
#: (variant, table size): the forms previewed.
FORMS: tuple[tuple[str, int | None], ...] = (
    ("auction", 4),
    ("pinochle-4", None),
    ("pinochle-3", None),
)
TRIES = 3
SEED = 1
#: docs/api.md "Limits": a preview's answer, in CPU-s.
PREVIEW_CAP = 0.3


def cpu(run: Callable[[], object]) -> float:
    """The CPU-s of one run."""
    start = time.process_time()
    run()
    return time.process_time() - start


def side_by_side(full: Callable[[], object], cut: Callable[[], object]) -> tuple[float, float]:
    """The best of :data:`TRIES` runs of each, taking turns."""
    fulls: list[float] = []
    cuts: list[float] = []
    for _ in range(TRIES):
        fulls.append(cpu(full))
        cuts.append(cpu(cut))
    return min(fulls), min(cuts)


def quality(made: Plan) -> str:
    """The balance a plan reached, in two figures (lower is better)."""
    b = made.balance
    if b.partner_repeats is not None:
        return f"{b.partner_repeats}/{b.opponent_excess}"
    return f"{b.meet_repeats}/{b.max_met}"


def planned(variant_id: str, size: int | None, players: int, rounds: int, budget: Budget) -> Plan:
    """The plan of a night of ``players`` x ``rounds`` within ``budget``."""
    variant = find_variant(variant_id)
    form = variant.club_form(variant.resolve_options(None), size)
    rotation = Rotation(form.schemes[0], rounds, "shuffle", SEED, size)
    return plan(form, rotation, range(1, players + 1), budget=budget)


def _within(night: Callable[[Budget], Plan], make: Callable[[], Budget]) -> None:
    night(make())


def report_plans() -> None:
    """The plan alone, with each budget."""
    print("the plan alone (rules.rotation.plan), CPU-s, best of", TRIES)
    print(
        f"{'form':>10} {'size':>6} {'full s':>7} {'cut s':>6} {'cut/full':>8} {'Munits/s':>8} "
        f"{'full bal':>9} {'cut bal':>8} cut"
    )
    for variant_id, size in FORMS:
        for players, rounds in SIZES:
            night = partial(planned, variant_id, size, players, rounds)
            full_s, cut_s = side_by_side(
                partial(_within, night, host_budget), partial(_within, night, preview_budget)
            )
            full_budget = host_budget()
            full = night(full_budget)
            cut = night(preview_budget())
            rate = full_budget.spent / full_s / 1e6 if full_s else 0.0
            print(
                f"{variant_id:>10} {players:>3}x{rounds:<2} {full_s:>7.3f} {cut_s:>6.3f} "
                f"{cut_s / full_s if full_s else 1.0:>8.2f} {rate:>8.2f} {quality(full):>9} "
                f"{quality(cut):>8} {'yes' if cut.cut else 'no'}"
            )


def _client() -> FlaskClient:
    folder = Path(tempfile.mkdtemp(prefix="bench-preview-"))
    app = create_app(TestConfig(str(folder), f"sqlite:///{folder / 'bench.sqlite'}"))
    return app.test_client()


def _preview(client: FlaskClient, body: dict[str, Any], make: Callable[[], Budget]) -> None:
    club_preview.BUDGET = make
    response = client.post("/api/v1/schedules", json=body)
    assert response.status_code == 200, response.get_json()


def _fresh(client: FlaskClient, body: dict[str, Any], make: Callable[[], Budget]) -> None:
    club_preview.forget_previews()
    _preview(client, body, make)


def report_requests() -> None:
    """The whole request, with each budget, and a repeated one answered from memory."""
    client = _client()
    print()
    print("the whole request (POST /api/v1/schedules, memory emptied first), CPU-s")
    print(
        f"{'form':>10} {'size':>6} {'full s':>7} {'cut s':>6} {'cut/full':>8} "
        f"{'repeat s':>8} {'rep/cut':>7} ok (cut <= {PREVIEW_CAP})"
    )
    for variant_id, size in FORMS:
        for players, rounds in SIZES:
            rotation: dict[str, Any] = {"rounds": rounds, "seed": SEED}
            if size is not None:
                rotation["table_size"] = size
            body = {"variant": variant_id, "players": players, "rotation": rotation}

            full_s, cut_s = side_by_side(
                partial(_fresh, client, body, host_budget),
                partial(_fresh, client, body, preview_budget),
            )
            again = partial(_preview, client, body, preview_budget)
            repeat_s = min(cpu(again) for _ in range(TRIES))
            print(
                f"{variant_id:>10} {players:>3}x{rounds:<2} {full_s:>7.3f} {cut_s:>6.3f} "
                f"{cut_s / full_s if full_s else 1.0:>8.2f} {repeat_s:>8.4f} "
                f"{repeat_s / cut_s if cut_s else 1.0:>7.3f} "
                f"{'yes' if cut_s <= PREVIEW_CAP else 'NO'}"
            )
    club_preview.BUDGET = preview_budget
    club_preview.forget_previews()


def main() -> None:
    """Both sections."""
    logging.getLogger("scorekeeper.request").setLevel(logging.WARNING)  # a line per request
    report_plans()
    report_requests()


if __name__ == "__main__":
    main()
