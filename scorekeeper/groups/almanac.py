"""A group's almanac (docs/groups.md): its records, the money of its auction nights and its
ratings, on pages any holder of the read-only link may read.

The figures are the rules' (:mod:`scorekeeper.rules.almanac.records`,
:mod:`scorekeeper.rules.almanac.ratings`, through :func:`scorekeeper.service.group_history`); this
module only lays them out: a table per kind of figure, each cell a value and, under it, what it
rests on ("9 of 20 hands")."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date
from typing import Any

from babel.dates import format_date
from babel.numbers import format_percent
from flask import render_template, request, url_for
from flask_babel import format_decimal, get_locale, ngettext
from flask_babel import gettext as _
from markupsafe import Markup

from .. import service
from ..models import Group
from ..rules.almanac.counters import HANDS, Figure, Rate
from ..rules.almanac.ratings import Rating, Ratings
from ..rules.almanac.records import FamilyRecord, Record, Records
from ..rules.almanac.summary import family_titles
from ..rules.games.registry import all_variants, find_variant
from ..web.charts import RatingPoint, ratings_chart_svg
from ..web.lookups import group_to_read_or_404
from ..web.page import members_text
from ..web.session import key_for, remember_group
from . import bp
from .forms import PaidForm


@dataclass(frozen=True)
class Cell:
    """One figure: its value, and what it rests on (shown under it)."""

    value: str
    note: str = ""


@dataclass
class FigureTable:
    """A table of figures: a heading, the column headings and one row per player or
    partnership (its name, then its cells)."""

    id: str
    title: str
    columns: list[str]
    rows: list[tuple[str, list[Cell]]] = field(default_factory=list)


# --- Records ---------------------------------------------------------------------------------


@bp.get("/r/<read_id>/records")
def records(read_id: str) -> str:
    """The records of the group, of every form or of one (``?form=<variant id>``), of every
    season or of one (``?season=<year>``)."""
    group = _reading(read_id)
    whole = service.group_history(group)
    season = _season(whole)
    history = whole.season(season)
    played = sorted({m.summary.variant for m in history.matches}, key=_form_order)
    form = request.args.get("form")
    variant = form if form in played else None
    found = service.group_records(history, variant)
    return render_template(
        "groups/records.html",
        group=group,
        back=group_url(group),
        forms=[(v, find_variant(v).title) for v in played],
        variant=variant,
        records=found,
        tables=record_tables(found, history.names),
        pending=history.pending,
        seasons=whole.seasons,
        season=season,
    )


def record_tables(found: Records, names: Mapping[str, str]) -> list[FigureTable]:
    """Every table of the records page, in the order it shows them."""

    def name(key: str) -> str:
        return names.get(key, key)

    def pair(keys: Sequence[str]) -> str:
        return members_text([name(key) for key in keys])

    tables = [*_standings(found, name, pair), _head_to_head(found, name)]
    titles = family_titles()
    families = [f for f in titles if _family_records(found.players, f)]
    for family in families:
        title = str(_(titles[family]))
        players = [(name(k), r) for k, r in _family_records(found.players, family)]
        teams = [(pair(k), r) for k, r in _family_records(found.partnerships, family)]
        tables.extend(_family_tables(family, title, players + teams))
    return [table for table in tables if table.rows]


def _standings(found: Records, name: Any, pair: Any) -> list[FigureTable]:
    """Matches played and won: the players, then the partnerships."""
    players = FigureTable("matches", _("Matches won"), [_("Player"), _("Played"), _("Won")])
    for key, record in _by_standing(found.players.items()):
        players.rows.append((name(key), _standing_cells(record)))
    partners = FigureTable(
        "partnerships", _("Partnerships"), [_("Partners"), _("Played"), _("Won together")]
    )
    for keys, record in _by_standing(found.partnerships.items()):
        partners.rows.append((pair(keys), _standing_cells(record)))
    return [players, partners]


def _standing_cells(record: Record) -> list[Cell]:
    return [Cell(str(record.standing.played)), _rate(record.standing.won)]


def _head_to_head(found: Records, name: Any) -> FigureTable:
    table = FigureTable(
        "head-to-head", _("Head to head"), [_("Players"), _("Ahead"), _("Behind"), _("Level")]
    )
    for a in sorted(found.head_to_head, key=lambda k: name(k).casefold()):
        for b, met in sorted(found.head_to_head[a].items(), key=lambda kv: name(kv[0]).casefold()):
            if name(b).casefold() < name(a).casefold():
                continue  # each pair once, from the first name's side
            level = met.met - met.ahead - met.behind
            table.rows.append(
                (
                    _("%(first)s v %(second)s", first=name(a), second=name(b)),
                    [
                        Cell(str(met.ahead), _matches(met.met)),
                        Cell(str(met.behind)),
                        Cell(str(level)),
                    ],
                )
            )
    return table


def _family_tables(
    family: str, title: str, holders: list[tuple[str, FamilyRecord]]
) -> list[FigureTable]:
    """The tables of one game family: points per hand (or hands won, where each hand counted
    as a game), bids, meld, Pinnacola's endings."""
    points = FigureTable(
        f"{family}-points",
        _("%(game)s: points per hand", game=title),
        [_("Player"), _("Points per hand")],
    )
    hands_won = FigureTable(
        f"{family}-hands-won",
        _("%(game)s: each hand as a game", game=title),
        [_("Player"), _("Hands won")],
    )
    bids = FigureTable(
        f"{family}-bids",
        _("%(game)s: bids", game=title),
        [_("Player"), _("Won"), _("Made"), _("Highest made")],
    )
    brackets = FigureTable(
        f"{family}-brackets",
        _("%(game)s: bids by size", game=title),
        [_("Player, bids"), _("Made"), _("Set")],
    )
    meld = FigureTable(
        f"{family}-meld", _("%(game)s: meld", game=title), [_("Player"), _("Average"), _("Biggest")]
    )
    listed = FigureTable(
        f"{family}-melds",
        _("%(game)s: melds entered one by one", game=title),
        [_("Player"), _("Double pinochles"), _("Runs"), _("Double runs")],
    )
    closings = FigureTable(
        f"{family}-closings",
        _("%(game)s: closing", game=title),
        [_("Player"), _("Closed"), _("In mano"), _("Pinnacolone")],
    )
    pinnacolas = FigureTable(
        f"{family}-pinnacolas",
        _("%(game)s: Pinnacolas", game=title),
        [_("Player"), _("Pinnacolas")],
    )
    for who, record in holders:
        if record.points_per_hand is not None:
            points.rows.append((who, [_figure(record.points_per_hand, 1)]))
        if record.hands_won is not None:
            hands_won.rows.append((who, [_rate(record.hands_won.won)]))
        if record.bidding is not None and record.bidding.won.count:
            bid = record.bidding
            bids.rows.append(
                (
                    who,
                    [
                        _rate(bid.won),
                        _rate(bid.made, bids=True),
                        _figure(bid.highest_made, bid=True),
                    ],
                )
            )
            for bracket in bid.brackets:
                label = (
                    _("%(low)s-%(high)s", low=bracket.low, high=bracket.high)
                    if bracket.high is not None
                    else _("%(low)s and up", low=bracket.low)
                )
                cells = [_rate(bracket.made, bids=True), _rate(bracket.set, bids=True)]
                brackets.rows.append((f"{who}, {label}", cells))
        if record.meld is not None:
            meld.rows.append((who, [_figure(record.meld.average, 0), _figure(record.meld.biggest)]))
            if record.meld.runs.rests_on:
                listed.rows.append(
                    (
                        who,
                        [
                            _figure(record.meld.double_pinochles),
                            _figure(record.meld.runs),
                            _figure(record.meld.double_runs),
                        ],
                    )
                )
        if record.closing is not None:
            ends = record.closing
            closings.rows.append(
                (who, [_rate(ends.closings), _rate(ends.in_mano), _rate(ends.pinnacolones)])
            )
            if ends.pinnacolas.rests_on:
                pinnacolas.rows.append((who, [_figure(ends.pinnacolas)]))
    return [points, hands_won, bids, brackets, meld, listed, closings, pinnacolas]


