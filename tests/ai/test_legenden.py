"""The Legenden (reversi.ai.legenden): every opponent loads and moves legally, the
first and the last play whole games, the star and unlock rules, their texts."""

from __future__ import annotations

import random
from dataclasses import replace
from itertools import pairwise

import pytest

from reversi.ai.legenden import (
    ANCHORS,
    LEGENDEN,
    STAR_MARGINS,
    Kind,
    Legende,
    Style,
    band,
    by_key,
    choose,
    stars,
    unlocked,
)
from reversi.ai.legenden_places import PROGRESS_PLACES, progress_place
from reversi.ai.levels import Level
from reversi.engine import BLACK, Board, Move
from reversi.texts import catalogue

CORNERS = {0, 7, 56, 63}
#: a position of the midgame
MIDGAME = "f5d6c3d3c4f4c5b3c2e6c6b4b5d2e3a6c1b1"


def test_fifty_opponents_with_unique_keys_and_one_shape() -> None:
    assert len(LEGENDEN) == 50
    assert len({lg.key for lg in LEGENDEN}) == 50
    assert {lg.style for lg in LEGENDEN} == set(Style)
    for legende in LEGENDEN:
        assert (legende.kind is Kind.LEVEL) == (legende.level is not None)
        assert legende.depth >= 1 and legende.noise >= 0 and legende.budget > 0


def test_leicht_mittel_and_schwer_are_on_the_path_in_order() -> None:
    assert [LEGENDEN[i].level for i in ANCHORS] == [Level.LEICHT, Level.MITTEL, Level.SCHWER]
    assert ANCHORS[0] > 0  # someone is weaker than Leicht
    assert ANCHORS[2] < len(LEGENDEN) - 1  # and someone stronger than Schwer
    # Schwer with a shorter budget is below Schwer on the path and counts under Mittel
    shorter = [i for i, lg in enumerate(LEGENDEN) if lg.level is Level.SCHWER and i < ANCHORS[2]]
    assert shorter and all(LEGENDEN[i].budget < LEGENDEN[ANCHORS[2]].budget for i in shorter)
    assert {band(i) for i in shorter} == {Level.MITTEL}
    assert [band(i) for i in (0, ANCHORS[0], ANCHORS[1] - 1, ANCHORS[1], ANCHORS[2], 49)] == [
        Level.LEICHT,
        Level.LEICHT,
        Level.LEICHT,
        Level.MITTEL,
        Level.SCHWER,
        Level.SCHWER,
    ]


def test_the_bottom_loses_the_better_the_lower_it_stands() -> None:
    """The opponents that play to lose come first, the deepest at the very bottom (the
    Nikolaus: eight plies, exact from fourteen empties), and their depth never grows
    along the path."""
    losers = [lg for lg in LEGENDEN if lg.kind is Kind.LOSE]
    assert LEGENDEN[: len(losers)] == tuple(losers)
    assert [(lg.depth, lg.exact) for lg in losers[:3]] == [(8, 14), (8, 12), (7, 12)]
    assert all(a.depth >= b.depth for a, b in pairwise(losers))


@pytest.mark.parametrize("key", [lg.key for lg in LEGENDEN])
def test_each_opponents_settings_load_and_give_a_legal_move(key: str) -> None:
    for moves in ("", MIDGAME):
        board = Board(moves=moves)
        assert choose(board, by_key(key), seed=3) in board.legal_moves


def test_the_same_seed_gives_the_same_move_and_noise_varies_it() -> None:
    board = Board(moves=MIDGAME)
    wild = Legende("w", Style.WILD, Kind.RULE, noise=100)
    assert choose(board, wild, seed=5) == choose(board, wild, seed=5)
    assert len({choose(board, wild, seed=s).square for s in range(30)}) > 3


def _square(move: Move) -> int:
    assert move.square is not None
    return move.square


def _positions(count: int) -> list[Board]:
    """Positions of seeded random games, the side to move with a legal move."""
    rng = random.Random(11)
    found: list[Board] = []
    while len(found) < count:
        board = Board()
        while not board.is_game_over() and len(found) < count:
            found.append(board.copy())
            board.push(rng.choice(list(board.legal_moves)))
    return found


def test_styles_show_in_the_choice() -> None:
    greedy, corners = Legende("g", Style.GIERIG, Kind.RULE), Legende("e", Style.ECKEN, Kind.RULE)
    generous = by_key("flocke")
    gave = 0
    for board in _positions(400):
        most = max(m.flip_count for m in board.legal_moves)
        assert choose(board, greedy, seed=1).flip_count == most
        squares = {_square(m) for m in board.legal_moves}
        if squares & CORNERS:
            assert choose(board, corners, seed=1).square in CORNERS
            if squares - CORNERS:
                gave += 1
                assert choose(board, generous, seed=1).square not in CORNERS
    assert gave > 10


