"""The variants of the fit: the plain one is fit.py's design, the extras add columns."""

import random
from pathlib import Path

import numpy as np
import pytest

from reversi.ai.patterns import PATTERNS
from tools.train.features import fold
from tools.train.fit import RECORDS, Design
from tools.train.generate import RECORD, game
from tools.train.variants import EDGE_BLOCK, EXTRAS, Features, main


def positions(count: int) -> np.ndarray:
    records = [r for n in range(count) for r in game(random.Random(70 + n), 16, 0.2, 4)]
    return np.frombuffer(b"".join(RECORD.pack(*r) for r in records), dtype=RECORDS)


def test_without_extras_the_columns_are_those_of_the_fit() -> None:
    data = positions(3)
    offsets = list(np.cumsum([0] + [p.size for p in PATTERNS[:-1]]))
    design = Design(data, [fold(p) for p in PATTERNS], offsets)
    plain = Features(data, ())
    assert np.array_equal(plain.columns, design.columns)
    assert np.array_equal(plain.scalars, design.scalars)
    assert plain.unknowns == sum(p.size for p in PATTERNS)


def test_the_edge_block_is_one_pattern_with_a_mirror_of_its_own() -> None:
    assert len(EDGE_BLOCK.images) == 4
    assert {len(set(image)) for image in EDGE_BLOCK.images} == {10}
    data = positions(2)
    extended = Features(data, ("edge-block",))
    assert extended.columns.shape[1] == Features(data, ()).columns.shape[1] + 4
    assert extended.unknowns == sum(p.size for p in PATTERNS) + 3**10


def test_potential_mobility_counts_the_empty_squares_next_to_each_side() -> None:
    start = np.zeros(1, dtype=RECORDS)
    start[0] = (0x0000_0008_1000_0000, 0x0000_0010_0800_0000, 0, 60)  # the opening position
    features = Features(start, ("potential", "potential-tables"))
    assert features.scalars[0, -1] == 0  # 10 empty squares next to each side's two discs
    assert features.columns[0, -2] == features.unknowns - 64 + 10  # the first table at 10
    assert features.columns[0, -1] == features.unknowns - 32 + 10


@pytest.mark.parametrize("extra", EXTRAS)
def test_each_variant_fits_and_reports_the_heldout_error(
    tmp_path: Path, extra: str, capsys: pytest.CaptureFixture[str]
) -> None:
    data = positions(12)
    for number in range(12):
        chunk = data[number * len(data) // 12 : (number + 1) * len(data) // 12]
        chunk.tofile(tmp_path / f"games-3-{number:05d}.bin")
    held = data[(data["empties"] >= 16) & (data["empties"] <= 20)][:20]
    lines = [f"{r['p']:016x} {r['o']:016x} {r['empties']} {r['label']}" for r in held]
    (tmp_path / "heldout.txt").write_text("\n".join(lines) + "\n")
    argv = ["--data", str(tmp_path), "--heldout", str(tmp_path / "heldout.txt")]
    assert main([*argv, "--extra", extra, "--iterations", "5"]) == 0
    out = capsys.readouterr().out
    assert f"extras ['{extra}']" in out
    assert "held-out at 16–20 empties (20):" in out
