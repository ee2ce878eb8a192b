"""Ratings per game family (issue 18; docs/records.md "Ratings"), from openskill's
Plackett-Luce model with its default parameters: partnerships rate as teams, every man for
himself as one-player teams, so a rating stays fair when partners rotate.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce, PlackettLuceRating

from .summary import MatchSummary


@dataclass(frozen=True, slots=True)
class Rating:
    """A player's skill estimate: ``mu`` and its uncertainty ``sigma``; ``ordinal`` is the
    conservative figure shown (``mu - 3 sigma``)."""

    mu: float
    sigma: float
    ordinal: float


@dataclass(frozen=True, slots=True)
class Ratings:
    """Every player's rating per family, now and after each match rated."""

    #: family -> player key -> rating now.
    current: Mapping[str, Mapping[str, Rating]]
    #: family -> player key -> (index of the match in the input sequence, rating after it).
    history: Mapping[str, Mapping[str, Sequence[tuple[int, Rating]]]]


def _rating(rating: PlackettLuceRating) -> Rating:
    return Rating(rating.mu, rating.sigma, rating.ordinal())


def _teams(summary: MatchSummary, names: Mapping[str, str]) -> list[list[str]] | None:
    """The sides of a match as teams of player keys, best first; ``None`` when the match
    cannot be rated: fewer than two sides, or one key on two sides (a merge of two names that
    sat against each other: whom would the result be about?)."""
    teams = [
        list(dict.fromkeys(names.get(player, player) for player in side))
        for side in summary.ranking
    ]
    flat = [key for team in teams for key in team]
    if len(teams) < 2 or len(flat) != len(set(flat)):
        return None
    return teams


def rate(matches: Sequence[tuple[MatchSummary, Mapping[str, str]]]) -> Ratings:
    """Ratings per game family, updated after every finished match in the given order, with
    openskill (Plackett-Luce, default parameters): teams for partnerships, one-player teams
    every man for himself; ties as the summary's ``ranks`` say (docs/records.md "Ratings").

    ``matches``: each summary with its seat name -> player key mapping (as
    :func:`~scorekeeper.rules.almanac.records.compile_records`). A player's first match in a family
    starts him at the model's default rating (mu 25, sigma 25/3). A match not finished, or
    one whose sides share a key, changes nothing.
    """
    model = PlackettLuce()
    ratings: dict[str, dict[str, PlackettLuceRating]] = {}
    history: dict[str, dict[str, list[tuple[int, Rating]]]] = {}
    for index, (summary, names) in enumerate(matches):
        teams = _teams(summary, names) if summary.finished else None
        if teams is None:
            continue
        known = ratings.setdefault(summary.family, {})
        before = [
            [known[key] if key in known else model.rating() for key in team] for team in teams
        ]
        after = model.rate(before, ranks=[float(rank) for rank in summary.ranks])
        past = history.setdefault(summary.family, {})
        for team, rated in zip(teams, after, strict=True):
            for key, rating in zip(team, rated, strict=True):
                known[key] = rating
                past.setdefault(key, []).append((index, _rating(rating)))
    return Ratings(
        current={
            family: {key: _rating(rating) for key, rating in known.items()}
            for family, known in ratings.items()
        },
        history=history,
    )
