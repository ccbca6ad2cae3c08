"""GGF files of many games."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from reversi.engine import Board, NotationError
from reversi.engine.ggf import read_ggf_games, split_ggf_records, write_ggf_games
from tests.engine.strategies import played_games

TAGS = st.dictionaries(
    st.sampled_from(["PB", "PW", "PC", "DT", "RE"]),
    st.text(st.characters(exclude_characters="[]\\", exclude_categories=["Cs"]), max_size=12),
)

ARCHIVE = """\
(;GM[Othello]PC[GGS/os]DT[2003.01.01_00:00:00.UTC]PB[ada]PW[bo]RE[+64.000]TI[5:00//02:00]
TY[8]BO[8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- *]
B[f5//0.01]W[d6]B[c5/1.00]W[f4]B[e3]W[f6]B[g5]W[e6]B[e7];)
some text between records
(;GM[Othello]PB[cy]PW[di]C[a comment with ;) and (; inside]BO[8 -------- -------- --------
 ---O*--- ---*O--- -------- -------- -------- *]B[d3]W[c5];)
"""


def test_a_ggs_archive_reads_game_by_game() -> None:
    (first, tags1), (second, tags2) = read_ggf_games(ARCHIVE)
    assert first.transcript() == "f5d6c5f4e3f6g5e6e7" and first.is_game_over()
    assert tags1["PB"] == "ada" and tags1["RE"] == "+64.000"
    assert second.transcript() == "d3c5"
    assert tags2["C"] == "a comment with ;) and (; inside"


@given(st.lists(st.tuples(played_games(), TAGS), max_size=4))
def test_many_games_round_trip(items: list[tuple[Board, dict[str, str]]]) -> None:
    text = write_ggf_games(items)
    assert len(split_ggf_records(text)) == len(items)
    back = read_ggf_games(text)
    assert [(b.move_stack, t) for b, t in back] == [
        (b.move_stack, {"GM": "Othello", **t}) for b, t in items
    ]
    assert write_ggf_games(back) == text


def test_an_unfinished_record_is_refused() -> None:
    with pytest.raises(NotationError, match="no end"):
        read_ggf_games(ARCHIVE + "(;GM[Othello]BO[8")


def test_a_bad_record_is_named_by_its_number() -> None:
    with pytest.raises(NotationError, match="GGF game 2"):
        read_ggf_games(ARCHIVE.replace("B[d3]", "B[a1]"))
