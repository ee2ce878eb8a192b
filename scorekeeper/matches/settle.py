"""The settle-up page of an auction night in units: balances, the kitty shared out, money
per unit and who pays whom (the rules' :class:`~scorekeeper.rules.core.settle.Settlement`)."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from flask import abort, render_template
from flask_babel import format_decimal

from .. import service
from ..rules.games.registry import find_variant
from ..web.lookups import match_or_404
from ..web.session import token_for
from . import bp
from .routes import table_of


def money(units: int | Decimal, unit_value: Any) -> str:
    """Units as money with two places, in the reader's language (``0.90``, ``0,90``)."""
    amount = (Decimal(units) * Decimal(str(unit_value))).quantize(Decimal("0.01"))
    return str(format_decimal(amount, format="#,##0.00"))


@bp.get("/m/<public_id>/settle")
def settle(public_id: str) -> Any:
    """Auction in units: balances, the kitty shared out, money per unit and who pays whom."""
    match = match_or_404(public_id)
    if not table_of(match).units:
        abort(404)
    state = service.state_of(match)
    settled = service.settlement(match, state)
    unit_value = match.options.get("unit_value", "1")
    rows = [
        {
            "player": player,
            "units": state.totals[player],
            "share": settled.shares[player],
            "balance": settled.balances[player],
            "money": money(settled.balances[player], unit_value),
        }
        for player in state.sides
    ]
    return render_template(
        "matches/settle.html",
        match=match,
        state=state,
        settled=settled,
        rows=rows,
        unit_value=money(1, unit_value),
        transfers=[
            {"payer": t.payer, "payee": t.payee, "units": t.units, "amount": money(t.amount, 1)}
            for t in settled.transfers
        ],
        title=find_variant(match.variant).title,
        can_edit=token_for(public_id) is not None,
    )
