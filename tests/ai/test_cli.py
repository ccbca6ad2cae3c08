"""The computer player's subcommands: move, solve, play and match."""

from __future__ import annotations

import argparse
from collections.abc import Iterator

import pytest

from reversi.cli import commands as cli
from reversi.engine import Board

# an ending with nine empties
ENDING = "OOOOOOOOOXXXXXXOXXXXXXXOXXOXXXOOXXXOXOO-XXOXXO---XOOXO---XXXXX-- X"


def test_move_prints_a_legal_move(capsys: pytest.CaptureFixture[str]) -> None:
    board = Board(moves="f5d6c3")
    assert cli.main(["move", board.obf(), "--level", "leicht", "--seed", "1"]) == 0
    assert capsys.readouterr().out.strip() in {str(m) for m in board.legal_moves}


def test_solve_prints_score_moves_and_nodes(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["solve", ENDING]) == 0
    out = capsys.readouterr().out
    assert out.startswith("score: ") and "best moves: " in out and "nodes: " in out
    assert cli.main(["solve", ENDING, "--counting", "nobody"]) == 0


def test_play_a_whole_game_with_undo(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The human answers nonsense, undoes before any move, then always plays
    the first legal move of the board last shown."""
    shown: list[Board] = [Board()]
    board_text = cli._board_text

    def spy(board: Board) -> str:
        shown.append(board.copy())
        return board_text(board)

    monkeypatch.setattr(cli, "_board_text", spy)
    answers: Iterator[str] = iter(["zz", "u"])

    def ask(prompt: str) -> str:
        return next(answers, "") or str(next(iter(shown[-1].legal_moves)))

    args = argparse.Namespace(level="leicht", begin="me", seed=3)
    assert cli._play(args, ask) == 0
    out = capsys.readouterr().out
    assert "„zz“ ist kein Feld" in out and "Es gibt noch keinen Zug zum Zurücknehmen." in out
    assert "gewonnen" in out or "Unentschieden" in out


def test_match_prints_the_score(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["match", "mittel", "leicht", "-n", "2"]) == 0
    assert "mittel vs leicht: +" in capsys.readouterr().out


def test_undo_takes_back_the_humans_move_and_the_reply() -> None:
    board = Board(moves="f5d6c3")
    earlier = cli._undo(board, human=False)  # white played d6
    assert earlier is not None and earlier.transcript() == "f5"
    assert cli._undo(Board(), human=True) is None
