"""Multi-ProbCut in the core: selective only where it may be, deterministic, stoppable,
switched on for Schwer; its table (probcut.h) is what the fitting tool writes."""

from __future__ import annotations

import time

import pytest

from reversi.ai import Level, levels, think
from reversi.ai.native import Core
from reversi.engine import Board
from reversi.engine.moves import legal_moves
from tests.native.helpers import native as loaded
from tests.native.helpers import random_positions
from tools.train.probcut import HEADER, STAGES, parse, render


def _midgame(count: int, seed: int) -> list[tuple[int, int]]:
    found = random_positions(count, seed, empties=range(28, 50))
    return [(p, o) for p, o in found if legal_moves(p, o)]


def test_probcut_searches_fewer_nodes_to_the_same_depth() -> None:
    core = loaded()
    full = cut = 0
    for p, o in _midgame(10, seed=60):
        full += core.search(p, o, 8).nodes
        cut += core.search(p, o, 8, probcut=True).nodes
    assert cut < 0.8 * full


def test_probcut_is_deterministic() -> None:
    core = loaded()
    for p, o in _midgame(4, seed=61):
        first = core.search(p, o, 9, probcut=True)
        assert core.search(p, o, 9, probcut=True) == first


def test_probcut_never_touches_a_search_that_reaches_the_end() -> None:
    core = loaded()
    for p, o in random_positions(10, seed=62, empties=range(8, 13)):
        if not legal_moves(p, o):
            continue
        empties = 64 - (p | o).bit_count()
        cut, full = core.search(p, o, empties, probcut=True), core.search(p, o, empties)
        # the shallower iterations may cut (other nodes, other equal moves), the last not
        assert (cut.score, cut.depth, cut.exact) == (full.score, full.depth, True)


def test_a_search_with_probcut_stops_at_its_deadline() -> None:
    core = loaded()
    ((p, o),) = random_positions(1, seed=63, empties=range(40, 41))
    start = time.perf_counter()
    found = core.search(p, o, 60, probcut=True, stop_at=start + 0.1)
    assert 0 < found.depth < 40 and legal_moves(p, o) >> found.move & 1
    assert time.perf_counter() - start < 1.0  # not a speed test: it must stop at all


def test_schwer_on_the_core_searches_with_probcut_and_can_do_without(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    loaded()
    asked: list[bool] = []
    search = Core.search

    def recording(self: Core, *args: object, probcut: bool = False, **kwargs: object) -> object:
        asked.append(probcut)
        return search(self, *args, probcut=probcut, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(Core, "search", recording)
    board = Board(moves="f5d6c3d3c4f4f6f3e6e7")
    think(board, Level.SCHWER, budget=0.02, book=False)
    monkeypatch.setattr(levels, "NATIVE_PROBCUT", False)
    think(board, Level.SCHWER, budget=0.02, book=False)
    assert asked == [True, False]


def test_the_shipped_table_is_what_the_fitting_tool_writes() -> None:
    text = HEADER.read_text()
    table = parse(text)
    command = text.splitlines()[1].strip()
    assert command.startswith("python -m tools.train.probcut --native")
    assert render(table, command) == text
    assert len(table) == len(STAGES) and len({len(stage) for stage in table}) == 1
    for stage in table:
        for depth, (shallow, slope, _, sigma) in enumerate(stage[3:], 3):
            assert 0 < shallow < depth and (depth - shallow) % 2 == 0
            assert slope > 500 and sigma > 0


def test_a_table_round_trips_through_the_header_text() -> None:
    table = (((0, 1000, 0, 0), (1, 1003, -16, 390)), ((0, 1000, 0, 0), (2, 968, 31, 352)))
    assert parse(render(table, "a command")) == table
