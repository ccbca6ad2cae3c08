"""``reversi nboard`` driven as NBoard drives an engine, and ``reversi eval``."""

from __future__ import annotations

import subprocess
import sys

import pytest

from reversi.cli import commands as cli
from reversi.engine import Board

START_GGF = (
    "(;GM[Othello]PC[NBoard]DT[2026-12-01 08:00:00 GMT]PB[me]PW[Reversi]RE[?]TI[15:00]"
    "TY[8]BO[8 ---------------------------O*------*O--------------------------- *]"
    "B[F5]W[F6]B[D3];)"
)


class Engine:
    """The engine as a child process: one command in, answers read line by line,
    each as soon as it is flushed (a GUI waits for them while the engine runs)."""

    def __init__(self) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "reversi", "nboard"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            bufsize=1,
        )

    def send(self, line: str) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()

    def until(self, prefix: str) -> list[str]:
        """Lines up to and including the first that starts with ``prefix``."""
        assert self.process.stdout is not None
        lines: list[str] = []
        while True:
            line = self.process.stdout.readline()
            assert line, f"the engine ended before {prefix!r}: {lines}"
            lines.append(line.rstrip("\n"))
            if line.startswith(prefix):
                return lines

    def close(self) -> str:
        self.send("quit")
        _, err = self.process.communicate(timeout=30)
        assert self.process.returncode == 0
        return err


@pytest.fixture
def engine() -> Engine:
    return Engine()


def test_a_session_as_nboard_runs_it(engine: Engine) -> None:
    engine.send("nboard 2")
    assert engine.until("set myname") == ["set myname Reversi"]
    engine.send(f"set game {START_GGF}")
    engine.send("set depth 3")
    engine.send("ping 1")
    assert engine.until("pong") == ["pong 1"]  # nothing else was said in between

    board = Board(moves="f5f6d3")
    engine.send("go")
    answer = engine.until("===")
    assert answer[0].startswith("status")
    move, evaluation, seconds = answer[-1].removeprefix("=== ").split("/")
    assert move in {str(m) for m in board.legal_moves}
    float(evaluation), float(seconds)
    assert engine.until("status") == ["status Reversi is waiting"]

    engine.send("hint 3")
    lines = engine.until("status")  # "status Reversi is thinking"
    lines = engine.until("status")
    searches = [line.split() for line in lines[:-1]]
    assert lines[-1] == "status" and len(searches) == 3
    for word, pv, value, zero, depth, _ in searches:
        assert word == "search" and pv.lower() in {str(m) for m in board.legal_moves}
        assert zero == "0" and depth == "3"
        float(value)
    values = [float(s[2]) for s in searches]
    assert values == sorted(values, reverse=True)

    # the GUI plays the engine's move (and a pass would come as PA)
    engine.send(f"move {move.upper()}/{evaluation}/{seconds}")
    board.push(move)
    engine.send("go")
    second = engine.until("===")[-1].removeprefix("=== ").split("/")[0]
    assert second in {str(m) for m in board.legal_moves}
    engine.send("learn")
    assert engine.until("learned")[-1] == "learned"
    assert engine.close() == ""


def test_bad_commands_change_nothing_and_unknown_ones_are_ignored(engine: Engine) -> None:
    engine.send("nboard 2")
    engine.until("set myname")
    engine.send(f"set game {START_GGF}")
    engine.send("set depth 2")
    engine.send("move a1")  # a1 encloses nothing after f5 f6 d3
    assert "illegal move 'a1'" in engine.until("status")[-1]
    engine.send("set game (;GM[Chess];)")
    assert engine.until("status")[-1].startswith("status set: ")
    engine.send("set depth 99")
    assert "depth must be" in engine.until("status")[-1]
    engine.send("frobnicate 7")  # unknown: ignored without a word
    engine.send("ping 2")
    assert engine.until("pong") == ["pong 2"]
    engine.send("move c3")  # still the position after f5 f6 d3, depth 2
    engine.send("hint 1")
    engine.until("status")
    [search, done] = engine.until("status")
    assert search.split()[4] == "2" and done == "status"
    assert "illegal move 'a1'" in engine.close()


def test_the_end_of_the_game_is_exact(engine: Engine) -> None:
    ending = Board("OOOOOOOOOXXXXXXOXXXXXXXOXXOXXXOOXXXOXOO-XXOXXO---XOOXO---XXXXX-- X")
    from reversi.ai import solve
    from reversi.engine import write_ggf

    engine.send("nboard 2")
    engine.send(f"set game {write_ggf(ending)}")
    engine.send("set depth 4")
    engine.send("go")
    move, value, _ = engine.until("===")[-1].removeprefix("=== ").split("/")
    solution = solve(ending)
    assert move in {str(m) for m in solution.best_moves}
    assert float(value) == solution.score
    engine.close()


def test_eval_prints_the_static_evaluation(capsys: pytest.CaptureFixture[str]) -> None:
    board = Board(moves="f5d6c3")
    assert cli.main(["eval", board.obf()]) == 0
    out = capsys.readouterr().out
    assert "discs for O (white) to move (57 empties, trained evaluation)" in out
    from reversi.ai.trained import evaluate

    assert out.startswith(f"{evaluate(board.player, board.opponent) / 100:+.2f} ")
    assert cli.main(["eval", "X" * 64 + " O"]) == 0
    assert capsys.readouterr().out.startswith("-64 discs for O (white): the game is over")
    assert cli.main(["eval", "nonsense"]) == 1
    assert "reversi: " in capsys.readouterr().err