def _family_records(records: Mapping[Any, Record], family: str) -> list[tuple[Any, FamilyRecord]]:
    found = [(key, r.families[family]) for key, r in records.items() if family in r.families]
    return sorted(found, key=lambda item: -item[1].standing.played)


def _by_standing(items: Iterable[tuple[Any, Record]]) -> list[tuple[Any, Record]]:
    """Most matches won (by rate) first, then most played."""
    return sorted(
        items, key=lambda item: (-(item[1].standing.won.rate or 0), -item[1].standing.played)
    )


# --- Money across nights ----------------------------------------------------------------------


@bp.get("/r/<read_id>/money")
def money(read_id: str) -> str:
    """The auction nights in units: each night, the running totals, and a settle-up across the
    nights ticked (``?night=<date>`` any number of times; when none, the nights after the
    latest night marked paid up, every night if none is), of one season (``?season=<year>``).
    A phone that holds the group's key may mark a night paid up, or take the mark back."""
    group = _reading(read_id)
    whole = service.group_history(group)
    season = _season(whole)
    history = whole.season(season)
    chosen = request.args.getlist("night") or None
    paid = service.paid_nights(group)
    paid_through = paid[-1] if paid else None
    found = service.group_ledger(history, chosen, paid_through)
    names = history.names
    return render_template(
        "groups/money.html",
        group=group,
        back=group_url(group),
        ledger=found,
        names=names,
        nights=[
            {
                "label": night.label,
                "date": _night_date(night.label),
                "matches": night.matches,
                "open": night.open,
                "paid": paid_through is not None and night.label <= paid_through.isoformat(),
                "rows": [
                    {
                        "player": names.get(key, key),
                        "units": units,
                        "money": night.money[key],
                        "running": night.running_money[key],
                    }
                    for key, units in night.units.items()
                ],
            }
            for night in reversed(found.nights)
        ],
        totals=[
            {"player": names.get(key, key), "units": units, "money": found.money[key]}
            for key, units in sorted(found.units.items(), key=lambda kv: -kv[1])
        ],
        # Units add up across the nights settled when they share one unit value (else the
        # settle-up squares money, in cents).
        in_units=len(_unit_values(history, found.settled)) <= 1,
        transfers=[
            {
                "payer": names.get(t.payer, t.payer),
                "payee": names.get(t.payee, t.payee),
                "units": t.units,
                "amount": t.amount,
            }
            for t in found.settlement.transfers
        ],
        pending=history.pending,
        seasons=whole.seasons,
        season=season,
        paid_through=paid_through,
        paid_form=PaidForm() if key_for(group) else None,
    )


