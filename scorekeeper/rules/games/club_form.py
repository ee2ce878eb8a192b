"""The form at a club table (docs/club.md §4.1): what a club night asks of a variant.

A club night never tests a variant's id: it asks :meth:`Variant.club_form
<scorekeeper.rules.games.registry.Variant.club_form>` for a :class:`ClubForm`, which says how many
seats a table takes, whether they play in two partnerships, whether the form is kept in units,
which seating schemes fit it and which standings formulas (§9.2).

>>> form = partnership_form()
>>> form.seats_lo, form.seats_hi, form.partnerships, form.schemes, form.side_counts
(4, 4, True, ('rotating-partners', 'fixed-pairs', 'progressive'), (2,))
>>> form.formulas
('points', 'wins', 'vp', 'placing')
>>> individual_form(3).formulas, individual_form(2).two_sided, individual_form(3, 4).side_counts
(('points', 'wins', 'placing'), True, (3, 4))
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core.errors import RuleError

#: docs/club.md §4.1: the schemes; ``fixed-pairs`` and ``progressive`` (§4.4, §4.5) fit
#: partnership tables only.
ROTATING_PARTNERS = "rotating-partners"
ROTATING_TABLES = "rotating-tables"
FIXED_PAIRS = "fixed-pairs"
PROGRESSIVE = "progressive"


@dataclass(frozen=True, slots=True)
class ClubForm:
    """The form at a club table (docs/club.md §4.1)."""

    #: The smallest and the largest table (seats).
    seats_lo: int
    seats_hi: int
    #: The preferred table size k (auction: ``table_size``; else ``seats_lo``), §4.3.
    preferred: int
    #: Two partnerships of two at four seats (partners opposite: seats 1+3, 2+4).
    partnerships: bool
    #: Kept in units (auction with ``scoring: units``).
    units: bool
    #: The schemes offered, the default first.
    schemes: tuple[str, ...]
    #: The standings formulas that fit (§9.2), the default first.
    formulas: tuple[str, ...]
    #: Every table has exactly two sides (partnerships, or heads-up): ``vp`` and ``against``.
    two_sided: bool

    @property
    def side_counts(self) -> tuple[int, ...]:
        """How many sides a table of this form may have, fewest first: two at partnership
        tables, else one a seat (the placing points of §9.2 need a row for each)."""
        if self.partnerships:
            return (2,)
        return tuple(range(self.seats_lo, self.seats_hi + 1))


def partnership_form() -> ClubForm:
    """Four seats in two partnerships (``pinochle-4``, ``partnership-auction``, Pinnacola for
    four): rotating partners (the default), fixed pairs, progressive (docs/club.md §4.1)."""
    return ClubForm(
        4,
        4,
        4,
        True,
        False,
        (ROTATING_PARTNERS, FIXED_PAIRS, PROGRESSIVE),
        ("points", "wins", "vp", "placing"),
        True,
    )


def individual_form(
    lo: int, hi: int | None = None, preferred: int | None = None, *, units: bool = False
) -> ClubForm:
    """Tables of ``lo``..``hi`` seats where each plays for himself: rotating tables.

    >>> individual_form(3, 6, 4, units=True).formulas
    ('units', 'wins', 'placing')
    """
    top = lo if hi is None else hi
    two_sided = lo == top == 2
    if units:
        formulas: tuple[str, ...] = ("units", "wins", "placing")
    elif two_sided:
        formulas = ("points", "wins", "vp", "placing")
    else:
        formulas = ("points", "wins", "placing")
    return ClubForm(
        lo,
        top,
        lo if preferred is None else preferred,
        False,
        units,
        (ROTATING_TABLES,),
        formulas,
        two_sided,
    )


def no_table_size(table_size: int | None) -> None:
    """Refuse a ``rotation.table_size`` for a form whose table has one size (§2.3).

    >>> no_table_size(4)
    Traceback (most recent call last):
    ...
    scorekeeper.rules.core.errors.RuleError: rotation.table_size: is not taken by this form
    """
    if table_size is not None:
        raise RuleError("rotation.table_size", "is not taken by this form", code="not_allowed")


def seats_form(seats: int, partnerships: bool) -> ClubForm:
    """The form of a table with one seat count: partnerships at four, else each for himself."""
    if partnerships and seats == 4:
        return partnership_form()
    return individual_form(seats)
