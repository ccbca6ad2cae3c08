"""Multi-ProbCut prunes the midgame and never touches a result that reaches the end."""

from __future__ import annotations

import random

from reversi.ai.probcut import TABLE
from reversi.ai.search import INFINITY, Search
from reversi.ai.trained import evaluate
from tests.ai.helpers import random_board


def _boards(count: int, seed: int, empties: range) -> list[tuple[int, int]]:
    rng = random.Random(seed)
    found: list[tuple[int, int]] = []
    while len(found) < count:
        board = random_board(rng, rng.choice(empties))
        if board is not None and board.legal_moves:
            found.append((board.player, board.opponent))
    return found


def test_probcut_never_changes_a_search_that_reaches_the_end() -> None:
    for p, o in _boards(12, seed=1, empties=range(6, 10)):
        depth = 64 - (p | o).bit_count()
        plain = Search(evaluate, sharp=True).search(p, o, depth, -INFINITY, INFINITY)
        cut = Search(evaluate, sharp=True, probcut=TABLE).search(p, o, depth, -INFINITY, INFINITY)
        assert cut == plain


def test_probcut_searches_fewer_nodes_in_the_midgame() -> None:
    plain_nodes = cut_nodes = 0
    for p, o in _boards(6, seed=2, empties=range(30, 45)):
        plain = Search(evaluate, sharp=True)
        plain.iterate(p, o, 5)
        cut = Search(evaluate, sharp=True, probcut=TABLE)
        cut.iterate(p, o, 5)
        plain_nodes += plain.nodes
        cut_nodes += cut.nodes
    assert cut_nodes < plain_nodes
