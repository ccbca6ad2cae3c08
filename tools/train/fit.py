"""Fit the pattern weights to the generated positions and write the weight file.

    nice -n 10 .venv/bin/python -m tools.train.fit --out reversi/ai/pattern_weights.bin

Per phase (``weights.PHASE_WIDTH`` empties), ridge regression of the label
(the final disc difference for the player to move, see ``generate.py``) on
the pattern indices (each class of symmetric indices one unknown), mobility,
parity and a constant, solved by conjugate gradients on the normal
equations. A phase is fitted on the positions within ``--overlap`` empties of
its own, so that phases with few positions borrow from their neighbours. The
held-out positions (``heldout.py``) are never used for fitting; their mean
absolute error is printed, and that of the hand-written evaluation scaled by
the factor that fits it best. The weights are written in hundredths of a disc,
rounded to multiples of ``--step`` hundredths: with a step of 10 (a tenth of a
disc, far below the error) the file compresses by a quarter more.
"""

from __future__ import annotations

import argparse
import sys
import time
from array import array
from pathlib import Path

import numpy as np

from reversi.ai import weights
from reversi.ai.patterns import PATTERNS
from tools.train.features import fold, image_indices, mobility, states
from tools.train.generate import DATA, KEEP, RECORD, chunks, sidecar
from tools.train.progress import progress

RECORDS = np.dtype([("p", "<u8"), ("o", "<u8"), ("label", "i1"), ("empties", "u1")])


def read_games(
    folder: Path, every: int, labels: tuple[str, ...] = ()
) -> tuple[np.ndarray, np.ndarray]:
    """The training and the validation positions: every ``every``-th chunk validates.
    The labels of ``relabel.py`` replace a chunk's own where they exist, each of
    ``labels`` over those before it (but for its records marked KEEP)."""
    assert RECORDS.itemsize == RECORD.size
    parts: tuple[list[np.ndarray], list[np.ndarray]] = ([], [])
    for path in chunks(folder):
        chunk = int(path.stem.rsplit("-", 1)[1])
        records = np.fromfile(path, dtype=RECORDS)
        for name in labels:
            better = sidecar(path, name)
            if better.exists():
                new = np.fromfile(better, dtype="i1")
                records["label"] = np.where(new == KEEP, records["label"], new)
        parts[chunk % every == every - 1].append(records)
    empty = np.zeros(0, dtype=RECORDS)
    training, validation = (np.concatenate(p) if p else empty for p in parts)
    return training, validation


def read_heldout(path: Path) -> np.ndarray:
    rows = [line.split() for line in path.read_text().splitlines() if line.strip()]
    data = np.zeros(len(rows), dtype=RECORDS)
    for i, (p, o, empties, score) in enumerate(rows):
        data[i] = (int(p, 16), int(o, 16), int(score), int(empties))
    return data


