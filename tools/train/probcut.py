"""Fit Multi-ProbCut's statistics: deep search values against shallow ones.

    nice -n 10 .venv/bin/python -m tools.train.probcut --positions 120 --seed 77
    nice -n 10 .venv/bin/python -m tools.train.probcut --native --positions 240 \
        --max-depth 12 --write                       # the core's: reversi/native/probcut.h

For self-play positions (as in ``heldout.py``) at 20–50 empties (``--native``:
20–56), Schwer's midgame search (trained evaluation, no ProbCut) is run with a
full window to depth ``d`` and to the shallow depth of the same parity
(``shallow_depth``); a least-squares line ``deep ≈ slope · shallow + intercept``
and the standard deviation of its residuals are printed per depth, as the table
for ``reversi/ai/probcut.py``. With ``--native`` the core searches (to depths
it reaches in play) and the lines are fitted per game stage (``STAGES``);
``--write`` writes them to ``reversi/native/probcut.h``, which both builds of the
core compile in.
"""

from __future__ import annotations

import argparse
import random
import re
import statistics
import sys
from pathlib import Path

from reversi.ai.native import core
from reversi.ai.search import INFINITY, Search
from reversi.ai.trained import evaluate
from tools.train.heldout import position

HEADER = Path(__file__).resolve().parents[2] / "reversi" / "native" / "probcut.h"
#: The core's game stages: a stage from this many empties on.
STAGES = (0, 30, 42)
#: One fit: shallow depth, slope (thousandths), intercept and sigma (hundredths of a disc).
Fit = tuple[int, int, int, int]
#: By stage, by depth (0–2 never cut).
NativeTable = tuple[tuple[Fit, ...], ...]
_UNUSED: Fit = (0, 1000, 0, 0)