@pytest.mark.parametrize("index", [0, len(LEGENDEN) - 1])
def test_a_whole_game_against_the_first_and_the_last(index: int) -> None:
    """The opponent plays Perlmutt, a player who takes the lowest legal square Ebenholz.

    The last one thinks for seconds a move; here its budget is cut to 50 ms, the
    rest of its settings (and the way they are played) stay its own."""
    legende, board = LEGENDEN[index], Board()
    if index:
        legende = replace(legende, budget=0.05)
    while not board.is_game_over():
        if board.turn == BLACK:
            move = min(board.legal_moves, key=_square)
        else:
            move = choose(board, legende, seed=len(board.move_stack))
            assert move in board.legal_moves
        board.push(move)
    outcome = board.outcome()
    assert outcome is not None and board.black.bit_count() + board.white.bit_count() > 4


def test_stars_by_margin() -> None:
    assert STAR_MARGINS == (1, 10, 24)
    assert [stars(m) for m in (-64, -1, 0, 1, 9, 10, 23, 24, 64)] == [0, 0, 0, 1, 1, 2, 2, 3, 3]


def test_unlocking_goes_one_after_the_furthest_beaten() -> None:
    assert unlocked([]) == 1
    assert unlocked([0] * 50) == 1
    assert unlocked([1]) == 2
    # a gap (an opponent put on the path before beaten ones) closes nothing
    assert unlocked([3, 0, 2]) == 4
    assert unlocked([1] * 49) == 50
    assert unlocked([2] * 60) == 50


def test_every_opponent_has_its_texts_and_its_style_a_name() -> None:
    texts = catalogue()
    for legende in LEGENDEN:
        for part in ("name", "place", "sketch"):
            assert texts[f"legende.{legende.key}.{part}"].strip()
    for style in Style:
        assert texts[f"legenden.style.{style.value}"]


def test_each_opponent_keeps_a_place_of_its_own_in_the_stored_progress() -> None:
    assert len(set(PROGRESS_PLACES)) == len(PROGRESS_PLACES)
    assert {lg.key for lg in LEGENDEN} <= set(PROGRESS_PLACES)
    # the path of 2026-12-02 in its order: progress stored then keeps its meaning
    assert PROGRESS_PLACES[:5] == ("flocke", "krumm", "elster", "zaun", "gustav")
    assert PROGRESS_PLACES[49] == "legende"
    assert [progress_place(key) for key in ("flocke", "oma", "uroma")] == [0, 50, 61]
    # those who left the path keep theirs, and so does everything stored for them
    assert {"grossmeister", "sturm"} <= set(PROGRESS_PLACES) - {lg.key for lg in LEGENDEN}


def test_stars_stored_before_the_path_changed_stay_with_their_opponents() -> None:
    """The stored progress of the morning of 2026-12-04 (Greta #45, then Orakel, Sphinx,
    Kaiserin, Titan, Legende at 1, 2, 4, 8, 16 s) read on today's path: each digit
    still belongs to the opponent it was won against, wherever it stands now."""
    morning = {"flocke": 3, "turmfrau": 2, "greta": 3, "orakel": 2, "sphinx": 1, "titan": 1}
    digits = [0] * len(PROGRESS_PLACES)
    for key, n in morning.items():
        digits[progress_place(key)] = n
    # the page reads each opponent's stars at its place (js/core/store.js, legendenStars)
    shown = {lg.key: digits[progress_place(lg.key)] for lg in LEGENDEN}
    assert {key: n for key, n in shown.items() if n} == {
        "flocke": 3,
        "turmfrau": 2,
        "greta": 3,
        "sphinx": 1,
    }
    assert LEGENDEN.index(by_key("greta")) == ANCHORS[2] == 47
    # the places of the morning stay as they were; the new opponents have new ones
    assert [progress_place(k) for k in ("greta", "orakel", "sphinx", "titan", "legende")] == [
        44,
        45,
        46,
        48,
        49,
    ]
    assert [progress_place(k) for k in ("schaefer", "kraehe", "sternschnuppe", "uropa")] == [
        62,
        63,
        64,
        65,
    ]
    newest = ("nikolaus", "osterhase", "patentante", "onkel", "eichhoernchen", "faehrmann")
    assert [progress_place(k) for k in newest] == [66, 67, 68, 69, 70, 71]
    assert progress_place("martin") == 72
    # Kantenkarl, off the path and back with other settings, keeps the place he had
    assert progress_place("kante") == 7
    # the Sphinx (2 s then and now), beaten before, still opens the Legende after her
    progress = [shown[lg.key] for lg in LEGENDEN]
    assert unlocked(progress) == len(LEGENDEN)
    # without her stars, the one after Greta is open
    progress[LEGENDEN.index(by_key("sphinx"))] = 0
    assert unlocked(progress) == ANCHORS[2] + 2