# --- Ratings ---------------------------------------------------------------------------------


@bp.get("/r/<read_id>/ratings")
def ratings(read_id: str) -> str:
    """Every player's rating per game family, with its uncertainty, and a chart of the ratings
    night after night."""
    group = _reading(read_id)
    whole = service.group_history(group)
    season = _season(whole)
    history = whole.season(season)
    found = service.group_ratings(history)
    nights = [played.night for played in history.matches]
    families = [
        family_ratings(family, found, history.names, nights)
        for family in family_titles()
        if family in found.current
    ]
    return render_template(
        "groups/ratings.html",
        group=group,
        back=group_url(group),
        families=families,
        pending=history.pending,
        seasons=whole.seasons,
        season=season,
    )


def family_ratings(
    family: str, found: Ratings, names: Mapping[str, str], nights: Sequence[date]
) -> dict[str, Any]:
    """One family's table (best first: the conservative rating, ``mu - 3 sigma``) and chart
    (each player's rating after each night he or anyone of the family played)."""
    current = found.current[family]
    past = found.history[family]
    order = sorted(current, key=lambda key: -current[key].ordinal)
    shown = sorted({nights[index] for line in past.values() for index, _rating in line})
    at = {night: i for i, night in enumerate(shown)}
    points: list[list[RatingPoint]] = []
    for key in order:
        line: list[RatingPoint] = [None] * len(shown)
        for index, rating in past[key]:
            line[at[nights[index]]] = (rating.mu, rating.sigma)
        for i in range(1, len(line)):
            line[i] = line[i] or line[i - 1]
        points.append(line)
    title = str(_(family_titles()[family]))
    chart = ratings_chart_svg(
        [names.get(key, key) for key in order],
        points,
        [str(format_date(night, "d MMM", locale=_locale())) for night in shown],
        title=_("%(game)s: ratings night after night", game=title),
    )
    return {
        "id": family,
        "title": title,
        "rows": [
            {
                "player": names.get(key, key),
                "rating": _decimal(current[key].ordinal),
                "skill": _skill(current[key]),
                "matches": len(past[key]),
                "style": f"s{i % 6}",
            }
            for i, key in enumerate(order)
        ],
        "chart": Markup(chart),
    }


