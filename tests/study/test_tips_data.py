"""The positions of /tipps (reversi/web/static/js/study/tips.js): real positions where
both moves of each tip are legal and Schwer's analysis prefers the tip's good move."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from reversi.ai import analyse
from reversi.engine import Board, Counting
from reversi.engine.bitboard import SQUARE_NAMES

TIPS_JS = (Path(__file__).resolve().parents[2] / "reversi/web/static/js/study/tips.js").read_text()
BOARDS = re.findall(
    r'\{ moves: "([a-h1-8]*)", good: "([a-h][1-8])", weak: "([a-h][1-8])" \}', TIPS_JS
)


def test_every_tip_has_a_board() -> None:
    tips = re.findall(r'\bid: "(\w+)"', TIPS_JS)
    assert tips == ["ecken", "xc", "beweglichkeit", "front", "kanten", "paritaet", "stabil"]
    assert len(BOARDS) == 8


@pytest.mark.parametrize(("moves", "good", "weak"), BOARDS, ids=[b[1] + b[2] for b in BOARDS])
def test_both_moves_are_legal_and_the_good_one_is_clearly_better(
    moves: str, good: str, weak: str
) -> None:
    board = Board(moves=moves)
    assert {good, weak} <= {str(m) for m in board.legal_moves}
    scores = {
        SQUARE_NAMES[sq]: s.score for sq, s in analyse(board, 1.0, counting=Counting.NOBODY).items()
    }
    assert scores[good] - scores[weak] >= 4, scores
