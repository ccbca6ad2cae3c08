"""The analysis board's values on the core (reversi/native/analyse.c): every move's
value at a depth as the Python search's, exact values as the Python solver's, the
principal variation legal, a deadline, refused arguments; and the deepening on it."""

from __future__ import annotations

import time

import pytest

from reversi.ai.deepening import SOLVE_ONLY_AFTER, SOLVE_ONLY_EMPTIES, Deepening
from reversi.ai.endgame import EndgameSolver
from reversi.ai.evaluate import final_value
from reversi.ai.search import INFINITY, Search
from reversi.ai.trained import evaluate
from reversi.engine.moves import flips, legal_moves
from tests.native.helpers import native as loaded
from tests.native.helpers import random_positions


def children(p: int, o: int) -> dict[int, tuple[int, int]]:
    out = {}
    moves = legal_moves(p, o)
    for sq in range(64):
        if moves >> sq & 1:
            f = flips(p, o, sq)
            out[sq] = (o ^ f, p | f | 1 << sq)
    return out


def python_value(p: int, o: int, depth: int) -> int:
    """The Python search's value of a move's child at depth plies, for its mover."""
    if not legal_moves(p, o) and not legal_moves(o, p):
        return -final_value(p, o)
    return -Search(evaluate, sharp=True).search(p, o, depth, -INFINITY, INFINITY)


def assert_legal_line(p: int, o: int, line: list[int]) -> None:
    """Each square legal in turn, passes (the other side moves again) left out."""
    for sq in line:
        if not legal_moves(p, o):
            p, o = o, p
        assert legal_moves(p, o) >> sq & 1, (line, sq)
        f = flips(p, o, sq)
        p, o = o ^ f, p | f | 1 << sq


@pytest.mark.parametrize("depth", [1, 2, 3, 4])
def test_every_moves_value_at_a_depth_is_the_python_searchs(depth: int) -> None:
    core = loaded()
    for p, o in random_positions(25, seed=60 + depth, empties=range(8, 56)):
        if not legal_moves(p, o):
            continue
        found, values = core.values(p, o, depth, keep=False)
        expected = {sq: python_value(cp, co, depth - 1) for sq, (cp, co) in children(p, o).items()}
        assert values == expected, f"{p:x} {o:x}"
        assert not found.stopped and not found.exact and found.depth == depth
        assert found.score == max(expected.values()) and values[found.move] == found.score
        assert_legal_line(p, o, core.line(p, o, found.move, depth))


def test_exact_values_are_the_python_solvers_move_for_move() -> None:
    core = loaded()
    for i, (p, o) in enumerate(random_positions(30, seed=70, empties=range(4, 12))):
        if not legal_moves(p, o):
            continue
        winner = i % 2 == 0
        empties = 64 - (p | o).bit_count()
        found, values = core.values(p, o, empties, winner=winner, keep=False)
        solver = EndgameSolver(winner=winner)
        assert values == {sq: -solver.score(cp, co) for sq, (cp, co) in children(p, o).items()}
        assert found.exact and found.depth == empties and found.score == solver.score(p, o)
        line = core.line(p, o, found.move, empties, winner=winner)
        assert line[0] == found.move
        assert_legal_line(p, o, line)


def test_the_exact_line_plays_the_game_to_its_solved_end() -> None:
    core = loaded()
    ((p, o),) = random_positions(1, seed=71, empties=range(12, 13))
    found, _ = core.values(p, o, 12, keep=False)
    line = core.line(p, o, found.move, 12)
    assert_legal_line(p, o, line)
    discs = [p, o]  # the first mover's and the other's
    turn = 0
    for sq in line:
        mover, other = discs[turn], discs[1 - turn]
        if not legal_moves(mover, other):
            turn = 1 - turn
            mover, other = other, mover
        f = flips(mover, other, sq)
        discs[turn], discs[1 - turn] = mover | f | 1 << sq, other ^ f
        turn = 1 - turn
    assert not legal_moves(discs[0], discs[1]) and not legal_moves(discs[1], discs[0])
    assert discs[0].bit_count() - discs[1].bit_count() == found.score


