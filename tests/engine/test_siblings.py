from hypothesis import given, settings

from reversi.engine.siblings import children_with_replies, replies_or_pass_total
from tests.engine.reference import naive_flips, naive_legal_moves
from tests.engine.strategies import positions

#: found by hill climbing on the number of legal moves
CROWDED_WITH_MOVES = (0x340806880060180C, 0x40368016C0106602)


def reference_children(p: int, o: int) -> list[tuple[int, int, int, int]]:
    children = []
    for sq in range(64):
        if naive_legal_moves(p, o) >> sq & 1:
            flipped = naive_flips(p, o, sq)
            player, opponent = o ^ flipped, p | flipped | 1 << sq
            children.append((1 << sq, player, opponent, naive_legal_moves(player, opponent)))
    return children


@settings(max_examples=300)
@given(positions())
def test_children_and_their_replies_match_the_reference(position: tuple[int, int]) -> None:
    p, o = position
    expected = reference_children(p, o)
    moves = naive_legal_moves(p, o)
    assert children_with_replies(p, o, moves) == expected
    if moves:
        assert replies_or_pass_total(p, o, moves) == sum(
            max(1, replies.bit_count()) for *_, replies in expected
        )


def test_many_children_side_by_side() -> None:
    p, o = CROWDED_WITH_MOVES
    moves = naive_legal_moves(p, o)
    assert moves.bit_count() == 33
    assert children_with_replies(p, o, moves) == reference_children(p, o)


def test_a_child_without_replies_counts_once() -> None:
    # four moves; after three of them the opponent has no reply: after one the
    # mover goes on (a pass), after the others the game is over
    p, o = 0x0010_0000_C084_C920, 0x0100_0000_0040_2000
    moves = naive_legal_moves(p, o)
    children = children_with_replies(p, o, moves)
    assert children == reference_children(p, o)
    without_replies = [
        (bit, player, opponent) for bit, player, opponent, replies in children if not replies
    ]
    assert len(children) == 4 and len(without_replies) == 3
    mover_goes_on = {
        bool(naive_legal_moves(opponent, player)) for _, player, opponent in without_replies
    }
    assert mover_goes_on == {True, False}
    assert replies_or_pass_total(p, o, moves) == 3 + sum(
        replies.bit_count() for *_, replies in children
    )
