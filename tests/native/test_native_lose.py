"""The game turned round on the core (reversi/native/lose.c): every move's value as
reversi.ai.legenden.LoseSearch gives it, at depths 1 to 4 and to the end, with every
style's feature; the deadline; refused arguments; the Legenden's LOSE on either backend."""

from __future__ import annotations

import math
import time
from dataclasses import replace

import pytest

from reversi.ai import legenden, native
from reversi.ai.legenden import LEGENDEN, STYLE_TERMS, Kind, Legende, Style, choose
from reversi.ai.legenden_lose import LOSE_DISCS, LoseSearch, children, lose_evaluation
from reversi.ai.search import INFINITY
from reversi.engine import Board
from reversi.engine.moves import legal_moves
from tests.native.helpers import START, empties_of, random_positions
from tests.native.helpers import native as loaded

#: a position of the midgame
MIDGAME = "f5d6c3d3c4f4c5b3c2e6c6b4b5d2e3a6c1b1"
#: a LOSE opponent of each style (all of today's are GROSSZUEGIG)
LOSERS = {style: Legende("t", style, Kind.LOSE, depth=4) for style in Style}


def python_values(p: int, o: int, legende: Legende, depth: int) -> dict[int, int]:
    """LoseSearch's value of every move at depth plies (squares as keys)."""
    feature, _, weight = legenden._lose_term(legende)
    search = LoseSearch(lose_evaluation(feature, weight), math.inf, time.perf_counter)
    return {
        bit.bit_length() - 1: -search.search(np_, no, depth - 1, -INFINITY, INFINITY)
        for bit, np_, no in children(p, o)
    }


def core_values(p: int, o: int, legende: Legende, depth: int) -> dict[int, int]:
    _, name, weight = legenden._lose_term(legende)
    found, values = loaded().lose_values(p, o, depth, name, weight, LOSE_DISCS)
    assert not found.stopped and found.depth == depth
    assert found.exact == (depth >= empties_of((p, o)))
    assert found.score == max(values.values()) and values[found.move] == found.score
    assert found.best_moves == sum(1 << sq for sq, v in values.items() if v == found.score)
    return values


@pytest.mark.parametrize("depth", [1, 2, 3, 4])
def test_every_moves_value_at_a_depth_is_the_python_searchs(depth: int) -> None:
    """Positions of every stage, passes and finished games below the root included."""
    styles = list(Style)
    checked = 0
    for i, (p, o) in enumerate(random_positions(80, seed=70 + depth, empties=range(1, 60))):
        if not legal_moves(p, o):
            continue
        legende = LOSERS[styles[i % len(styles)]]
        assert core_values(p, o, legende, depth) == python_values(p, o, legende, depth), (
            f"{p:#x} {o:#x} {legende.style}"
        )
        checked += 1
    assert checked > 60


def test_exact_endgames_are_the_python_searchs() -> None:
    """To the end (depth = the empties, up to ten), where the game ends early too."""
    legende = LOSERS[Style.GROSSZUEGIG]
    finished = 0
    for p, o in random_positions(60, seed=81, empties=range(1, 11)):
        if not legal_moves(p, o):
            continue
        empties = empties_of((p, o))
        values = core_values(p, o, legende, empties)
        assert values == python_values(p, o, legende, empties), f"{p:#x} {o:#x}"
        finished += any(abs(v) >= 100_000 for v in values.values())
    assert finished > 20  # values of finished games, not evaluations


def test_a_passed_deadline_stops_it() -> None:
    core = loaded()
    found, values = core.lose_values(
        *START, 12, "corners", -300, LOSE_DISCS, stop_at=time.perf_counter() - 1
    )
    assert found.stopped and len(values) < 4


@pytest.mark.parametrize(
    ("args", "error"),
    [
        ((START[0], START[1], 0, "corners", -300, 100), "argument"),
        ((START[0], START[1], 65, "corners", -300, 100), "argument"),
        ((START[0], START[1], 2, "corners", 1001, 100), "argument"),
        ((START[0], START[1], 2, "corners", -300, -1001), "argument"),
        ((START[0], START[0], 2, "corners", -300, 100), "position"),
        ((0xFFFF, 0, 2, "corners", -300, 100), "position"),  # no legal move
    ],
)
def test_bad_arguments_are_refused(args: tuple[int, int, int, str, int, int], error: str) -> None:
    with pytest.raises(ValueError, match=error):
        loaded().lose_values(*args)


def test_an_unknown_feature_is_refused() -> None:
    with pytest.raises(ValueError, match="no feature 'mobility'"):
        loaded().lose_values(*START, 2, "mobility", -300, 100)


def test_every_style_feature_has_its_name_in_the_core() -> None:
    for term in STYLE_TERMS.values():
        if term is not None:
            assert legenden._NATIVE_FEATURES[term[0]] in native.LOSE_FEATURES


def _spy(monkeypatch: pytest.MonkeyPatch) -> dict[str, int]:
    """Counts the LOSE searches on each backend."""
    calls = {"core": 0, "python": 0}
    on_core, in_python = native.Core.lose_values, LoseSearch.search

    def core_spy(self: native.Core, *args: object, **kwargs: object) -> object:
        calls["core"] += 1
        return on_core(self, *args, **kwargs)  # type: ignore[arg-type]

    def python_spy(self: LoseSearch, *args: int) -> int:
        calls["python"] += 1
        return in_python(self, *args)

    monkeypatch.setattr(native.Core, "lose_values", core_spy)
    monkeypatch.setattr(LoseSearch, "search", python_spy)
    return calls


def test_the_lose_opponents_search_on_the_core_when_present(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    loaded()
    calls = _spy(monkeypatch)
    uroma = LEGENDEN[0]
    assert uroma.kind is Kind.LOSE
    board = Board(moves=MIDGAME)
    choose(board, uroma, seed=4)
    assert calls == {"core": uroma.depth, "python": 0}  # one call a depth
    shallow = replace(uroma, depth=3, budget=60.0)  # Python completes its depths in time
    on_core = choose(board, shallow, seed=4)
    monkeypatch.setenv(native.FORCE_PYTHON, "1")
    native.reset()
    try:
        assert choose(board, shallow, seed=4) == on_core  # the same values, the same move
        assert calls["core"] == uroma.depth + 3 and calls["python"] > 100
    finally:
        monkeypatch.delenv(native.FORCE_PYTHON)
        native.reset()


def test_past_the_budget_both_play_the_values_of_the_last_depth_completed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A budget already spent: the values of a shallower depth (each backend reads its
    clock every thousand or two nodes, so the first depths may still complete)."""
    board = Board(moves=MIDGAME)
    p, o = board.player, board.opponent
    uroma = LEGENDEN[0]
    by_depth = [
        {1 << sq: v for sq, v in core_values(p, o, uroma, depth).items()} for depth in range(1, 7)
    ]
    assert by_depth[4] != by_depth[5]
    for backend in ("", "1"):
        monkeypatch.setenv(native.FORCE_PYTHON, backend)
        native.reset()
        past = time.perf_counter() - 1
        assert legenden._lose_values(p, o, uroma, past, time.perf_counter) in by_depth[:5]
    native.reset()
