"""A Swiss tournament: a fixed number of rounds, each player meets players of about the
same score and never the same opponent twice.

Pairing one round (:func:`swiss_round`), in the manner of the Dutch system:

* The players are ordered by score, then by seed (the order given: rating, high first).
* With an odd number the lowest-placed player who has had no bye sits out and gets one
  point (the bye); when everyone has had one, the lowest-placed sits out again.
* From the top, each player in turn takes a partner. Within a score group of m players
  the ideal partner is the one m/2 places further down (the top half meets the bottom
  half: 1–5, 2–6, 3–7, 4–8 among eight); next come those below the ideal, then those
  above it, then the players of the lower score groups, nearest first (an odd player
  out floats down to the next group). A partner is allowed when the two have not met
  and their colours can be given (below).
* Where the rest can't be paired, the search backs up and tries the next partner
  (depth-first, so the top boards keep their ideal pairings where anything allows it),
  and the bye moves up to the next player without one. Only when no pairing without a
  repeated opponent exists at all (more rounds than the field allows) is the colour
  rule dropped, then the rule against repeats.

Colours. A player's colour *difference* is blacks − whites. Whoever has played the same
colour twice in a row, or whose difference is ±2, must get the other colour: two
players who must get the same colour are not paired. Otherwise black goes to the player
with the smaller difference; at equal differences to the one who had white more
recently (alternation); with equal histories the better placed player gets the colour
he did not have last, and in the first round he gets black on odd boards, white on
even ones.

Standings (:func:`swiss_standings`): score (a win 1, a draw ½, a bye 1), then the
Buchholz score (the sum of the opponents' scores: who met strong players ranks higher),
then the Sonneborn–Berger score (the scores of the opponents beaten, plus half of those
drawn against: who beat strong players ranks higher), then the seed. A bye adds nothing
to either tie-break.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace

from reversi.tournament.games import Game

__all__ = ["Round", "SwissLine", "swiss_round", "swiss_standings", "BYE_POINTS"]

#: what a bye is worth
BYE_POINTS = 1.0
#: how many steps one pairing search may take before the next, looser one is tried
SEARCH_STEPS = 50_000

BLACK, WHITE = "b", "w"


@dataclass(frozen=True, slots=True, kw_only=True)
class Round:
    number: int
    #: (black, white), board 1 first
    pairs: tuple[tuple[str, str], ...]
    bye: str | None


@dataclass(frozen=True, slots=True, kw_only=True)
class SwissLine:
    player: str
    rank: int
    #: a bye counts 1
    score: float
    buchholz: float
    sonneborn_berger: float
    games: int


@dataclass(slots=True)
class _Record:
    """One player's tournament so far."""

    score: float = 0.0
    opponents: set[str] = field(default_factory=set)
    colours: list[str] = field(default_factory=list)  # in round order

    @property
    def difference(self) -> int:
        return self.colours.count(BLACK) - self.colours.count(WHITE)

    def must(self) -> str | None:
        """The colour this player must get next, if any."""
        last = self.colours[-2:]
        if self.difference >= 2 or last == [BLACK, BLACK]:
            return WHITE
        if self.difference <= -2 or last == [WHITE, WHITE]:
            return BLACK
        return None


def _records(
    players: Iterable[str], games: Iterable[Game], byes: Mapping[str, int], before: int
) -> dict[str, _Record]:
    records: dict[str, _Record] = {p: _Record() for p in players}
    for game in sorted(games, key=lambda g: g.round):
        for player, colour in ((game.black, BLACK), (game.white, WHITE)):
            record = records.setdefault(player, _Record())
            record.opponents.add(game.opponent(player))
            record.colours.append(colour)
            record.score += game.score_of(player) or 0.0
    for player, number in byes.items():
        if number < before:
            records.setdefault(player, _Record()).score += BYE_POINTS
    return records


def swiss_round(
    players: Sequence[str], games: Iterable[Game], byes: Mapping[str, int], number: int
) -> Round:
    """Round ``number`` among ``players`` (the active ones, in seed order), after
    ``games`` (all games so far) and ``byes`` (player -> the round of their bye)."""
    seed = {p: i for i, p in enumerate(dict.fromkeys(players))}
    records = _records(seed, games, byes, number)
    order = sorted(seed, key=lambda p: (-records[p].score, seed[p]))
    candidates: list[str | None] = [None]
    if len(order) % 2:
        fresh = [p for p in reversed(order) if p not in byes]
        candidates = [*(fresh or reversed(order))]
    for rule in (_strict, _no_repeat, _anything):
        for bye in candidates:
            rest = [p for p in order if p != bye]
            found = _pair(rest, records, rule)
            if found is not None:
                boards = tuple(
                    _colours(a, b, records, board) for board, (a, b) in enumerate(found, 1)
                )
                return Round(number=number, pairs=boards, bye=bye)
    raise AssertionError("the last rule allows every pairing")  # pragma: no cover


