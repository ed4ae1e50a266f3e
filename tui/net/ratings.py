"""Ratings of a game server's players: openskill's Plackett-Luce model (Weng-Lin), which
rates a whole table of 3 to 6 at once from its final placing, ties shared.

A rating is a skill `mu` and its uncertainty `sigma`; players are ranked by the
conservative `mu - 3 sigma` (openskill's ordinal), so one lucky first game does not top the
table. Ratings are never stored alone: they are worked out again, game by game in the
order the games ended, from the results the registry keeps (`recompute`), and the server's
copy (`tui.net.records`) is only that sum kept up to date.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

import msgspec
from openskill.models import PlackettLuce

# openskill's own defaults, written out: a change of them changes every rating
MU = 25.0
SIGMA = MU / 3
_MODEL = PlackettLuce(mu=MU, sigma=SIGMA)


class Rating(msgspec.Struct, frozen=True, kw_only=True):
    mu: float = MU
    sigma: float = SIGMA

    @property
    def ordinal(self) -> float:
        """The conservative rating the best-rated table is ordered by."""
        return self.mu - 3 * self.sigma


def rate(before: Mapping[str, Rating], places: Mapping[str, int]) -> dict[str, Rating]:
    """The new ratings of the players of one game, from their places (1: first; equal
    places a tie). A player without a rating yet starts at the model's default."""
    if len(places) < 2:
        raise ValueError("a rated game has at least two rated players")
    players = sorted(places, key=lambda who: (places[who], who))  # any fixed order
    teams = [[_MODEL.rating(mu=r.mu, sigma=r.sigma)]
             for r in (before.get(who, Rating()) for who in players)]
    after = _MODEL.rate(teams, ranks=[float(places[who]) for who in players])
    return {who: Rating(mu=team[0].mu, sigma=team[0].sigma)
            for who, team in zip(players, after, strict=True)}


def recompute(games: Iterable[Mapping[str, int]]) -> dict[str, Rating]:
    """Every player's rating from the rated games' placings, oldest game first."""
    ratings: dict[str, Rating] = {}
    for places in games:
        ratings.update(rate(ratings, places))
    return ratings
