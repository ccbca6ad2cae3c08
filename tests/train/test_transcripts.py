"""The generated games survive as transcripts: packed and unpacked byte for byte."""

import random
from pathlib import Path

import pytest

from tools.train.generate import RECORD, game
from tools.train.transcripts import moves_of, pack, records_of, transcript, unpack


def games(count: int) -> list[list[tuple[int, int, int, int]]]:
    return [game(random.Random(5 + number), 16, 0.2, 10) for number in range(count)]


def test_a_game_is_given_by_its_moves_labels_included() -> None:
    for played in games(6):
        assert records_of(moves_of(played)) == played


def test_pack_and_unpack_give_the_chunks_back_byte_for_byte(tmp_path: Path) -> None:
    data = tmp_path / "data"
    data.mkdir()
    played = games(4)
    for chunk in range(2):
        blob = b"".join(RECORD.pack(*r) for g in played[chunk * 2 : chunk * 2 + 2] for r in g)
        (data / f"games-7-{chunk:05d}.bin").write_bytes(blob)
    packed = pack(data, tmp_path / "corpus", 7, chunk_size=2)
    lines = packed.read_bytes()
    assert len(lines) < sum(len(g) for g in played) * RECORD.size / 4
    back = tmp_path / "back"
    assert unpack(tmp_path / "corpus", back, chunk_size=2) == 2
    for chunk in range(2):
        name = f"games-7-{chunk:05d}.bin"
        assert (back / name).read_bytes() == (data / name).read_bytes()
    assert unpack(tmp_path / "corpus", back, chunk_size=2) == 0  # nothing twice


def test_the_heldout_set_goes_along(tmp_path: Path) -> None:
    (tmp_path / "data").mkdir()
    (tmp_path / "data" / "heldout.txt").write_text("1 2 16 4\n")
    pack(tmp_path / "data", tmp_path / "corpus", 3)
    unpack(tmp_path / "corpus", tmp_path / "back")
    assert (tmp_path / "back" / "heldout.txt").read_text() == "1 2 16 4\n"


def test_a_position_no_move_leads_to_is_refused() -> None:
    played = games(1)[0]
    del played[3]
    with pytest.raises(ValueError, match="no move leads from"):
        moves_of(played)


def test_a_transcript_reads_as_the_notation_writes_it() -> None:
    played = games(1)[0]
    assert transcript(moves_of(played)).startswith(("f5", "d3", "c4", "e6"))
