"""Pattern indices of many positions at once, with numpy (training only)."""

from __future__ import annotations

import numpy as np

from reversi.ai.patterns import PATTERNS, Pattern, canonical_positions, self_symmetries
from reversi.engine.moves import legal_moves


def states(p: np.ndarray, o: np.ndarray) -> np.ndarray:
    """(N, 64) int32: 0 empty, 1 the player's disc, 2 the opponent's."""
    shifts = np.arange(64, dtype=np.uint64)
    mine = (p[:, None] >> shifts) & np.uint64(1)
    theirs = (o[:, None] >> shifts) & np.uint64(1)
    return (mine + 2 * theirs).astype(np.int32)


def fold(pattern: Pattern) -> np.ndarray:
    """For each index, the smallest index of its images under the pattern's own
    symmetries: the weights of one class are trained as one."""
    k = len(pattern.images[0])
    indices = np.arange(3**k, dtype=np.int64)
    digits = (indices[:, None] // 3 ** np.arange(k)) % 3
    best = indices.copy()
    for perm in self_symmetries(pattern):
        moved = np.zeros_like(indices)
        for j, target in enumerate(perm):
            moved += digits[:, j] * 3**target
        best = np.minimum(best, moved)
    return best


def image_indices(board: np.ndarray) -> list[np.ndarray]:
    """Per pattern an (N, images) array of indices in the canonical order."""
    found = []
    for pattern in PATTERNS:
        columns = []
        for image in pattern.images:
            value = np.zeros(len(board), dtype=np.int64)
            for s, j in zip(image, canonical_positions(pattern, image), strict=True):
                if s is not None and j is not None:
                    value += board[:, s].astype(np.int64) * 3**j
            columns.append(value)
        found.append(np.stack(columns, axis=1))
    return found


def mobility(p: np.ndarray, o: np.ndarray) -> np.ndarray:
    """Own legal moves minus the opponent's (plain Python: a few µs each)."""
    return np.fromiter(
        (
            legal_moves(a, b).bit_count() - legal_moves(b, a).bit_count()
            for a, b in zip(p.tolist(), o.tolist(), strict=True)
        ),
        dtype=np.int32,
        count=len(p),
    )
