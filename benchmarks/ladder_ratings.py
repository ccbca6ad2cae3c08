"""Calibrating the Legenden: ratings of candidate opponents from many fast games.

    nice -n 10 .venv/bin/python benchmarks/ladder_ratings.py -n 40 --jobs 2 \\
        wild:rule:n100000 leicht ecken:rule klug:basic:d1 mittel klug:core:d4:e12
    nice -n 10 .venv/bin/python benchmarks/ladder_ratings.py -n 20 --jobs 2 --ladder

Each argument is an opponent: a key of ``LEGENDEN``, a level (``leicht``, ``mittel``,
``schwer`` with ``:b<seconds>``), or ``style:kind`` with optional fields ``d<depth>``,
``n<noise>``, ``e<exact>``, ``b<budget>`` (``reversi.ai.legenden.Legende``);
``--ladder`` takes the fifty in path order. Given roughly weakest first, each plays the
opponents ``--gaps`` places after it (default 1 and 2: its neighbour and the next but
one) ``-n`` games (``benchmarks/legenden.py``: random openings, colours swapped, CPU
clock, ``--jobs`` processes). The Bradley–Terry model (Elo scale: a difference of D
gives the stronger ``1 / (1 + 10 ** (-D / 400))``, a draw half a win, each pair
with one virtual draw so that a 100 % score keeps a finite gap) is fitted to all
games; the opponents are printed by rating with each one's expected score against
the one listed before it. 60 % needs a gap of 70 Elo. ``--refit FILE …`` plays
nothing and fits the results printed by earlier runs (their ``A vs B: +w =d -l``
lines) together.
"""

from __future__ import annotations

import argparse
import math
import os
import re
import sys

from benchmarks.legenden import play_pairs
from reversi.ai.legenden import LEGENDEN, Kind, Legende, Style, by_key
from reversi.ai.levels import Level


def parse(spec: str) -> Legende:
    """An opponent from its spec (module docstring); ValueError if it is none."""
    if any(lg.key == spec for lg in LEGENDEN):
        return by_key(spec)
    head, *fields = spec.split(":")
    values = {"d": 1, "n": 0, "e": 0}
    budget = 1.0
    for field in fields[1:] if head not in {lv.value for lv in Level} else fields:
        if field[:1] == "b":
            budget = float(field[1:])
        elif field[:1] in values:
            values[field[:1]] = int(field[1:])
        else:
            raise ValueError(f"{spec}: unknown field {field!r}")
    if head in {lv.value for lv in Level}:
        return Legende(spec, Style.KLUG, Kind.LEVEL, budget=budget, level=Level(head))
    return Legende(
        spec,
        Style(head),
        Kind(fields[0]),
        depth=values["d"],
        noise=values["n"],
        exact=values["e"],
        budget=budget,
    )


def fit(count: int, results: dict[tuple[int, int], tuple[float, int]]) -> list[float]:
    """Bradley–Terry ratings (Elo scale, the mean 0) from each pair's points of the
    first and games, each pair with one virtual draw."""
    strength = [1.0] * count
    wins = [0.0] * count
    for (a, b), (points, games) in results.items():
        wins[a] += points + 0.5
        wins[b] += games - points + 0.5
    for _ in range(2000):  # the MM iteration (Hunter 2004)
        new = []
        for i in range(count):
            total = sum(
                (games + 1) / (strength[a] + strength[b])
                for (a, b), (_, games) in results.items()
                if i in (a, b)
            )
            new.append(wins[i] / total if total else strength[i])
        mean = math.exp(sum(math.log(s) for s in new) / count)
        strength = [s / mean for s in new]
    return [400 * math.log10(s) for s in strength]


#: a result line as :func:`main` prints it
RESULT = re.compile(r"^(\S+) vs (\S+): \+(\d+) =(\d+) -(\d+) of")


def refit(paths: list[str]) -> None:
    """Fit and print the results of earlier runs' outputs together."""
    names: list[str] = []
    results: dict[tuple[int, int], tuple[float, int]] = {}
    for path in paths:
        with open(path, encoding="utf-8") as lines:
            for line in lines:
                if found := RESULT.match(line):
                    a, b, *counts = found.groups()
                    wins, draws, losses = map(int, counts)
                    for name in (a, b):
                        if name not in names:
                            names.append(name)
                    key = (names.index(a), names.index(b))
                    points, games = results.get(key, (0.0, 0))
                    results[key] = (points + wins + draws / 2, games + wins + draws + losses)
    show(names, fit(len(names), results), [0.0] * len(names))


def show(names: list[str], ratings: list[float], cpu_of: list[float]) -> None:
    previous = None
    print(f"{'rating':>7} {'vs above':>8}  opponent (CPU s in its games)")
    for i in sorted(range(len(names)), key=lambda i: ratings[i]):
        expected = (
            "" if previous is None else f"{1 / (1 + 10 ** ((previous - ratings[i]) / 400)):.0%}"
        )
        print(f"{ratings[i]:7.0f} {expected:>8}  {names[i]} ({cpu_of[i]:.0f})")
        previous = ratings[i]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("specs", nargs="*")
    parser.add_argument("--ladder", action="store_true", help="the fifty in path order")
    parser.add_argument("-n", "--games", type=int, default=20, help="games per pair")
    parser.add_argument("--gaps", default="1,2", help="play the opponents this many places on")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--refit", nargs="+", metavar="FILE", help="fit earlier outputs")
    args = parser.parse_args(argv)
    if args.refit:
        refit(args.refit)
        return 0
    opponents = list(LEGENDEN) if args.ladder else [parse(spec) for spec in args.specs]
    gaps = [int(gap) for gap in args.gaps.split(",")]
    pairs = [
        (i, i + gap) for gap in gaps for i in range(len(opponents)) if i + gap < len(opponents)
    ]
    print(f"{len(opponents)} opponents, {len(pairs)} pairs of {args.games} games", flush=True)
    results: dict[tuple[int, int], tuple[float, int]] = {}
    cpu_of = [0.0] * len(opponents)
    for index, score, cpu in play_pairs(
        [(opponents[a], opponents[b]) for a, b in pairs], args.games, jobs=args.jobs, seed=args.seed
    ):
        a, b = pairs[index]
        results[(a, b)] = (score.points, score.games)
        cpu_of[a] += cpu / 2
        cpu_of[b] += cpu / 2
        print(f"{opponents[a].key} vs {opponents[b].key}: {score}", flush=True)
    show([lg.key for lg in opponents], fit(len(opponents), results), cpu_of)
    print(f"load average {os.getloadavg()[0]:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
