"""The tools pages: the pinochle meld calculators (single- and double-deck) and the Pinnacola
card picker.

Both work without JavaScript (the grid is posted and the rules value it) and carry their result
back into a match's hand form: ``?match=<id>&side=<side>`` names the match and the side, and
"use" redirects to the match page with the result in its address (``/m/<id>?meld.Us=run,dix``,
``/m/<id>?table.Us=385&hand.Us=45``), which fills the form in. In a side of partners the
calculator counts one partner's cards (``&partner=Ana``) and carries them back under his name
(``?meld.Us.Ana=run,dix``): the hand form makes the side's meld the partners' sum
(:mod:`scorekeeper.web.partners`). Nothing is stored here, and no points are added up: the
rules do that.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from flask import abort, redirect, render_template, request, url_for
from flask_babel import gettext as _
from flask_babel import ngettext

from .. import service
from ..i18n import rule_message
from ..rules import RuleError, find_variant
from ..rules.games.pinnacola.form import check_deck, read_card, read_side, value_meld
from ..rules.games.pinochle import double_deck_melds
from ..rules.games.pinochle.melds import PINOCHLE_MELDS, MeldReport, calculate_meld
from ..rules.games.table import Tool
from ..web.contract import CARRIED, partner_key
from ..web.forms import FormError, add_error
from ..web.partners import PartnerMeld, partner_melds, partners_line, side_partners
from ..web.session import token_for
from . import bp
from .forms import (
    DOUBLE_DECK_ROWS,
    JOKER,
    PINELLE_ONLY_GAPS,
    PINNACOLA_ROWS,
    PINOCHLE_ROWS,
    CardGridForm,
    DoubleDeckMeldForm,
    PinnacolaPickerForm,
    PinochleMeldForm,
    face_of,
    is_red,
    kind_names,
    read_table,
    write_table,
)


@dataclass(frozen=True)
class Target:
    """The match and side a tool's result goes back to."""

    public_id: str
    side: str
    options: Mapping[str, Any]
    #: What the match page's address already carries for other sides (``meld.Them``).
    carry: dict[str, str]
    #: Where the side's meld is its partners' sum (:func:`~scorekeeper.web.partners.side_partners`):
    #: the partners, and the one whose cards these are (``?partner=``; ``None``: not picked yet).
    partners: tuple[str, ...] = ()
    partner: str | None = None
    #: The melds of the other partners of the side carried so far, in seating order.
    others: tuple[PartnerMeld, ...] = ()

    @property
    def melder(self) -> str:
        """Whose meld the tool counts: the partner, else the side."""
        return self.partner or self.side

    @property
    def key(self) -> str:
        """The query argument the result goes back in (``meld.Us.Ana`` for a partner)."""
        return partner_key(self.side, self.partner) if self.partner else f"meld.{self.side}"

    def partner_url(self, player: str) -> str:
        """This tool for another partner of the side, with what the address carries."""
        query: dict[str, Any] = {**self.carry, "side": self.side, "partner": player}
        return url_for(request.endpoint or "", match=self.public_id, **query)

    def sum_line(self, points: int | None) -> str:
        """The side's meld with this partner's ``points`` ("Ana 210 + Cruz 120 = 330"), in
        seating order; empty where the side has no partners or nothing is counted."""
        if not self.partner or points is None:
            return ""
        mine = PartnerMeld(self.partner, points)
        melds = [mine if player == self.partner else None for player in self.partners]
        for other in self.others:
            melds[self.partners.index(other.player)] = other
        return partners_line([meld for meld in melds if meld is not None])

    def url(self, **fields: str) -> str:
        """The match page with ``fields`` (and what it carried before) filled in."""
        query: dict[str, Any] = {**self.carry, **fields}
        return url_for("matches.show", public_id=self.public_id, **query)


#: The tools that count a side's meld from real cards: a side of partners counts each
#: partner's cards (:func:`~scorekeeper.web.partners.side_partners`).
MELD_TOOLS = (Tool.PINOCHLE_MELD, Tool.DOUBLE_DECK_MELD)


