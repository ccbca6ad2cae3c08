"""Multi-ProbCut statistics of the trained evaluation (``tools/train/probcut.py``).

By depth: (shallow depth, slope, intercept, sigma) of the line that predicts a
full-window search at that depth from one at the shallow depth, in hundredths
of a disc; fitted on 60 self-play positions at 20–50 empties (seed 77, see
docs/ai.md). Depths 0–2 are never cut; deeper ones use the last row.
"""

from __future__ import annotations

from reversi.ai.search import ProbCutTable

TABLE: ProbCutTable = (
    (0, 1.0, 0.0, 0.0),
    (0, 1.0, 0.0, 0.0),
    (0, 1.0, 0.0, 0.0),
    (1, 0.956, -134.5, 562.3),
    (1, 0.998, -968.8, 739.9),
    (2, 0.944, 652.5, 511.7),
    (2, 1.016, -128.5, 519.2),
)
