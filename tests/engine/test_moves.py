from hypothesis import given, settings
from hypothesis import strategies as st

from reversi.engine import flips, legal_moves
from reversi.engine.moves import FLIPS_BY_BIT, FLIPS_BY_SQUARE
from tests.engine.reference import naive_flips, naive_legal_moves
from tests.engine.strategies import positions
from tools.generate_flips import TARGET, module_source


@settings(max_examples=3000)
@given(positions())
def test_legal_moves_match_the_reference(position: tuple[int, int]) -> None:
    p, o = position
    assert legal_moves(p, o) == naive_legal_moves(p, o)


@settings(max_examples=3000)
@given(positions(), st.integers(0, 63))
def test_flips_match_the_reference_on_every_empty_square(
    position: tuple[int, int], sq: int
) -> None:
    p, o = position
    p &= ~(1 << sq)
    o &= ~(1 << sq)
    assert flips(p, o, sq) == naive_flips(p, o, sq)
    assert FLIPS_BY_BIT[1 << sq](p, o) == FLIPS_BY_SQUARE[sq](p, o)


def test_start_position_moves_and_flips() -> None:
    black = (1 << 35) | (1 << 28)  # d5, e4
    white = (1 << 27) | (1 << 36)  # d4, e5
    d3, c4, f5, e6 = 19, 26, 37, 44
    assert legal_moves(black, white) == (1 << d3) | (1 << c4) | (1 << f5) | (1 << e6)
    assert flips(black, white, d3) == 1 << 27  # d3 flips d4


def test_long_lines_flip_along_all_eight_directions() -> None:
    # A disc on d4 with a full ring of opponent lines, each closed at the edge.
    d4 = 27
    p = o = 0
    for dx, dy in [(dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy]:
        x, y = 3 + dx, 3 + dy
        while 0 <= x + dx < 8 and 0 <= y + dy < 8:
            o |= 1 << (8 * y + x)
            x, y = x + dx, y + dy
        p |= 1 << (8 * y + x)
    assert flips(p, o, d4) == naive_flips(p, o, d4) == o


def test_a_gap_ends_a_line_and_flipped_discs_flip_nothing_further() -> None:
    # Row 1: a1 empty, b1 white, c1 empty, d1 black: a1 encloses nothing.
    p, o = 1 << 3, 1 << 1
    assert flips(p, o, 0) == 0
    # Row 1: a1 new, b1 white, c1 black; c1's own lines (c2 white, c3 black) stay.
    p, o = (1 << 2) | (1 << 18), (1 << 1) | (1 << 10)
    assert flips(p, o, 0) == 1 << 1


def test_generated_flip_module_is_up_to_date() -> None:
    assert TARGET.read_text() == module_source(), "run python tools/generate_flips.py"
