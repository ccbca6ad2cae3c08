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
    (1, 0.995, 23.3, 380.3),
    (2, 0.953, -22.9, 361.3),
    (3, 0.986, -26.5, 296.2),
    (4, 1.016, -28.1, 296.1),
    (3, 1.006, -116.7, 406.4),
    (4, 1.038, -8.9, 410.8),
)
