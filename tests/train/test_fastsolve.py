"""The native core's solver that labels training positions gives the project's solver's scores."""

import random
from collections.abc import Iterator
from pathlib import Path

import pytest

from reversi.ai.endgame import EndgameSolver
from reversi.ai.native import core
from reversi.engine.moves import legal_moves
from tests.native.helpers import empties_of, random_game
from tools.train.fastsolve import FastSolver
from tools.train.generate import RECORD, game, sidecar
from tools.train.relabel import main

pytestmark = pytest.mark.skipif(core() is None, reason="reversi._native is not built here")


def random_positions(seed: int, empties: range, count: int) -> list[tuple[int, int]]:
    """Positions of random games with ``empties`` empties, some of them with the
    side to move forced to pass and some with the game over early."""
    rng = random.Random(seed)
    found: list[tuple[int, int]] = []
    while len(found) < count:
        found.extend(p for p in random_game(rng) if empties_of(p) in empties)
    return found[:count]


@pytest.fixture(scope="module")
def solver(tmp_path_factory: pytest.TempPathFactory) -> Iterator[FastSolver]:
    with FastSolver(tmp_path_factory.mktemp("fastsolve")) as running:
        yield running


def test_the_same_scores_as_the_projects_solver(solver: FastSolver) -> None:
    positions = random_positions(5, range(0, 15), 120)
    passes = [(p, o) for p, o in positions if not legal_moves(p, o)]
    assert passes  # the side to move must pass in some, the game is over in others
    for p, o in positions:
        assert solver.solve(p, o)[0] == EndgameSolver(winner=True).score(p, o), f"{p:x} {o:x}"


def test_a_game_over_early_gives_the_empties_to_the_winner(solver: FastSolver) -> None:
    # every disc black's (the player's): white has none, no move for either side
    assert solver.solve(0x0000_0018_1800_0000, 0)[0] == 64
    assert solver.solve(0, 0x0000_0018_1800_0000)[0] == -64


def test_a_line_that_is_no_position_is_refused(tmp_path: Path) -> None:
    with FastSolver(tmp_path) as broken, pytest.raises(ValueError, match="not a position"):
        broken.solve(1, 1)  # both sides on the same square


@pytest.mark.parametrize(
    ("name", "empties"), [("exact", ("8", "12")), ("depth3", ("6", "40")), ("depth6", ("6", "30"))]
)
def test_relabel_on_the_core_writes_the_python_labels(
    tmp_path: Path, name: str, empties: tuple[str, str]
) -> None:
    records = game(random.Random(44), 16, 0.2, 4)
    chunk = tmp_path / "games-3-00000.bin"
    chunk.write_bytes(b"".join(RECORD.pack(*record) for record in records))
    main([name, "--python", "--empties", *empties, "--data", str(tmp_path)])
    main([f"{name}-c", "--empties", *empties, "--data", str(tmp_path)])  # the core by default
    main([f"{name}-f", "--fast", "--empties", *empties, "--data", str(tmp_path)])
    python = sidecar(chunk, name).read_bytes()
    assert len(set(python)) > 2  # labels inside the range, KEEP outside
    assert sidecar(chunk, f"{name}-c").read_bytes() == python
    assert sidecar(chunk, f"{name}-f").read_bytes() == python
