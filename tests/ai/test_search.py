"""Schwer's sharp midgame search: the same values as plain alpha-beta, fewer nodes."""

from __future__ import annotations

import random

from reversi.ai.search import INFINITY, Search
from reversi.ai.trained import evaluate
from tests.ai.helpers import random_board


def _boards(count: int, seed: int) -> list[tuple[int, int]]:
    rng = random.Random(seed)
    found: list[tuple[int, int]] = []
    while len(found) < count:
        board = random_board(rng, rng.randint(20, 50))
        if board is not None and board.legal_moves:
            found.append((board.player, board.opponent))
    return found


def test_the_frontier_cut_keeps_every_value_and_every_bound() -> None:
    for p, o in _boards(16, seed=3):
        for depth in (1, 2, 3):
            exact = Search(evaluate).search(p, o, depth, -INFINITY, INFINITY)
            assert Search(evaluate, sharp=True).search(p, o, depth, -INFINITY, INFINITY) == exact
            for bound in (exact - 150, exact, exact + 1, exact + 150):
                value = Search(evaluate, sharp=True).search(p, o, depth, bound - 1, bound)
                assert (value >= bound) == (exact >= bound)


def test_the_sharp_search_needs_fewer_nodes_for_the_same_depth() -> None:
    plain_nodes = sharp_nodes = 0
    for p, o in _boards(6, seed=4):
        plain, sharp = Search(evaluate), Search(evaluate, sharp=True)
        assert sharp.iterate(p, o, 4).score == plain.iterate(p, o, 4).score
        plain_nodes += plain.nodes
        sharp_nodes += sharp.nodes
    assert sharp_nodes < 0.8 * plain_nodes
