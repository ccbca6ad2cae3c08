"""The second pass: positions of a range of empties get labels of their own."""

import argparse
import random
from pathlib import Path

import pytest

from reversi.ai.endgame import EndgameSolver
from tools.train.fit import read_games
from tools.train.generate import KEEP, RECORD, game, sidecar
from tools.train.relabel import discs, every, label, labeller, main


def write_chunk(data: Path, number: int) -> Path:
    records = game(random.Random(40 + number), 16, 0.2, 4)
    path = data / f"games-3-{number:05d}.bin"
    path.write_bytes(b"".join(RECORD.pack(*record) for record in records))
    return path


def test_exact_labels_inside_the_range_and_keep_outside(tmp_path: Path) -> None:
    chunk = write_chunk(tmp_path, 0)
    assert main(["exact", "--empties", "9", "10", "--data", str(tmp_path)]) == 0
    labels = sidecar(chunk, "exact").read_bytes()
    records = list(RECORD.iter_unpack(chunk.read_bytes()))
    assert len(labels) == len(records)
    changed = 0
    for (p, o, old, empties), byte in zip(records, labels, strict=True):
        new = int.from_bytes(bytes([byte]), "little", signed=True)
        if 9 <= empties <= 10:
            assert new == EndgameSolver(winner=True).score(p, o)
            changed += new != old
        else:
            assert new == KEEP
    assert changed  # 3-ply play from 10 empties to 4 is not perfect in every game


def test_passes_over_different_ranges_stack_in_the_fit(tmp_path: Path) -> None:
    chunk = write_chunk(tmp_path, 0)
    main(["exact", "--empties", "9", "9", "--data", str(tmp_path)])
    main(["depth2", "--empties", "10", "12", "--data", str(tmp_path)])
    main(["depth1-late", "--empties", "12", "12", "--data", str(tmp_path)])
    records = list(RECORD.iter_unpack(chunk.read_bytes()))
    passes = ("exact", "depth2", "depth1-late")
    stacked, _ = read_games(tmp_path, every=10, labels=passes)
    sides = {name: sidecar(chunk, name).read_bytes() for name in passes}
    for i, ((_, _, old, empties), got) in enumerate(zip(records, stacked["label"], strict=True)):
        name = {9: "exact", 10: "depth2", 11: "depth2", 12: "depth1-late"}.get(empties)
        want = old if name is None else int.from_bytes(sides[name][i : i + 1], signed=True)
        assert got == want, (empties, name)


def test_a_stopped_run_continues_and_the_fit_reads_the_new_labels(tmp_path: Path) -> None:
    for number in range(2):
        write_chunk(tmp_path, number)
    assert main(["depth2", "--empties", "20", "30", "--every", "2", "--data", str(tmp_path)]) == 0
    assert [p.name for p in sorted(tmp_path.glob("*.depth2.bin"))] == ["games-3-00000.depth2.bin"]
    first = sidecar(tmp_path / "games-3-00000.bin", "depth2")
    first.write_bytes(bytes(len(first.read_bytes())))  # all labels 0: written, so skipped
    main(["depth2", "--empties", "20", "30", "--data", str(tmp_path)])
    assert set(first.read_bytes()) == {0}
    assert sidecar(tmp_path / "games-3-00001.bin", "depth2").exists()
    own, _ = read_games(tmp_path, every=10)
    relabelled, _ = read_games(tmp_path, every=10, labels=("depth2",))
    assert len(own) == len(relabelled) and (own["p"] == relabelled["p"]).all()
    size = len(first.read_bytes())
    assert (relabelled["label"][:size] == 0).all()
    assert (own["label"] != relabelled["label"]).any()


def test_packed_labels_come_back_byte_for_byte(tmp_path: Path) -> None:
    data, corpus, back = tmp_path / "data", tmp_path / "corpus", tmp_path / "back"
    for folder in (data, corpus, back):
        folder.mkdir()
    for number in range(3):
        write_chunk(data, number)
    main(["depth1", "--empties", "30", "40", "--every", "2", "--data", str(data)])
    main(["depth1", "--pack", "--data", str(data), "--corpus", str(corpus)])
    main(["depth1", "--unpack", "--data", str(back), "--corpus", str(corpus)])
    written = sorted(path.name for path in data.glob("*.depth1.bin"))
    assert written == ["games-3-00000.depth1.bin", "games-3-00002.depth1.bin"]
    for name in written:
        assert (back / name).read_bytes() == (data / name).read_bytes()


def test_check_prints_the_labellers_error_on_the_heldout_set(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    chunk = write_chunk(tmp_path, 0)
    rows = [r for r in RECORD.iter_unpack(chunk.read_bytes()) if r[3] in (9, 10)][:2]
    lines = [f"{p:x} {o:x} {e} {EndgameSolver(winner=True).score(p, o)}" for p, o, _, e in rows]
    (tmp_path / "heldout.txt").write_text("\n".join(lines) + "\n")
    main(["exact", "--check", "--data", str(tmp_path)])
    assert "all 2: 0.00 discs" in capsys.readouterr().out


def test_a_labellers_name_may_carry_a_round() -> None:
    assert labeller("depth4-r2") == ("depth", 4) and labeller("exact") == ("exact", 0)
    assert labeller("depth14") == ("depth", 14)
    for wrong in ("depth0", "depth31", "depth"):
        with pytest.raises(argparse.ArgumentTypeError):
            labeller(wrong)


def test_a_search_label_of_a_won_or_lost_game_is_its_margin() -> None:
    assert (discs(100_600), discs(-101_400), discs(0), discs(260), discs(-9_000)) == (
        6,
        -14,
        0,
        3,
        -64,
    )
    rng = random.Random(7)
    for _ in range(6):
        records = [r for r in game(rng, 16, 0.2, 4) if 6 <= r[3] <= 8]
        p, o, _, empties = records[0]
        # a search to the end is exact: its label is the solver's, not a clipped ±64
        assert label(p, o, "depth", empties) == EndgameSolver(winner=True).score(p, o)


def test_two_processes_share_a_seed_by_every(tmp_path: Path) -> None:
    for number in range(3):
        write_chunk(tmp_path, number)
    main(["depth1", "--empties", "30", "40", "--every", "2:1", "--data", str(tmp_path)])
    assert [p.name for p in tmp_path.glob("*.depth1.bin")] == ["games-3-00001.depth1.bin"]
    assert every("3") == (3, 0) and every("3:2") == (3, 2)
    for wrong in ("2:2", "0", "x"):
        with pytest.raises(argparse.ArgumentTypeError):
            every(wrong)


def test_parity_takes_the_odd_or_the_even_numbers_of_empties(tmp_path: Path) -> None:
    chunk = write_chunk(tmp_path, 0)
    main(["depth1", "--empties", "20", "30", "--parity", "odd", "--data", str(tmp_path)])
    records = list(RECORD.iter_unpack(chunk.read_bytes()))
    labels = sidecar(chunk, "depth1").read_bytes()
    for (_, _, _, empties), byte in zip(records, labels, strict=True):
        relabelled = int.from_bytes(bytes([byte]), "little", signed=True) != KEEP
        assert relabelled == (20 <= empties <= 30 and empties % 2 == 1), empties
