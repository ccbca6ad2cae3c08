"""Multi-ProbCut statistics of the trained evaluation (``tools/train/probcut.py``).

By depth: (shallow depth, slope, intercept, sigma) of the line that predicts a
full-window search at that depth from one at the shallow depth, in hundredths
of a disc; fitted on 80 self-play positions at 20–50 empties (seed 77,
``--positions 80 --max-depth 8``, see docs/ai.md). Depths 0–2 are never cut;
deeper ones use the last row.
"""

from __future__ import annotations

from reversi.ai.search import ProbCutTable

TABLE: ProbCutTable = (
    (0, 1.0, 0.0, 0.0),
    (0, 1.0, 0.0, 0.0),
    (0, 1.0, 0.0, 0.0),
    (1, 1.003, 15.9, 390.0),
    (2, 0.968, -30.9, 352.0),
    (3, 0.992, -54.1, 282.3),
    (4, 1.009, -21.4, 281.3),
    (3, 1.017, -127.1, 402.2),
    (4, 1.032, -29.5, 379.2),
)
