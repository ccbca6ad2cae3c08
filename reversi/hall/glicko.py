"""The Wertungszahl: Glicko-2 (and Glicko-1, for the benchmark that chose between them).

Written from Mark E. Glickman, "Example of the Glicko-2 system" (2013) and "The Glicko
system" (1995). Every finished rated game is one rating period of one game for each
side (as lichess does): the deviation grows by the volatility before the game and
shrinks by what the game told.

The hall's choices around the formulas:

* a new player starts at :data:`START` with deviation :data:`START_DEVIATION` and
  volatility :data:`START_VOLATILITY`;
* the deviation never falls below :data:`FLOOR` (a rating keeps moving) nor rises above
  :data:`START_DEVIATION`;
* a rating is **provisional** ("?") while its deviation is above :data:`PROVISIONAL`;
* before :data:`SHOWN_AFTER` rated games there is no number at all.

>>> r = Rating()
>>> r.shown(), Rating(1612.4, 80.0, games=12).shown(), Rating(1612.4, 150.0, games=4).shown()
(None, '1612', '1612?')
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace

#: Glicko-2's scale: rating = SCALE·μ + START
SCALE = 173.7178
START = 1500.0
START_DEVIATION = 350.0
START_VOLATILITY = 0.06
#: the system constant τ: how fast the volatility may change
TAU = 0.5
FLOOR = 45.0
PROVISIONAL = 110.0
SHOWN_AFTER = 3
#: the convergence tolerance of the volatility's iteration (Glickman: 0.000001)
EPSILON = 1e-6
#: Glicko-1's q = ln 10 / 400
Q = math.log(10) / 400


@dataclass(frozen=True)
class Rating:
    value: float = START
    deviation: float = START_DEVIATION
    volatility: float = START_VOLATILITY
    games: int = 0

    @property
    def provisional(self) -> bool:
        return self.deviation > PROVISIONAL

    def shown(self) -> str | None:
        """The number as the hall shows it: none yet, ``"1612?"`` or ``"1612"``."""
        if self.games < SHOWN_AFTER:
            return None
        return f"{round(self.value)}{'?' if self.provisional else ''}"

    def public(self) -> dict[str, object]:
        """``{value, deviation, provisional, games}`` (value None before it is shown)."""
        return {
            "value": round(self.value) if self.games >= SHOWN_AFTER else None,
            "deviation": round(self.deviation),
            "provisional": self.provisional,
            "games": self.games,
        }


@dataclass(frozen=True)
class Game:
    """One game against an opponent as rated before it; ``score`` 1, ½ or 0."""

    opponent_value: float
    opponent_deviation: float
    score: float


def _g(phi: float) -> float:
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def _e(mu: float, mu_j: float, phi_j: float) -> float:
    return 1.0 / (1.0 + math.exp(-_g(phi_j) * (mu - mu_j)))


def _volatility(phi: float, sigma: float, delta: float, v: float, tau: float) -> float:
    """Step 5 of Glickman's example: the new volatility by the Illinois algorithm."""
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        top = ex * (delta * delta - phi * phi - v - ex)
        bottom = 2.0 * (phi * phi + v + ex) ** 2
        return top / bottom - (x - a) / (tau * tau)

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > EPSILON:
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2.0
        big_b, f_b = big_c, f_c
    return math.exp(big_a / 2.0)


def glicko2(rating: Rating, games: Sequence[Game], tau: float = TAU) -> Rating:
    """The rating after one rating period with these ``games`` (no floor, no cap: the
    formulas of the paper, steps 2 to 8)."""
    mu = (rating.value - START) / SCALE
    phi = rating.deviation / SCALE
    sigma = rating.volatility
    if not games:
        grown = math.sqrt(phi * phi + sigma * sigma)
        return replace(rating, deviation=grown * SCALE)
    opponents = [
        ((g.opponent_value - START) / SCALE, g.opponent_deviation / SCALE, g.score) for g in games
    ]
    v_inverse = 0.0
    total = 0.0
    for mu_j, phi_j, score in opponents:
        e = _e(mu, mu_j, phi_j)
        v_inverse += _g(phi_j) ** 2 * e * (1.0 - e)
        total += _g(phi_j) * (score - e)
    v = 1.0 / v_inverse
    delta = v * total
    new_sigma = _volatility(phi, sigma, delta, v, tau)
    phi_star = math.sqrt(phi * phi + new_sigma * new_sigma)
    new_phi = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)
    new_mu = mu + new_phi * new_phi * total
    return Rating(SCALE * new_mu + START, SCALE * new_phi, new_sigma, rating.games + len(games))


def glicko1(rating: Rating, games: Sequence[Game], c: float = 0.0) -> Rating:
    """Glicko-1's step: ``c`` the growth of the deviation per rating period."""
    rd = min(math.sqrt(rating.deviation**2 + c * c), START_DEVIATION)
    if not games:
        return replace(rating, deviation=rd)
    d_inverse = 0.0
    total = 0.0
    for game in games:
        g = 1.0 / math.sqrt(1.0 + 3.0 * Q * Q * game.opponent_deviation**2 / math.pi**2)
        e = 1.0 / (1.0 + 10 ** (-g * (rating.value - game.opponent_value) / 400))
        d_inverse += Q * Q * g * g * e * (1.0 - e)
        total += g * (game.score - e)
    shrink = 1.0 / (1.0 / (rd * rd) + d_inverse)
    return Rating(
        rating.value + Q * shrink * total,
        math.sqrt(shrink),
        rating.volatility,
        rating.games + len(games),
    )


def expected(a: Rating, b: Rating) -> float:
    """The expected score of ``a`` against ``b`` (both deviations widen the doubt)."""
    phi = math.hypot(a.deviation, b.deviation) / SCALE
    return 1.0 / (1.0 + math.exp(-_g(phi) * (a.value - b.value) / SCALE))


def after_game(rating: Rating, opponent: Rating, score: float) -> Rating:
    """A hall rating after one rated game: Glicko-2 within the floor and the start."""
    new = glicko2(rating, [Game(opponent.value, opponent.deviation, score)])
    return replace(new, deviation=min(max(new.deviation, FLOOR), START_DEVIATION))