def _strict(a: _Record, b: _Record, b_name: str) -> bool:
    must = a.must()
    return b_name not in a.opponents and (must is None or must != b.must())


def _no_repeat(a: _Record, b: _Record, b_name: str) -> bool:
    return b_name not in a.opponents


def _anything(a: _Record, b: _Record, b_name: str) -> bool:
    return True


def _pair(
    order: list[str],
    records: Mapping[str, _Record],
    allowed: Callable[[_Record, _Record, str], bool],
) -> list[tuple[str, str]] | None:
    """Everyone in ``order`` paired (each pair better placed first), or None."""
    steps = 0

    def search(rest: list[str]) -> list[tuple[str, str]] | None:
        nonlocal steps
        if not rest:
            return []
        steps += 1
        if steps > SEARCH_STEPS:
            return None
        first, others = rest[0], rest[1:]
        for partner in _partners(first, others, records):
            if allowed(records[first], records[partner], partner):
                tail = search([p for p in others if p != partner])
                if tail is not None:
                    return [(first, partner), *tail]
                if steps > SEARCH_STEPS:
                    return None
        return None

    return search(order)


def _partners(first: str, others: list[str], records: Mapping[str, _Record]) -> list[str]:
    """``first``'s partners, most wanted first: its score group from the ideal partner
    (m/2 places down) downwards, then upwards, then the lower groups in order."""
    group = [p for p in others if records[p].score == records[first].score]
    lower = [p for p in others if records[p].score != records[first].score]
    ideal = (len(group) + 1) // 2 - 1
    if ideal < 0:
        return lower
    return [*group[ideal:], *reversed(group[:ideal]), *lower]


def _colours(a: str, b: str, records: Mapping[str, _Record], board: int) -> tuple[str, str]:
    """(black, white) for ``a`` (better placed) and ``b`` on ``board`` (1-based)."""
    ra, rb = records[a], records[b]
    a_black = _a_gets_black(ra, rb, board)
    return (a, b) if a_black else (b, a)


def _a_gets_black(ra: _Record, rb: _Record, board: int) -> bool:
    must_a, must_b = ra.must(), rb.must()
    if must_a is not None and must_a != must_b:
        return must_a == BLACK
    if must_b is not None and must_a != must_b:
        return must_b == WHITE
    if ra.difference != rb.difference:
        return ra.difference < rb.difference
    for ca, cb in zip(reversed(ra.colours), reversed(rb.colours), strict=False):
        if ca != cb:
            return ca == WHITE
    if ra.colours:
        return ra.colours[-1] == WHITE
    return board % 2 == 1


def swiss_standings(
    players: Iterable[str], games: Iterable[Game], byes: Mapping[str, int]
) -> list[SwissLine]:
    """Everyone in ``players``, in the finished ``games`` and in ``byes`` (a player who
    left keeps their line), best first; ties: score, Buchholz, Sonneborn–Berger, seed."""
    finished = [g for g in games if g.score is not None]
    seed = {p: i for i, p in enumerate(dict.fromkeys(players))}
    for player in [*(p for g in finished for p in (g.black, g.white)), *byes]:
        seed.setdefault(player, len(seed))
    records = _records(seed, finished, byes, before=2**31)
    lines = []
    for player, record in records.items():
        mine = [
            (g.opponent(player), g.score_of(player) or 0.0)
            for g in finished
            if player in (g.black, g.white)
        ]
        lines.append(
            SwissLine(
                player=player,
                rank=0,
                score=record.score,
                buchholz=sum(records[o].score for o, _ in mine),
                sonneborn_berger=sum(records[o].score * s for o, s in mine),
                games=len(mine),
            )
        )
    lines.sort(
        key=lambda line: (-line.score, -line.buchholz, -line.sonneborn_berger, seed[line.player])
    )
    return [replace(line, rank=rank) for rank, line in enumerate(lines, 1)]
