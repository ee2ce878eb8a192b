"""The meld calculators' answers (docs/api.md, ``POST /api/v1/meld/pinochle`` and
``/meld/pinnacola``): a body in, the JSON out, or a :class:`RuleError` saying why not.

The server's ``api/routes.py`` answers with them, and the phone's engine too (docs/phone.md
"The tools without signal"): the meld calculator and the Pinnacola card picker count the same
offline as online."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..core.readers import as_bool, as_object, check_keys
from ..games.pinnacola.form import value_meld
from ..games.pinochle.melds import calculate_meld


def pinochle_meld(data: object) -> dict[str, Any]:
    """The best meld a pinochle hand of real cards holds."""
    body = as_object(data, "_")
    check_keys(body, ("cards", "trump", "melds"), required=("cards", "trump"))
    report = calculate_meld(body["cards"], body["trump"], body.get("melds", "standard"))
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
    "pinnacola_meld": pinnacola_meld,
}