def test_values_stop_at_their_deadline_and_refuse_bad_arguments() -> None:
    core = loaded()
    ((p, o),) = random_positions(1, seed=72, empties=range(30, 31))
    start = time.perf_counter()
    found, values = core.values(p, o, 30, keep=False, stop_at=start + 0.05)
    assert found.stopped and len(values) < bin(legal_moves(p, o)).count("1")
    assert time.perf_counter() - start < 2.0  # not a speed test: it must stop at all
    with pytest.raises(ValueError):
        core.values(p, o, 0)
    with pytest.raises(ValueError):
        core.values(0x0000_0018_1800_0000, 0, 3)  # no move
    with pytest.raises(ValueError):
        core.line(p, o, next(sq for sq in range(64) if not legal_moves(p, o) >> sq & 1), 3)


def test_the_deepening_reaches_exact_values_and_keeps_its_line_legal() -> None:
    core = loaded()
    ((p, o),) = random_positions(1, seed=73, empties=range(12, 13))
    deepening = Deepening(core, p, o)
    while not deepening.done:
        deepening.step(time.perf_counter() + 0.2)
    assert deepening.exact
    solver = EndgameSolver(winner=False)
    assert {sq: score for sq, (score, _, _) in deepening.scores.items()} == {
        sq: -solver.score(cp, co) for sq, (cp, co) in children(p, o).items()
    }
    line = deepening.line(time.perf_counter() + 1)
    assert line[0] == deepening.best
    assert_legal_line(p, o, line)


def test_values_deepened_with_the_table_kept_are_each_depths_full_search() -> None:
    # each depth after the ones before it searches every move in a window around its
    # value two plies shallower (searched again where it falls out): the values must
    # be those of a fresh full-window search at that depth
    core = loaded()
    for p, o in random_positions(6, seed=74, empties=range(24, 50)):
        if not legal_moves(p, o):
            continue
        for depth in range(1, 7):
            kept, values = core.values(p, o, depth, keep=depth > 1)
            fresh, expected = core.values(p, o, depth, keep=False)
            assert values == expected and kept.score == fresh.score, f"{p:x} {o:x} {depth}"
            core.values(p, o, 1, keep=False)  # the next depth starts from a kept table again
            for shallower in range(2, depth + 1):
                core.values(p, o, shallower, keep=True)


def test_exact_values_after_the_midgame_depths_are_the_python_solvers() -> None:
    # the solver of each move starts from its midgame value (the deepest known): the
    # exact values must not depend on that start
    core = loaded()
    for i, (p, o) in enumerate(random_positions(8, seed=75, empties=range(10, 13))):
        if not legal_moves(p, o):
            continue
        winner = i % 2 == 1
        empties = 64 - (p | o).bit_count()
        for depth in range(1, 8):
            core.values(p, o, depth, winner=winner, keep=depth > 1)
        found, values = core.values(p, o, empties, winner=winner, keep=True)
        solver = EndgameSolver(winner=winner)
        assert values == {sq: -solver.score(cp, co) for sq, (cp, co) in children(p, o).items()}
        assert found.exact and found.score == solver.score(p, o)


def test_a_step_that_reports_returns_at_the_first_depth_after_its_time() -> None:
    core = loaded()
    ((p, o),) = random_positions(1, seed=76, empties=range(36, 37))
    deepening = Deepening(core, p, o)
    deepening.step(time.perf_counter() + 30, report_at=time.perf_counter())
    assert deepening.depth == 1 and not deepening.done
    deepening.step(time.perf_counter() + 30, report_at=time.perf_counter())
    assert deepening.depth == 2


def test_near_the_end_every_step_solves_once_the_search_is_deep_enough() -> None:
    # at SOLVE_ONLY_EMPTIES the steps no longer alternate with deeper searches: the
    # depth stays while the moves are solved (the steps' deadlines stop the solving)
    core = loaded()
    ((p, o),) = random_positions(
        1, seed=77, empties=range(SOLVE_ONLY_EMPTIES, SOLVE_ONLY_EMPTIES + 1)
    )
    deepening = Deepening(core, p, o)
    while deepening.depth < SOLVE_ONLY_AFTER:
        assert deepening.deepen(time.perf_counter() + 60)
    for _ in range(3):
        deepening.step(time.perf_counter() + 0.3)
    assert deepening.depth == SOLVE_ONLY_AFTER


