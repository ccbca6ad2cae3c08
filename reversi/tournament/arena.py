"""An arena: play as many games as the time allows, scored as lichess scores its arenas.

Scoring. A win earns :data:`WIN_POINTS`, a draw :data:`DRAW_POINTS`, a loss
:data:`LOSS_POINTS`. Two wins in a row set a player *on fire*: from then on every game
counts double (a win 4, a draw 2, a loss 0) until the first game that is not a win,
which still counts double and puts the fire out. Two more wins light it again. So the
results W W W D W W W read 2 2 4 2 2 2 4 (18 points).

Standings. Most points first; equal points: the better performance rating
(:mod:`reversi.tournament.performance`), then fewer games (the same points from fewer
games), then the order in which the players were given (their seed).

Pairing (:func:`arena_pairs`). Whoever waits is paired with the waiting player nearest
in the standings, never with the opponent of their last game: the players are walked
from the top; each takes the nearest allowed partner below, and where that leaves the
rest unpairable (two last opponents left over) the walk backs up and tries the next
nearest. With an odd number one player waits for the next call. Colours: black to the
player who has had black less often than white (blacks − whites), then to the one with
fewer blacks, then to the lower-placed player.

The same two again. Two players who just met may meet again only when both may
(``rematch``, given by the caller) and nobody else is there for either: the server lets
a player whose arena has nobody else in it (everyone else left) meet the last opponent
at once, and anyone else after :data:`REMATCH_AFTER` seconds of waiting — so two
players alone in an arena keep playing, and in a big one nobody waits long for a new
opponent who is not coming.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace

from reversi.tournament.games import Game
from reversi.tournament.performance import performance

__all__ = [
    "WIN_POINTS",
    "REMATCH_AFTER",
    "DRAW_POINTS",
    "LOSS_POINTS",
    "ArenaLine",
    "arena_standings",
    "arena_line",
    "ranked",
    "arena_pairs",
    "game_points",
]

WIN_POINTS, DRAW_POINTS, LOSS_POINTS = 2, 1, 0
#: seconds a player waits for someone new before the last opponent will do
REMATCH_AFTER = 20.0
#: how many steps the pairing's search may take before it settles for fewer pairs
SEARCH_STEPS = 20_000


@dataclass(frozen=True, slots=True, kw_only=True)
class ArenaLine:
    player: str
    #: 1-based; equal points -> better performance first, then fewer games
    rank: int
    points: int
    games: int
    wins: int
    draws: int
    losses: int
    #: points earned per finished game, in order (4 = a doubled win)
    results: tuple[int, ...]
    #: two wins in a row: the next game counts double
    on_fire: bool
    #: performance rating (needs ratings), None without games
    performance: float | None


def game_points(scores: Iterable[float]) -> tuple[tuple[int, ...], bool]:
    """The points of each of a player's game scores (1, ½, 0, in order) and whether
    the player is on fire after them.

    >>> game_points([1.0, 1.0, 1.0, 0.5, 1.0, 1.0, 1.0])
    ((2, 2, 4, 2, 2, 2, 4), True)
    >>> game_points([1.0, 1.0, 0.0, 1.0])
    ((2, 2, 0, 2), False)
    """
    results: list[int] = []
    streak = 0  # wins in a row so far
    for score in scores:
        base = WIN_POINTS if score == 1.0 else DRAW_POINTS if score == 0.5 else LOSS_POINTS
        results.append(base * 2 if streak >= 2 else base)
        streak = streak + 1 if score == 1.0 else 0
    return tuple(results), streak >= 2


def arena_standings(
    players: Iterable[str], games: Iterable[Game], ratings: Mapping[str, float] = {}
) -> list[ArenaLine]:
    """Everyone in ``players`` and in the finished ``games`` (a player who left keeps
    their line), best first. ``ratings`` (player -> rating) gives the performance."""
    order = {p: i for i, p in enumerate(dict.fromkeys(players))}
    finished = sorted(
        ((g.ended_at, i, g) for i, g in enumerate(games) if g.score is not None),
        key=lambda t: (t[0], t[1]),
    )
    played: dict[str, list[Game]] = {p: [] for p in order}
    for _, _, game in finished:
        for player in (game.black, game.white):
            order.setdefault(player, len(order))
            played.setdefault(player, []).append(game)
    return ranked([arena_line(p, played[p], ratings) for p in order], order)


def ranked(lines: Iterable[ArenaLine], order: Mapping[str, int]) -> list[ArenaLine]:
    """``lines`` best first, with their ranks; ``order`` (player -> seed) breaks the
    last ties."""
    best = sorted(
        lines,
        key=lambda line: (
            -line.points,
            line.performance is None,
            -(line.performance or 0.0),
            line.games,
            order[line.player],
        ),
    )
    return [replace(line, rank=rank) for rank, line in enumerate(best, 1)]


def arena_line(player: str, games: Sequence[Game], ratings: Mapping[str, float] = {}) -> ArenaLine:
    """``player``'s line (rank 0) from their finished ``games`` in the order they ended."""
    scores = [s for g in games if (s := g.score_of(player)) is not None]
    results, on_fire = game_points(scores)
    rated = [
        (ratings[g.opponent(player)], s)
        for g, s in zip(games, scores, strict=True)
        if g.opponent(player) in ratings
    ]
    return ArenaLine(
        player=player,
        rank=0,
        points=sum(results),
        games=len(scores),
        wins=scores.count(1.0),
        draws=scores.count(0.5),
        losses=scores.count(0.0),
        results=results,
        on_fire=on_fire,
        performance=performance([r for r, _ in rated], sum(s for _, s in rated)),
    )


