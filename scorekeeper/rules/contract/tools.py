"""The meld calculators' answers (docs/api.md, ``POST /api/v1/meld/pinochle``,
``/meld/double-deck`` and ``/meld/pinnacola``): a body in, the JSON out, or a
:class:`RuleError` saying why not.

The server's ``api/routes.py`` answers with them, and the phone's engine too (docs/phone.md
"The tools without signal"): the meld calculator and the Pinnacola card picker count the same
offline as online."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..core.readers import as_bool, as_object, check_keys
from ..games.pinnacola.form import value_meld
from ..games.pinochle import double_deck_melds
from ..games.pinochle.melds import MeldReport, calculate_meld


def pinochle_meld(data: object) -> dict[str, Any]:
    """The best meld a pinochle hand of real cards holds."""
    body = as_object(data, "_")
    check_keys(body, ("cards", "trump", "melds"), required=("cards", "trump"))
    report = calculate_meld(body["cards"], body["trump"], body.get("melds", "standard"))
    return report_json(report)


def double_deck_meld(data: object) -> dict[str, Any]:
    """The melds a hand of double-deck pinochle's 80 cards holds (docs/rules.md §2
    ``double-deck`` "Meld"), in counters."""
    body = as_object(data, "_")
    check_keys(body, ("cards", "trump"), required=("cards", "trump"))
    return report_json(double_deck_melds.calculate_meld(body["cards"], body["trump"]))


def report_json(report: MeldReport) -> dict[str, Any]:
    """A meld calculator's answer: each meld held (``points`` for all of that id) and the
    total."""
    return {
        "melds": [{"id": m.id, "count": m.count, "points": m.points} for m in report.melds],
        "total": report.total,
    }


def pinnacola_meld(data: object) -> dict[str, Any]:
    """What a Pinnacola meld is worth; ``pinelle`` (true by default) and ``joker_sets`` (false)
    as the match options (docs/rules.md §3)."""
    body = as_object(data, "_")
    check_keys(body, ("meld", "pinelle", "joker_sets"), required=("meld",))
    pinelle = as_bool(body.get("pinelle", True), "pinelle")
    joker_sets = as_bool(body.get("joker_sets", False), "joker_sets")
    value = value_meld(body["meld"], pinelle=pinelle, joker_sets=joker_sets, path="meld")
    return dict(value.as_json())


#: Each tool by the name its page gives it (``templates/tools/*.html`` ``data-tool``).
TOOLS: dict[str, Callable[[object], dict[str, Any]]] = {
    "pinochle_meld": pinochle_meld,
    "double_deck_meld": double_deck_meld,
    "pinnacola_meld": pinnacola_meld,
}
