"""What the club pages say in words: the balance report (docs/club.md §4.8) and a seating
("1·Ana & 3·Cy v 2·Bo & 4·Di"), from the §14 JSON the service answers with. The print pages
(same blueprint) say the same with these."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

from flask_babel import gettext as _
from flask_babel import ngettext


class Sentence(NamedTuple):
    """One line of the balance report; ``flaw``: what a perfect schedule would not have (the
    page shows it in red)."""

    text: str
    flaw: bool


def _int(balance: Mapping[str, Any], key: str) -> int | None:
    value = balance.get(key)
    return value if isinstance(value, int) else None


def balance_sentences(balance: Mapping[str, Any], *, sitouts: bool = True) -> list[Sentence]:
    """The balance report in plain words, a line per figure that applies.

    ``sitouts``: whether anyone sits out at all in the night (the lines about sit-outs say
    nothing otherwise).
    """
    said: list[Sentence] = []
    design = balance.get("design")
    if isinstance(design, str) and design:
        said.append(Sentence(_("A perfect schedule (%(design)s).", design=design), False))
    said += _partners(balance)
    said += _opponents(balance)
    said += _meetings(balance)
    if sitouts:
        said += _sitouts(balance)
    return said


def _partners(balance: Mapping[str, Any]) -> list[Sentence]:
    repeats = _int(balance, "partner_repeats")
    if repeats is None:
        return []
    lower = balance.get("lower_bound") or {}
    forced = lower.get("partner_repeats") if isinstance(lower, Mapping) else None
    forced = forced if isinstance(forced, int) else 0
    said: list[Sentence] = []
    if repeats == 0:
        said.append(Sentence(_("Nobody partners anyone twice."), False))
    else:
        most = _int(balance, "max_partner") or 2
        said.append(
            Sentence(
                ngettext(
                    "%(num)s time a pair partners again (at most %(most)s times the same pair).",
                    "%(num)s times a pair partners again (at most %(most)s times the same pair).",
                    repeats,
                    most=most,
                ),
                repeats > forced,
            )
        )
    if forced:
        said.append(
            Sentence(
                ngettext(
                    "No schedule this long can avoid %(num)s repeat.",
                    "No schedule this long can avoid %(num)s repeats.",
                    forced,
                ),
                False,
            )
        )
    return said


def _opponents(balance: Mapping[str, Any]) -> list[Sentence]:
    excess = _int(balance, "opponent_excess")
    if excess is None:
        return []
    if excess == 0:
        return [Sentence(_("Nobody opposes anyone more than twice."), False)]
    most = _int(balance, "max_opponent") or 3
    text = _("Some pairs oppose each other more than twice (at most %(most)s times).", most=most)
    return [Sentence(text, True)]


def _meetings(balance: Mapping[str, Any]) -> list[Sentence]:
    said: list[Sentence] = []
    meets = _int(balance, "meet_repeats")
    if meets == 0:
        said.append(Sentence(_("No two players share a table twice."), False))
    elif meets is not None:
        most = _int(balance, "max_met") or 2
        text = _("Some players share a table more than once (at most %(most)s times).", most=most)
        said.append(Sentence(text, True))
    never = _int(balance, "never_met") or 0
    if never == 0:
        said.append(Sentence(_("Everyone sits at a table with everyone."), False))
    else:
        text = ngettext(
            "%(num)s pair of players never sits at the same table.",
            "%(num)s pairs of players never sit at the same table.",
            never,
        )
        # Not red: a night shorter than a design cannot seat everyone with everyone.
        said.append(Sentence(text, False))
    return said


def _sitouts(balance: Mapping[str, Any]) -> list[Sentence]:
    said: list[Sentence] = []
    spread = _int(balance, "sitout_spread") or 0
    if spread <= 1:
        said.append(Sentence(_("Sit-outs are shared out evenly."), False))
    else:
        text = _("Some sit out %(spread)s more rounds than others.", spread=spread)
        said.append(Sentence(text, True))
    twice = _int(balance, "consecutive_sitouts") or 0
    if twice == 0:
        said.append(Sentence(_("Nobody sits out two rounds in a row."), False))
    else:
        text = ngettext(
            "%(num)s time a player sits out two rounds in a row.",
            "%(num)s times a player sits out two rounds in a row.",
            twice,
        )
        said.append(Sentence(text, True))
    return said


def seat_line(players: Sequence[int], names: Mapping[int, str], partnerships: bool) -> str:
    """A table's seating: "1·Ana & 3·Cy v 2·Bo & 4·Di" (partners together) or
    "1·Ana, 2·Bo, 3·Cy"."""

    def one(number: int) -> str:
        return f"{number}·{names.get(number, '?')}"

    if partnerships and len(players) == 4:
        return _(
            "%(a)s & %(c)s v %(b)s & %(d)s",
            a=one(players[0]),
            c=one(players[2]),
            b=one(players[1]),
            d=one(players[3]),
        )
    return ", ".join(one(p) for p in players)


def seats_of(table: Mapping[str, Any]) -> list[int]:
    """A §14 table's players in seat order."""
    seats = sorted(table.get("seats") or [], key=lambda s: s.get("seat", 0))
    return [int(s["player"]) for s in seats]
