"""The meld calculator and the Pinnacola card picker without signal (docs/phone.md "The tools
without signal"): ``static/picker.js`` asks the phone's engine what it would have asked the API,
``{"tool": "pinochle_meld" | "double_deck_meld" | "pinnacola_meld", "body": <the JSON text>,
"lang"}``, and gets the API's answer, ``{"status", "body"}``, from the same functions
(:mod:`scorekeeper.rules.contract.tools`) in the same words."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..contract import bodies, wire
from ..contract.tools import TOOLS
from ..core.errors import RuleError
from ..core.wording import Gettext


def answer(request: Mapping[str, Any], gettext: Gettext) -> dict[str, Any]:
    """The API's status and body for the tool's request (404 for a tool it has not)."""
    tool = TOOLS.get(str(request.get("tool")))
    if tool is None:
        return {"status": 404, "body": {"errors": {"_": ["no such tool"]}}}
    try:
        return {"status": 200, "body": tool(bodies.parse_json(request.get("body") or ""))}
    except bodies.NotJson:
        return {"status": 400, "body": {"errors": {"_": [gettext(bodies.NOT_JSON)]}}}
    except RuleError as error:
        return {"status": 422, "body": {"errors": wire.rule_errors(error, gettext)}}
