import argparse
import json
import subprocess
import sys
from pathlib import Path

import pytest

from reversi import __version__
from reversi.cli import commands as cli
from reversi.cli import main
from tests.engine.test_notation import SEED_001_FIGURE_1


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["--version"])
    assert exit_.value.code == 0
    assert capsys.readouterr().out == f"reversi {__version__}\n"


def test_perft_prints_the_count_and_the_rate(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["perft", "5"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "perft(5) = 1396"
    assert out[1].endswith("leaves/s")
    assert main(["perft", "3", "--no-bulk", "--moves", "f5"]) == 0
    assert capsys.readouterr().out.startswith("perft(3) = 61\n")  # a quarter of perft(4)


def test_figure(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["figure", "f5d6"]) == 0
    assert capsys.readouterr().out == SEED_001_FIGURE_1 + "\n"


def test_bad_input_is_an_error_not_a_traceback(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["figure", "f5a1"]) == 1
    assert "illegal move 'a1'" in capsys.readouterr().err
    with pytest.raises(SystemExit) as exit_:
        main(["perft", "99"])
    assert exit_.value.code == 2


def test_python_dash_m_works_the_same() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "reversi", "figure", "f5d6"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert result.stdout == SEED_001_FIGURE_1 + "\n"


def test_the_terminal_game_speaks_german_with_the_boards_reasons(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A wrong square is refused as the board in the browser refuses it (de.json's
    reason.*), never with the engine's internals (an English message quoting OBF)."""
    answers = iter(["d4", "a1", "zz", "q"])
    args = argparse.Namespace(level="leicht", begin="me", seed=1)
    assert cli._play(args, lambda prompt: next(answers)) == 0
    out = capsys.readouterr().out
    catalogue = json.loads((Path(cli.__file__).parents[1] / "web/static/de.json").read_text())
    assert catalogue["reason.occupied"].format(square="d4") in out
    assert catalogue["reason.no_flips"].format(square="a1") in out
    assert "„zz“ ist kein Feld" in out
    assert "Gegen den Computer (Leicht) – du spielst Ebenholz." in out
    assert "Steine: Ebenholz 2, Perlmutt 2" in out
    for internal in ("illegal", "Not possible", "encloses", "----", "black", "You "):
        assert internal not in out