def _target(tool: Tool) -> Target | None:
    """The match and side named by ``?match=&side=``, when this phone may score that match.

    A match whose hand form this tool does not fill (its variant names another tool, or none:
    auction in units takes the bidder's meld as one number), a side that is not the match's,
    or a match this phone only watches gives no target: the tool still works, it just cannot
    carry its result back.
    """
    public_id = request.args.get("match", "")
    side = request.args.get("side", "")
    if not public_id or token_for(public_id) is None:
        return None
    try:
        match = service.get_match(public_id)
    except service.NotFound:
        return None
    setup = service.setup_of(match)
    table = find_variant(match.variant).layout(setup)
    melders = table.players if table.meld_by_player else table.sides
    if table.tool is not tool or side not in melders:
        return None
    carry = {key: value for key, value in request.args.items() if key.startswith(CARRIED)}
    if tool not in MELD_TOOLS or side not in table.sides:
        return Target(public_id, side, setup.options, carry)
    index = table.sides.index(side)
    partners = side_partners(table, index)
    partner = request.args.get("partner")
    if partner not in partners:
        partner = None
    others = tuple(meld for meld in partner_melds(table, index, carry) if meld.player != partner)
    return Target(public_id, side, setup.options, carry, partners, partner, others)


def _render(template: str, form: CardGridForm, status: int = 200, **context: Any) -> Any:
    return (
        render_template(template, form=form, face_of=face_of, is_red=is_red, **context),
        status,
    )


# --- Pinochle meld calculator ----------------------------------------------------------------


def meld_list(report: MeldReport) -> list[str]:
    """The hand form's list of meld ids for a report: each id as many times as it is held."""
    return [meld.id for meld in report.melds for _ in range(meld.count)]


@bp.route("/pinochle-meld", methods=["GET", "POST"])
def pinochle_meld() -> Any:
    """Tap the cards of a hand, pick trump, see the melds and their total (docs/rules.md §1)."""
    target = _target(Tool.PINOCHLE_MELD)
    form = PinochleMeldForm()
    melds: Any = form["melds"].data or "standard"
    if target is not None:
        melds = target.options.get("melds", "standard")
    return _calculator(
        form,
        target,
        lambda cards, trump: calculate_meld(cards, trump, melds),
        rows=PINOCHLE_ROWS,
        melds=melds,
        meld_names={meld: _(name) for meld, name in PINOCHLE_MELDS.names.items()},
        tool=Tool.PINOCHLE_MELD,
        api=url_for("api.pinochle_meld"),
    )


@bp.route("/double-deck-meld", methods=["GET", "POST"])
def double_deck_meld() -> Any:
    """The calculator for double-deck pinochle's 80 cards, four of each (docs/rules.md §2
    ``double-deck`` "Meld"): its melds in counters, by Pagat's table."""
    return _calculator(
        DoubleDeckMeldForm(),
        _target(Tool.DOUBLE_DECK_MELD),
        double_deck_melds.calculate_meld,
        rows=DOUBLE_DECK_ROWS,
        melds=None,
        meld_names={meld: _(name) for meld, name in double_deck_melds.MELD_NAMES.items()},
        tool=Tool.DOUBLE_DECK_MELD,
        api=url_for("api.double_deck_meld"),
    )


def _calculator(
    form: CardGridForm,
    target: Target | None,
    calculate: Callable[[list[str], str], MeldReport],
    **context: Any,
) -> Any:
    """A meld calculator's page: the grid posted is valued by ``calculate``, and "use" carries
    the melds back to the match's hand form (a partner's under his name)."""
    report: MeldReport | None = None
    status = 200
    if request.method == "POST":
        if not form.validate_on_submit():
            abort(400)
        try:
            cards = form.picked()
            if form["trump"].data:
                report = calculate(cards, form["trump"].data)
            elif request.form.get("action") == "use":
                add_error(form, "trump", _("Pick the trump first."))
                status = 422
        except FormError as error:
            add_error(form, error.field_name, error.message)
            status = 422
        except RuleError as error:
            add_error(form, error.path if error.path in form else None, rule_message(error))
            status = 422
        use = target is not None and (target.partner or not target.partners)
        if (
            report is not None
            and target is not None
            and use
            and request.form.get("action") == "use"
        ):
            listed = ",".join(meld_list(report)) or "0"
            carry = dict(target.carry)
            if target.partner:
                # The side's meld is now its partners' sum: a whole-side meld carried before goes.
                carry.pop(f"meld.{target.side}", None)
            target = replace(target, carry=carry)
            return redirect(target.url(**{target.key: listed}), code=303)
    return _render(
        "tools/pinochle_meld.html",
        form,
        status,
        report=report,
        target=target,
        copies=form.copies or 2,
        **context,
    )


# --- Pinnacola card picker -------------------------------------------------------------------


@dataclass(frozen=True)
class LaidMeld:
    """A meld on the table as the picker shows it."""

    cards: list[str]
    kind: str
    points: int
    notes: tuple[str, ...]