# --- Helpers ---------------------------------------------------------------------------------


def _reading(read_id: str) -> Group:
    group = group_to_read_or_404(read_id)
    remember_group(group)
    return group


def _season(history: service.GroupHistory) -> int | None:
    """The ``?season=<year>`` asked for, if the group played that year (else every season)."""
    text = request.args.get("season", "")
    year = int(text) if text.isascii() and text.isdigit() and len(text) == 4 else None
    return year if year in history.seasons else None


def group_url(group: Group) -> str:
    """The group's own page on a phone that holds its key, else its read-only page."""
    if key_for(group):
        return url_for("groups.show", public_id=group.public_id)
    return url_for("groups.read", read_id=group.read_id)


def _form_order(variant: str) -> int:
    """Forms in the order the new-match page lists them."""
    ids = [v.id for v in all_variants()]
    return ids.index(variant) if variant in ids else len(ids)


def _rate(rate: Rate, *, bids: bool = False) -> Cell:
    """A rate, "45%", over what it rests on: "9 of 20 hands" (or matches, or ``bids`` won)."""
    if rate.rate is None:
        return Cell("–", _("none yet"))
    value = str(format_percent(rate.rate, "#,##0%", locale=_locale()))
    if bids:
        note = ngettext(
            "%(count)s of %(num)s bid won",
            "%(count)s of %(num)s bids won",
            rate.out_of,
            count=rate.count,
        )
    elif rate.of == HANDS:
        note = ngettext(
            "%(count)s of %(num)s hand", "%(count)s of %(num)s hands", rate.out_of, count=rate.count
        )
    else:
        note = ngettext(
            "%(count)s of %(num)s match",
            "%(count)s of %(num)s matches",
            rate.out_of,
            count=rate.count,
        )
    return Cell(value, note)


def _figure(figure: Figure, digits: int = 0, *, bid: bool = False) -> Cell:
    """A number over the hands (or matches, or bids made) it rests on."""
    if figure.value is None:
        return Cell("–", _("none yet"))
    value = _decimal(figure.value, digits)
    if bid:
        note = ngettext("of %(num)s bid made", "of %(num)s bids made", figure.rests_on)
    elif figure.of == HANDS:
        note = ngettext("%(num)s hand", "%(num)s hands", figure.rests_on)
    else:
        note = _matches(figure.rests_on)
    return Cell(value, note)


def _matches(count: int) -> str:
    return str(ngettext("%(num)s match", "%(num)s matches", count))


def _decimal(value: float, digits: int = 1) -> str:
    pattern = "0" if digits == 0 else "0." + "0" * digits
    return str(format_decimal(round(value, digits), format=pattern))


def _skill(rating: Rating) -> str:
    """A rating in plain words: "rating 24.1, ± 3.1" (issue 26: "Cruz -3.1" was jargon; the
    conservative figure the list is ordered by is no longer shown)."""
    return _("rating %(mu)s, ± %(sigma)s", mu=_decimal(rating.mu), sigma=_decimal(rating.sigma))


def _unit_values(history: service.GroupHistory, nights: Sequence[str]) -> set[str]:
    """The unit values of the auction matches in units of these nights."""
    chosen = set(nights)
    return {
        played.summary.money.unit_value
        for played in history.matches
        if played.summary.money is not None and played.night.isoformat() in chosen
    }


def _locale() -> Any:
    return get_locale() or "en"


def _night_date(label: str) -> date | None:
    try:
        return date.fromisoformat(label)
    except ValueError:
        return None
