"""How well does the Wertungszahl predict results? Glicko-1 against Glicko-2.

Simulated players with known strengths (Elo-like, normal around 1500) play random
pairings (partly among neighbours in strength, as pairing by rating does); each game's
result comes from the true strengths (a logistic curve with a share of draws). Before
every game each system predicts the first player's score from its current ratings; the
figures are the mean log loss and Brier score of those predictions (lower is better),
over all games and over the second half (when the ratings had time to settle). Both
systems see the same games, one game per rating period, with the hall's start, floor
and cap (reversi.hall.glicko).

    python benchmarks/ratings.py --players 200 --games 5000 --seed 1
"""

from __future__ import annotations

import argparse
import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, replace

from reversi.hall.glicko import FLOOR, START_DEVIATION, Game, Rating, after_game, expected, glicko1

Update = Callable[[Rating, Rating, float], Rating]


def glicko1_game(rating: Rating, opponent: Rating, score: float, c: float = 0.0) -> Rating:
    """Glicko-1 after one game, within the hall's floor and cap."""
    new = glicko1(rating, [Game(opponent.value, opponent.deviation, score)], c=c)
    return replace(new, deviation=min(max(new.deviation, FLOOR), START_DEVIATION))


@dataclass
class Figures:
    log_loss: float = 0.0
    brier: float = 0.0
    games: int = 0

    def add(self, predicted: float, score: float) -> None:
        p = min(max(predicted, 1e-9), 1 - 1e-9)
        self.log_loss -= score * math.log(p) + (1 - score) * math.log(1 - p)
        self.brier += (predicted - score) ** 2
        self.games += 1

    def mean(self) -> tuple[float, float]:
        return self.log_loss / max(self.games, 1), self.brier / max(self.games, 1)


def true_score(rng: random.Random, a: float, b: float, draws: float) -> float:
    """A result from the true strengths: a draw with probability ``draws`` (scaled by
    how close the two are), else a win by the Elo curve."""
    p = 1.0 / (1.0 + 10 ** ((b - a) / 400))
    if rng.random() < draws * (1 - abs(2 * p - 1)):
        return 0.5
    return 1.0 if rng.random() < p else 0.0


def simulate(
    players: int, games: int, seed: int, draws: float, drift: float, systems: dict[str, Update]
) -> dict[str, tuple[Figures, Figures]]:
    rng = random.Random(seed)
    strength = [rng.gauss(1500, 300) for _ in range(players)]
    ratings = {name: [Rating() for _ in range(players)] for name in systems}
    figures = {name: (Figures(), Figures()) for name in systems}
    for n in range(games):
        a = rng.randrange(players)
        if rng.random() < 0.5:  # a neighbour in (true) strength, as rating pairing does
            order = sorted(range(players), key=lambda i: strength[i])
            at = order.index(a)
            b = order[min(max(at + rng.choice((-3, -2, -1, 1, 2, 3)), 0), players - 1)]
            if b == a:
                b = (a + 1) % players
        else:
            b = rng.randrange(players - 1)
            b += b >= a
        score = true_score(rng, strength[a], strength[b], draws)
        for name, update in systems.items():
            ra, rb = ratings[name][a], ratings[name][b]
            predicted = expected(ra, rb)
            figures[name][0].add(predicted, score)
            if n >= games // 2:
                figures[name][1].add(predicted, score)
            ratings[name][a] = update(ra, rb, score)
            ratings[name][b] = update(rb, ra, 1 - score)
        if drift:  # players improve or fall off a little over time
            i = rng.randrange(players)
            strength[i] += rng.gauss(0, drift)
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=200)
    parser.add_argument("--games", type=int, default=5000)
    parser.add_argument("--seeds", type=int, default=5, help="runs with seeds 1…n, averaged")
    parser.add_argument("--draws", type=float, default=0.06, help="draw share of even games")
    parser.add_argument("--drift", type=float, default=15.0, help="strength change per game")
    args = parser.parse_args()
    systems: dict[str, Update] = {
        "Glicko-1 (c=0)": glicko1_game,
        "Glicko-1 (c=10)": lambda r, o, s: glicko1_game(r, o, s, c=10.0),
        "Glicko-2 (τ=0.5)": after_game,
    }
    started = time.perf_counter()
    totals: dict[str, list[float]] = {name: [0.0] * 4 for name in systems}
    for seed in range(1, args.seeds + 1):
        figures = simulate(args.players, args.games, seed, args.draws, args.drift, systems)
        for name, (whole, late) in figures.items():
            for i, value in enumerate((*whole.mean(), *late.mean())):
                totals[name][i] += value / args.seeds
    print(
        f"{args.seeds} runs × {args.games} games, {args.players} players, "
        f"draws {args.draws:.0%} of even games, drift {args.drift} per game"
    )
    print(
        f"{'system':<18} {'log loss':>9} {'Brier':>7} {'log loss 2nd half':>18} {'Brier 2nd':>10}"
    )
    for name, (ll, br, ll2, br2) in totals.items():
        print(f"{name:<18} {ll:9.5f} {br:7.5f} {ll2:18.5f} {br2:10.5f}")
    best = min(totals, key=lambda name: totals[name][2])
    print(f"best by log loss of the second half: {best}")
    print(f"{time.perf_counter() - started:.1f} s")


if __name__ == "__main__":
    main()