def shallow_depth(depth: int) -> int:
    """About half the depth and of the same parity: a search's values at odd and
    at even depths differ by several discs (who moved last), so a shallow search
    of the other parity predicts the deep one worse (3→1, 4→2, 5→3, 6→4, 7→3, 8→4)."""
    return depth - 2 * ((depth + 1) // 4)


def fit(data: list[tuple[int, int]]) -> tuple[float, float, float]:
    """Slope, intercept and sigma of the line through (shallow, deep) pairs (no won games)."""
    data = [(s, d) for s, d in data if abs(s) < 50_000 and abs(d) < 50_000]
    xs, ys = [s for s, _ in data], [d for _, d in data]
    slope, intercept = statistics.linear_regression(xs, ys)
    sigma = statistics.pstdev([y - (slope * x + intercept) for x, y in data])
    return slope, intercept, sigma


def render(table: NativeTable, command: str) -> str:
    """The text of ``probcut.h`` for ``table`` (by stage of ``STAGES``, by depth)."""
    depths = len(table[0])
    lines = [
        "/* Multi-ProbCut's statistics for the core's midgame search (search.c), written by",
        f"   {command}",
        "   (tools/train/probcut.py): do not edit. By game stage (from this many empties on)",
        "   and depth: the shallow depth, and the line deep = slope / 1000 * shallow + intercept",
        "   with the standard deviation of its error, in hundredths of a disc. Depths 0-2 are",
        "   never cut. */",
        "",
        "#ifndef REVERSI_NATIVE_PROBCUT_H",
        "#define REVERSI_NATIVE_PROBCUT_H",
        "",
        "#include <stdint.h>",
        "",
        f"#define RV_PROBCUT_STAGES {len(table)}",
        f"#define RV_PROBCUT_DEPTHS {depths}",
        "",
        "typedef struct rv_probcut_fit {",
        "    int8_t shallow;",
        "    int32_t slope, intercept, sigma;",
        "} rv_probcut_fit;",
        "",
        "static const uint8_t rv_probcut_stage_empties[RV_PROBCUT_STAGES] = {"
        + ", ".join(str(s) for s in STAGES[: len(table)])
        + "};",
        "",
        "static const rv_probcut_fit rv_probcut[RV_PROBCUT_STAGES][RV_PROBCUT_DEPTHS] = {",
    ]
    for stage in table:
        lines.append("    {")
        lines.extend(f"        {{{s}, {a}, {b}, {e}}}," for s, a, b, e in stage)
        lines.append("    },")
    lines += ["};", "", "#endif", ""]
    return "\n".join(lines)


def parse(text: str) -> NativeTable:
    """The table in a ``probcut.h`` text (what :func:`render` wrote)."""
    body = text.split("rv_probcut[RV_PROBCUT_STAGES][RV_PROBCUT_DEPTHS] = {", 1)[1]
    stages = re.findall(r"\{\s*((?:\{[^{}]*\},\s*)+)\}", body)
    return tuple(
        tuple(
            (int(a), int(b), int(c), int(d))
            for a, b, c, d in re.findall(r"\{(-?\d+), (-?\d+), (-?\d+), (-?\d+)\}", stage)
        )
        for stage in stages
    )


def _positions(rng: random.Random, count: int, low: int, high: int) -> list[tuple[int, int]]:
    found: list[tuple[int, int]] = []
    while len(found) < count:
        board = position(rng, rng.randint(low, high), 16, 0.05)
        if board is not None:
            found.append(board)
    return found


def native_values(p: int, o: int, max_depth: int) -> dict[int, int]:
    """The core's full-window values (no ProbCut) at depths 1..max_depth, the table
    kept from one depth to the next (each depth's value is still exact)."""
    native = core()
    if native is None:
        raise SystemExit("--native needs the core reversi._native (dev/setup builds it)")
    return {d: native.search(p, o, d, keep=d > 1).score for d in range(1, max_depth + 1)}


def native_table(pairs: dict[int, dict[int, list[tuple[int, int]]]]) -> NativeTable:
    """Per stage and depth the rounded fit (a depth with too few positions: the
    line of the depth before)."""
    table = []
    for stage in range(len(STAGES)):
        rows: list[Fit] = [_UNUSED] * 3
        for depth in sorted(pairs[stage]):
            data = pairs[stage][depth]
            if len(data) < 10:
                rows.append((shallow_depth(depth), *rows[-1][1:]))
                continue
            slope, intercept, sigma = fit(data)
            if slope <= 0.5:
                raise SystemExit(f"stage {stage}, depth {depth}: slope {slope:.3f} is no fit")
            rows.append((shallow_depth(depth), round(slope * 1000), round(intercept), round(sigma)))
        table.append(tuple(rows))
    return tuple(table)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=120)
    parser.add_argument("--seed", type=int, default=77)
    parser.add_argument("--max-depth", type=int, default=7)
    parser.add_argument("--native", action="store_true", help="fit the core's, by stage")
    parser.add_argument("--write", action="store_true", help="--native: write probcut.h")
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    depths = range(3, args.max_depth + 1)
    if args.native:
        pairs: dict[int, dict[int, list[tuple[int, int]]]] = {
            s: {d: [] for d in depths} for s in range(len(STAGES))
        }
        for i, (p, o) in enumerate(_positions(rng, args.positions, 20, 56), 1):
            empties = 64 - (p | o).bit_count()
            stage = max(s for s, low in enumerate(STAGES) if empties >= low)
            values = native_values(p, o, args.max_depth)
            for depth in depths:
                if depth < empties:  # a search to the end is never cut
                    pairs[stage][depth].append((values[shallow_depth(depth)], values[depth]))
            print(f"{i} positions", file=sys.stderr, flush=True)
        table = native_table(pairs)
        command = (
            f"python -m tools.train.probcut --native --positions {args.positions} "
            f"--seed {args.seed} --max-depth {args.max_depth} --write"
        )
        text = render(table, command)
        if args.write:
            HEADER.write_text(text)
        print(text)
        for stage, low in enumerate(STAGES):
            counts = {d: len(pairs[stage][d]) for d in depths}
            print(f"# stage from {low} empties: positions by depth {counts}")
        return 0
    python_pairs: dict[int, list[tuple[int, int]]] = {d: [] for d in depths}
    for found, (p, o) in enumerate(_positions(rng, args.positions, 20, 50), 1):
        values = {}
        for depth in range(1, args.max_depth + 1):
            search = Search(evaluate, sharp=True)
            values[depth] = search.search(p, o, depth, -INFINITY, INFINITY)
        for depth in python_pairs:
            python_pairs[depth].append((values[shallow_depth(depth)], values[depth]))
        if found % 20 == 0:
            print(f"{found} positions", file=sys.stderr, flush=True)
    print("# depth: (shallow depth, slope, intercept, sigma), in hundredths of a disc")
    for depth, data in python_pairs.items():
        slope, intercept, sigma = fit(data)
        print(
            f"{depth}: ({shallow_depth(depth)}, {slope:.3f}, {intercept:.1f}, {sigma:.1f}),"
            f"  # {len(data)} positions"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
