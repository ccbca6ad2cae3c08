"""The trained pattern evaluation: fast = plain, symmetric, and a sound weight file."""

from __future__ import annotations

import random
from array import array

import pytest

from reversi.ai import trained, weights
from reversi.ai.patterns import PATTERNS, canonical_positions
from reversi.engine.bitboard import symmetries
from tests.ai.helpers import random_board


def _positions(count: int, seed: int) -> list[tuple[int, int]]:
    rng = random.Random(seed)
    found: list[tuple[int, int]] = []
    while len(found) < count:
        board = random_board(rng, rng.randint(0, 59))
        if board is not None:
            found.append((board.player, board.opponent))
    return found


def _random_weights(seed: int) -> list[weights.Phase]:
    rng = random.Random(seed)
    values = array(
        "h", (rng.randint(-500, 500) for _ in range(weights.PHASES * weights.VALUES_PER_PHASE))
    )
    return weights.parse(weights.dump(values))


def test_every_image_is_an_image_of_its_pattern() -> None:
    for pattern in PATTERNS:
        for image in pattern.images:
            positions = canonical_positions(pattern, image)
            assert sorted(j for j in positions if j is not None) == sorted(
                j for j, s in enumerate(pattern.images[0]) if s is not None
            )
    assert sum(len(p.images) for p in PATTERNS) == 46


@pytest.mark.parametrize("shipped", [True, False])
def test_the_fast_evaluation_equals_the_plain_one(
    shipped: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With the shipped weights and with random ones (which no symmetry hides)."""
    if not shipped:
        phases = _random_weights(3)
        monkeypatch.setattr(
            trained, "_BY_EMPTIES", tuple(phases[weights.phase_of(n)] for n in range(65))
        )
    for p, o in _positions(300, seed=1):
        phase = trained._BY_EMPTIES[64 - (p | o).bit_count()]
        assert trained.evaluate(p, o) == trained.reference(p, o, phase)


def test_all_eight_symmetries_have_the_same_value() -> None:
    for p, o in _positions(200, seed=2):
        values = {
            trained.evaluate(sp, so) for sp, so in zip(symmetries(p), symmetries(o), strict=True)
        }
        assert len(values) == 1, (hex(p), hex(o), values)


def test_the_start_is_roughly_even_and_a_won_corner_is_good() -> None:
    start = trained.evaluate(0x0000_0008_1000_0000, 0x0000_0010_0800_0000)
    assert abs(start) < 400
    # the player holds all four corners and their edges, the opponent the centre: the
    # solver gives +32; no game reaches such a ring, so the patterns only know it is good
    edges = 0xFF81_8181_8181_81FF
    assert trained.evaluate(edges, 0x0000_3C3C_3C3C_0000) > 500


def test_the_shipped_file_loads() -> None:
    phases = weights.load()
    assert len(phases) == weights.PHASES
    assert [len(t) for t in phases[0][:-1]] == [p.size for p in PATTERNS]


@pytest.mark.parametrize(
    ("damage", "reason"),
    [
        (lambda b: b"NOT A WEIGHT FILE" + b[17:], "wrong header"),
        (lambda b: b[:20], "truncated header"),
        (lambda b: b[:-100], "damaged weights"),
        (lambda b: b[:-1] + bytes([b[-1] ^ 0xFF]), "damaged weights"),
        (lambda b: b[: len(weights.MAGIC)] + b"\x05\x00" + b[len(weights.MAGIC) + 2 :], "5 phases"),
    ],
)
def test_a_damaged_file_is_refused_clearly(damage: object, reason: str) -> None:
    data = weights.dump(array("h", bytes(2 * weights.PHASES * weights.VALUES_PER_PHASE)))
    assert len(weights.parse(data)) == weights.PHASES
    with pytest.raises(weights.WeightsError, match=reason):
        weights.parse(damage(data))  # type: ignore[operator]


def test_a_flipped_bit_inside_the_weights_is_found() -> None:
    """zlib may decompress damaged data without complaint: the checksum still tells."""
    rng = random.Random(4)
    data = bytearray(
        weights.dump(
            array(
                "h", (rng.randint(-9, 9) for _ in range(weights.PHASES * weights.VALUES_PER_PHASE))
            )
        )
    )
    refused = 0
    for _ in range(20):
        damaged = bytearray(data)
        at = rng.randrange(len(weights.MAGIC) + weights.HEADER.size, len(damaged))
        damaged[at] ^= 1 << rng.randrange(8)
        with pytest.raises(weights.WeightsError):
            weights.parse(bytes(damaged))
        refused += 1
    assert refused == 20