def rounded_discs(value: int) -> int:
    """A midgame value in whole discs, rounded as the core rounds it (analyse.c)."""
    return int((value + 50) / 100) if value >= 0 else int((value - 50) / 100)


def test_the_moves_are_solved_best_first() -> None:
    # a solve the deadline stops has solved the moves of the best known values (the
    # deadlines on the CPU clock, longer and longer until one stops in between)
    core = loaded()
    ((p, o),) = random_positions(1, seed=78, empties=range(18, 19))
    for seconds in (0.05, 0.1, 0.2, 0.4, 0.8, 1.6, 3.2):
        for depth in range(1, 12):
            core.values(p, o, depth, keep=depth > 1)
        stop_at = time.process_time() + seconds
        found, solved = core.values(p, o, 18, keep=True, stop_at=stop_at, clock=time.process_time)
        if solved and found.stopped:
            break
    assert solved and found.stopped
    _, known = core.values(p, o, 11, keep=True)
    left = [rounded_discs(v) for sq, v in known.items() if sq not in solved]
    assert min(rounded_discs(known[sq]) for sq in solved) >= max(left)


def test_a_move_solved_once_is_not_solved_again() -> None:
    # the browser solves in steps with deadlines: a step's solved moves stay solved, so
    # that the next step searches only the others (here: none)
    core = loaded()
    ((p, o),) = random_positions(1, seed=79, empties=range(14, 15))
    for depth in range(1, 9):
        core.values(p, o, depth, keep=depth > 1)
    first, solved = core.values(p, o, 14, keep=True)
    again, kept = core.values(p, o, 14, keep=True)
    assert kept == solved and again.score == first.score and again.move == first.move
    assert first.nodes > 0 and again.nodes == 0


def test_exact_values_follow_the_counting_asked_for() -> None:
    # the table keeps bounds of one counting: another counting on the same position
    # must not take them (empties to the winner or not)
    core = loaded()
    for i, (p, o) in enumerate(random_positions(5, seed=80, empties=range(10, 15))):
        if not legal_moves(p, o):
            continue
        empties = 64 - (p | o).bit_count()
        for winner in (False, True):
            _, values = core.values(p, o, empties, winner=winner, keep=True)
            solver = EndgameSolver(winner=winner)
            expected = {sq: -solver.score(cp, co) for sq, (cp, co) in children(p, o).items()}
            assert values == expected, f"{p:x} {o:x} {winner} {i}"


def test_every_moves_exact_value_at_20_empties_is_reversi_solves() -> None:
    # the analysis board's target position size: after the midgame depths every move
    # solved, each value the solver's of its child (a fresh table each)
    core = loaded()
    for seed in (82, 88):  # two positions of 11 and 8 moves that solve in about a second
        ((p, o),) = random_positions(1, seed=seed, empties=range(20, 21))
        assert 64 - (p | o).bit_count() == 20 and legal_moves(p, o)
        for depth in range(1, 11):
            core.values(p, o, depth, keep=depth > 1)
        found, values = core.values(p, o, 20, keep=True)
        expected = {
            sq: -core.solve(cp, co, winner=False, keep=False).score
            for sq, (cp, co) in children(p, o).items()
        }
        assert values == expected and found.exact, f"{p:x} {o:x}"
        assert found.score == core.solve(p, o, winner=False, keep=False).score


def test_a_share_of_the_moves_deepened_alone_gets_the_values_of_all() -> None:
    # the browser's engines each deepen a share of the moves (rv_values_of): each share's
    # values at every depth, and exact, must be those of all the moves valued at once
    core = loaded()
    for p, o in random_positions(4, seed=77, empties=range(11, 14)):
        moves = list(children(p, o))
        if len(moves) < 2:
            continue
        empties = 64 - (p | o).bit_count()
        depths = [*range(1, 8), empties]
        everything = {depth: core.values(p, o, depth, keep=False)[1] for depth in depths}
        for share in (moves[::2], moves[1::2]):
            only = sum(1 << sq for sq in share)
            for depth in depths:
                found, values = core.values(p, o, depth, keep=depth > 1, only=only)
                assert values == {sq: everything[depth][sq] for sq in share}, f"{p:x} {o:x}"
                assert found.score == max(values.values()) and found.move in share