def _laid(cards: list[str], pinelle: bool, joker_sets: bool, path: str) -> LaidMeld:
    value = value_meld(cards, pinelle=pinelle, joker_sets=joker_sets, path=path)
    notes = []
    if value.pinnacolone:
        notes.append(_("Pinnacolone: wins the match"))
    elif value.pinnacola:
        notes.append(_("Pinnacola"))
    elif value.poker:
        notes.append(_("poker"))
    if value.wilds:
        notes.append(ngettext("%(num)s wild", "%(num)s wilds", value.wilds))
    return LaidMeld(cards, kind_names().get(value.kind, value.kind), value.points, tuple(notes))


def _check_deck(table: list[list[str]], hand: list[str], pinelle: bool) -> None:
    """Refuse cards that the two decks do not hold so many times (docs/rules.md §3)."""
    everything = [card for meld in table for card in meld] + hand
    check_deck((read_card(card, "cards", pinelle=pinelle), "cards") for card in everything)


def _apply(
    form: CardGridForm,
    action: str,
    which: str,
    table: list[list[str]],
    hand: list[str],
    pinelle: bool,
    joker_sets: bool,
) -> list[str]:
    """Carry out one tap of the picker on the melds laid (``table``, changed in place) and
    return the cards left in hand: add the picked cards as a meld or as the hand, or take a
    meld (or the hand) back into the grid to edit it."""
    picked = form.picked()
    if action == "add":
        _laid(picked, pinelle, joker_sets, "meld")
        _check_deck([*table, picked], hand, pinelle)
        table.append(picked)
        form.set_counts([])
    elif action == "hand":
        _check_deck(table, picked, pinelle)
        hand = picked
        form.set_counts([])
    elif action == "edit" and re.fullmatch(r"[0-9]{1,3}", which) and int(which) < len(table):
        form.set_counts(table.pop(int(which)))
    elif action == "edit-hand":
        form.set_counts(hand)
        hand = []
    return hand


@bp.route("/pinnacola-meld", methods=["GET", "POST"])
def pinnacola_meld() -> Any:
    """Pick the cards of each meld on the table and the cards left in hand; see their points
    (docs/rules.md §3: wilds, poker, Pinnacola ×2/×3, Pinnacolone).

    The match's ``pinelle`` and ``joker_sets`` read the cards (without a match, the page's
    switches): without pinelle the red 2s are in the grid and every 2 is a natural card."""
    target = _target(Tool.PINNACOLA_MELD)
    form = PinnacolaPickerForm()
    if target is not None:
        pinelle = bool(target.options.get("pinelle", True))
        # A match created before the option has none: three jokers were no meld then.
        joker_sets = bool(target.options.get("joker_sets", False))
    else:
        pinelle = bool(form["pinelle"].data)
        joker_sets = bool(form["joker_sets"].data)
    table = read_table(form["table"].data)
    hand = (form["hand"].data or "").split()
    status = 200
    action, _sep, which = (request.form.get("action") or "").partition(":")
    if request.method == "POST":
        if not form.validate_on_submit():
            abort(400)
        try:
            hand = _apply(form, action, which, table, hand, pinelle, joker_sets)
        except FormError as error:
            add_error(form, error.field_name, error.message)
            status = 422
        except RuleError as error:
            add_error(form, None, rule_message(error))
            status = 422
    laid: list[LaidMeld] = []
    side = None
    try:
        laid = [_laid(meld, pinelle, joker_sets, f"table[{i}]") for i, meld in enumerate(table)]
        side, _cards = read_side(
            {"table": table, "hand": hand}, "side", pinelle=pinelle, joker_sets=joker_sets
        )
    except RuleError as error:
        # The kept melds no longer hold (a switch changed): say so, keep them to edit.
        add_error(form, None, f"{error.path}: {rule_message(error)}")
        status = 422
    form["table"].data = write_table(table)
    form["hand"].data = " ".join(hand)
    if action == "use" and target is not None and side is not None and status == 200:
        # The cards go back too, beside their points: the deal is stored as cards, and the
        # group's records count its Pinnacolas (issue 26).
        # Always both: an empty one drops what an earlier use of this side carried.
        carried = {
            f"table.{target.side}": str(side.table),
            f"hand.{target.side}": str(side.hand),
            f"cards.{target.side}": write_table(table),
            f"handcards.{target.side}": " ".join(hand),
        }
        return redirect(target.url(**carried), code=303)
    return _render(
        "tools/pinnacola_meld.html",
        form,
        status,
        rows=PINNACOLA_ROWS,
        joker=JOKER,
        laid=laid,
        hand=hand,
        side=side,
        pinelle=pinelle,
        joker_sets=joker_sets,
        red_twos=PINELLE_ONLY_GAPS,
        target=target,
        kind_names=kind_names(),
    )