class Design:
    """The sparse design matrix of a set of positions: one column per pattern
    class (offset per pattern) for each image, and the dense scalar features."""

    def __init__(self, data: np.ndarray, folds: list[np.ndarray], offsets: list[int]) -> None:
        board = states(data["p"], data["o"])
        columns = []
        for indices, folded, offset in zip(image_indices(board), folds, offsets, strict=True):
            columns.append(folded[indices] + offset)
        self.columns = np.concatenate(columns, axis=1)  # (N, 46)
        parity = (data["empties"].astype(np.int32) & 1).astype(np.float64)
        self.scalars = np.stack(
            [np.ones(len(data)), mobility(data["p"], data["o"]).astype(np.float64), parity], axis=1
        )
        self.labels = data["label"].astype(np.float64)
        self.empties = data["empties"].astype(np.int32)

    def subset(self, rows: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        return self.columns[rows], self.scalars[rows], self.labels[rows]


def ridge(
    columns: np.ndarray,
    scalars: np.ndarray,
    y: np.ndarray,
    unknowns: int,
    strength: float,
    iterations: int,
) -> tuple[np.ndarray, np.ndarray]:
    """Minimise |A w - y|² + strength·|w_patterns|² by conjugate gradients."""
    used, local = np.unique(columns, return_inverse=True)
    local = local.reshape(columns.shape)
    m = len(used)
    flat = local.ravel()

    def apply(w: np.ndarray) -> np.ndarray:  # A w
        return np.asarray(w[:m][local].sum(axis=1) + scalars @ w[m:])

    def apply_t(r: np.ndarray) -> np.ndarray:  # Aᵀ r
        patterns = np.bincount(flat, weights=np.repeat(r, columns.shape[1]), minlength=m)
        return np.concatenate([patterns, scalars.T @ r])

    def normal(w: np.ndarray) -> np.ndarray:
        out = apply_t(apply(w))
        out[:m] += strength * w[:m]
        return out

    w = np.zeros(m + scalars.shape[1])
    r = apply_t(y) - normal(w)
    d = r.copy()
    rr = r @ r
    for _ in range(iterations):
        q = normal(d)
        alpha = rr / (d @ q)
        w += alpha * d
        r -= alpha * q
        new = r @ r
        if new < 1e-12:
            break
        d = r + (new / rr) * d
        rr = new
    full = np.zeros(unknowns)
    full[used] = w[:m]
    return full, w[m:]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=DATA)
    parser.add_argument("--heldout", type=Path, default=DATA / "heldout.txt")
    parser.add_argument("--out", type=Path, default=None, help="write the weight file here")
    parser.add_argument("--strength", type=float, default=3.0, help="ridge regularisation")
    parser.add_argument("--overlap", type=int, default=2, help="empties borrowed each side")
    parser.add_argument("--iterations", type=int, default=300)
    parser.add_argument(
        "--step",
        type=int,
        default=1,
        help="weights rounded to multiples of this many hundredths of a disc (a smaller file)",
    )
    parser.add_argument(
        "--validate-every",
        type=int,
        default=10,
        help="every N-th chunk of games is kept for validation",
    )
    parser.add_argument(
        "--labels",
        action="append",
        default=[],
        metavar="NAME",
        help="the labels of relabel.py NAME instead of the games' results (repeatable)",
    )
    args = parser.parse_args(argv)
    start = time.process_time()
    data, validation = read_games(args.data, args.validate_every, tuple(args.labels))
    print(
        f"{len(data):,} positions for fitting, {len(validation):,} for validation, "
        f"from {args.data}",
        flush=True,
    )
    folds = [fold(pattern) for pattern in PATTERNS]
    offsets = list(np.cumsum([0] + [p.size for p in PATTERNS[:-1]]))
    unknowns = sum(p.size for p in PATTERNS)
    design = Design(data, folds, offsets)
    check = Design(validation, folds, offsets) if len(validation) else None
    print(f"features in {time.process_time() - start:.0f} s CPU", flush=True)
    values = np.zeros((weights.PHASES, weights.VALUES_PER_PHASE))
    width = weights.PHASE_WIDTH
    for phase in range(weights.PHASES):
        low = phase * width - args.overlap
        high = (phase + 1) * width - 1 + args.overlap
        if phase == weights.PHASES - 1:
            high = 64
        rows = np.flatnonzero((design.empties >= low) & (design.empties <= high))
        if not len(rows):
            continue
        columns, scalars, y = design.subset(rows)
        table, scalar = ridge(columns, scalars, y, unknowns, args.strength, args.iterations)
        own = (design.empties[rows] >= phase * width) & (design.empties[rows] < (phase + 1) * width)
        fitted = table[columns].sum(axis=1) + scalars @ scalar
        mae = np.abs(fitted - y)[own].mean() if own.any() else float("nan")
        held = float("nan")
        if check is not None:
            mine = np.flatnonzero(
                (check.empties >= phase * width) & (check.empties < (phase + 1) * width)
            )
            if len(mine):
                c_columns, c_scalars, c_y = check.subset(mine)
                held = np.abs(table[c_columns].sum(axis=1) + c_scalars @ scalar - c_y).mean()
        progress(
            f"phase {phase:2} (empties {phase * width}–{(phase + 1) * width - 1}): "
            f"{len(rows):,} positions, MAE fitting {mae:.2f}, validation {held:.2f} discs, "
            f"mobility {scalar[1]:+.2f}, parity {scalar[2]:+.2f}",
            start,
        )
        full = []
        for folded, offset in zip(folds, offsets, strict=True):
            full.append(table[folded + offset])
        values[phase] = np.concatenate([*full, scalar])
    steps = np.rint(values * 100 / args.step) * args.step
    quantised = np.clip(steps, -32767, 32767).astype("<i2")
    blob = weights.dump(array("h", quantised.ravel().tobytes()))
    if args.out:
        args.out.write_bytes(blob)
        print(f"wrote {args.out}: {len(blob):,} bytes")
    if args.heldout.exists():
        report_heldout(read_heldout(args.heldout), weights.parse(blob))
    return 0


def report_heldout(data: np.ndarray, phases: list[weights.Phase]) -> None:
    from reversi.ai import trained
    from reversi.ai.evaluate import evaluate as classic

    p, o = data["p"].tolist(), data["o"].tolist()
    exact = data["label"].astype(np.float64)
    empties = data["empties"].astype(np.int32)
    by_empties = [phases[weights.phase_of(n)] for n in range(65)]
    ours = np.array(
        [
            trained.reference(a, b, by_empties[64 - (a | b).bit_count()]) / 100
            for a, b in zip(p, o, strict=True)
        ]
    )
    old = np.array([classic(a, b) for a, b in zip(p, o, strict=True)], dtype=np.float64)
    factor = (old @ exact) / (old @ old)
    print(
        f"held-out: {len(data)} positions, {empties.min()}–{empties.max()} empties; "
        f"MAE trained {np.abs(ours - exact).mean():.2f} discs, hand-written × {factor:.4f} "
        f"{np.abs(factor * old - exact).mean():.2f} discs"
    )
    for n in sorted(set(empties.tolist())):
        sel = empties == n
        print(
            f"  {n} empties ({sel.sum()}): trained {np.abs(ours - exact)[sel].mean():.2f}, "
            f"hand-written {np.abs(factor * old - exact)[sel].mean():.2f}"
        )


if __name__ == "__main__":
    sys.exit(main())
