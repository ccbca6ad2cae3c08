"""When a flag falls under "Gesamtzeit + Zuschlag": a loss on time, unless the
opponent cannot win any more.

"Cannot win" is meant as in chess's "insufficient material": no sequence of legal moves
at all, however badly the side whose time ran out would play, ends with the opponent
ahead. A search of every line proves it, with both sides playing for the opponent
(every position once, the opponent's most promising move first). It finds a winning
line at once in nearly every position; it has to look at every line only when few
squares are empty or the opponent has almost no discs. Beyond :data:`SEARCH_LIMIT`
positions it stops and the opponent counts as able to win: a flag then loses, as
without the rule.
"""

from __future__ import annotations

from reversi.engine import BLACK, Board
from reversi.engine.bitboard import Bitboard, popcount, scan_forward
from reversi.engine.moves import flips, legal_moves

#: the positions the search may visit before it takes the opponent to be able to win
SEARCH_LIMIT = 20_000


class _TooMany(Exception):
    pass


def cannot_win(board: Board, flagged_black: bool) -> bool:
    """Whether the opponent of the side whose flag fell (``flagged_black``: Black's)
    cannot win any more by any sequence of legal moves.

    >>> cannot_win(Board(), flagged_black=True)
    False
    """
    them_to_move = board.turn != (BLACK if flagged_black else not BLACK)
    try:
        return not _reaches_a_win(board.player, board.opponent, them_to_move, set())
    except _TooMany:
        return False


def _reaches_a_win(
    p: Bitboard, o: Bitboard, p_is_them: bool, seen: set[tuple[int, int, bool]]
) -> bool:
    """Whether a line from here (``p`` to move; ``p_is_them``: the opponent of the
    flagged side) ends with that opponent ahead."""
    if (p, o, p_is_them) in seen:
        return False
    if len(seen) >= SEARCH_LIMIT:
        raise _TooMany
    seen.add((p, o, p_is_them))
    moves = legal_moves(p, o)
    if not moves:
        if not legal_moves(o, p):
            mover, other = popcount(p), popcount(o)
            return mover > other if p_is_them else other > mover
        return _reaches_a_win(o, p, not p_is_them, seen)
    children = []
    for sq in scan_forward(moves):
        flipped = flips(p, o, sq)
        mover, other = p | flipped | (1 << sq), o & ~flipped
        children.append((popcount(mover if p_is_them else other), other, mover))
    children.sort(reverse=True)
    return any(_reaches_a_win(nxt, last, not p_is_them, seen) for _, nxt, last in children)