def arena_pairs(
    waiting: Sequence[str],
    standings: Sequence[ArenaLine],
    last_opponent: Mapping[str, str],
    blacks: Mapping[str, int],
    whites: Mapping[str, int],
    *,
    rematch: Collection[str] = (),
) -> list[tuple[str, str]]:
    """Pairs (black, white) of the ``waiting`` players, best placed first.

    ``last_opponent``: each player's opponent in their last game; two players who just
    met are not paired again (they wait for someone else), unless both are in
    ``rematch``: then, where no other pairing is possible, they may meet again. A waiting
    player missing from ``standings`` (no line yet) ranks below everyone, in the given
    order.
    """
    rank = {line.player: line.rank for line in standings}
    below = len(rank) + 1
    given = {p: i for i, p in enumerate(dict.fromkeys(waiting))}
    queue = sorted(given, key=lambda p: (rank.get(p, below), given[p]))

    def apart(a: str, b: str) -> bool:
        return last_opponent.get(a) != b and last_opponent.get(b) != a

    found = _match(queue, apart)
    again = set(rematch)
    rest = [p for p in queue if p in again and not any(p in pair for pair in found)]
    if len(rest) > 1:
        found += _match(rest, lambda a, b: True)
        place = {p: i for i, p in enumerate(queue)}
        found.sort(key=lambda pair: place[pair[0]])
    return [_colours(a, b, rank, blacks, whites) for a, b in found]


def _match(queue: list[str], fits: Callable[[str, str], bool]) -> list[tuple[str, str]]:
    """The most pairs of ``queue`` (in standing order) whose partners are ``allowed``,
    each the nearest possible: a depth-first search that tries partners nearest first
    and, where it fails, leaves out as few players as it must."""
    steps = [0]

    def search(rest: list[str], skips: int) -> list[tuple[str, str]] | None:
        if len(rest) <= skips:
            return []
        steps[0] += 1
        if steps[0] > SEARCH_STEPS:
            return None
        first, others = rest[0], rest[1:]
        for i, partner in enumerate(others):
            if fits(first, partner):
                tail = search(others[:i] + others[i + 1 :], skips)
                if tail is not None:
                    return [(first, partner), *tail]
        if skips:
            return search(others, skips - 1)
        return None

    skips = len(queue) % 2
    while skips <= len(queue):
        steps[0] = 0
        found = search(queue, skips)
        if found is not None:
            return found
        skips += 2
    return []


def _colours(
    a: str, b: str, rank: Mapping[str, int], blacks: Mapping[str, int], whites: Mapping[str, int]
) -> tuple[str, str]:
    """(black, white): ``a`` is the better placed of the two."""

    def need(p: str) -> tuple[int, int]:
        return (blacks.get(p, 0) - whites.get(p, 0), blacks.get(p, 0))

    return (a, b) if need(a) < need(b) else (b, a)
