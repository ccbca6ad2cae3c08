"""What one process keeps of each arena between two of its steps, so that a step reads
and ranks only what changed since its last one instead of every game of the arena.

A step runs after every other one of any process (``TOURNAMENT_LOCK``), so what it
reads is whole; what a book adds is only which rows it need not read again. A finished
game never changes, so a book reads again only the games it saw running, the ones
running now and those that began since shortly before its newest one (:data:`MARGIN`:
a step's time is taken before it waits for the lock); if the arena then has more games
than the book, something slipped past and the book reads them all again. Each player's
line is worked out again only when one of their games ended.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from sqlalchemy.engine import Connection

from reversi.server.tournaments import tournament_rows as tr
from reversi.tournament.arena import ArenaLine, arena_line, ranked
from reversi.tournament.games import Game

#: seconds before the newest game a book has seen from which it reads games again: more
#: than a step waits for the lock (seconds at worst; 500 players on a loaded machine:
#: 4.7 s from asking to commit). A game that slips past costs a full reading, nothing
#: more; every game begun within it is read at every step (5 minutes: the whole arena's
#: last 1,200 games)
MARGIN = 30.0


@dataclass
class Book:
    """An arena's games as of a step, and what pairing needs of them."""

    games: dict[str, tr.Played] = field(default_factory=dict)
    #: the codes of the games that had not ended
    running: set[str] = field(default_factory=set)
    #: the latest ``started_at`` seen
    newest: float = float("-inf")
    #: each player's finished games, in the order they ended
    finished: dict[str, list[tr.Played]] = field(default_factory=dict)
    #: each player's last game's opponent (the last one begun), its start and code
    last: dict[str, tuple[float, str, str]] = field(default_factory=dict)
    blacks: dict[str, int] = field(default_factory=dict)
    whites: dict[str, int] = field(default_factory=dict)
    lines: dict[str, ArenaLine] = field(default_factory=dict)
    #: the players whose line is out of date
    stale: set[str] = field(default_factory=set)

    def take(self, game: tr.Played) -> None:
        """Adds a game not seen before, or one seen running."""
        known = self.games.get(game.code)
        if known is None:
            self.newest = max(self.newest, game.started_at)
            for player, other in ((game.black, game.white), (game.white, game.black)):
                begun = (game.started_at, game.code, other)
                if player not in self.last or begun > self.last[player]:
                    self.last[player] = begun
            self.blacks[game.black] = self.blacks.get(game.black, 0) + 1
            self.whites[game.white] = self.whites.get(game.white, 0) + 1
        elif known.ended_at is not None:
            return
        self.games[game.code] = game
        if game.ended_at is None:
            self.running.add(game.code)
            return
        self.running.discard(game.code)
        for player in (game.black, game.white):
            self.finished.setdefault(player, []).append(game)
            self.stale.add(player)

    def last_opponent(self) -> dict[str, str]:
        return {player: other for player, (_, _, other) in self.last.items()}

    def last_ended(self, player: str) -> float | None:
        """When the player's last game ended (None: no game, or it runs)."""
        begun = self.last.get(player)
        if begun is None:
            return None
        return self.games[begun[1]].ended_at

    def standings(self, players: list[str]) -> list[ArenaLine]:
        """Every player's line by points (no performance: pairing does not need it);
        ``players`` in the order they joined break the ties."""
        for player in self.stale:
            games = sorted(self.finished[player], key=lambda g: (g.ended_at, g.started_at, g.code))
            self.finished[player] = games
            self.lines[player] = arena_line(player, [_game(g) for g in games])
        self.stale.clear()
        order = {p: i for i, p in enumerate(players)}
        for player in order.keys() - self.lines.keys():  # no game finished yet
            self.lines[player] = replace(_EMPTY, player=player)
        return ranked((self.lines[p] for p in order), order)


_EMPTY = ArenaLine(
    player="",
    rank=0,
    points=0,
    games=0,
    wins=0,
    draws=0,
    losses=0,
    results=(),
    on_fire=False,
    performance=None,
)


def _game(played: tr.Played) -> Game:
    return played.game()


class Books:
    """This process's books, one per arena."""

    def __init__(self) -> None:
        self._books: dict[str, Book] = {}

    def read(self, conn: Connection, tournament_id: str) -> Book:
        """The arena's book, brought up to date inside the step's transaction."""
        book = self._books.get(tournament_id)
        if book is not None:
            for game in tr.games_since(conn, tournament_id, book.running, book.newest - MARGIN):
                book.take(game)
            if tr.game_count(conn, tournament_id) == len(book.games):
                return book
        book = self._books[tournament_id] = Book()
        for game in tr.games(conn, tournament_id):
            book.take(game)
        return book

    def forget(self, tournament_id: str) -> None:
        """After a step that failed: what it read may not have been committed."""
        self._books.pop(tournament_id, None)

    def keep(self, tournament_ids: set[str]) -> None:
        """Drops the books of every other tournament (over, or never stepped here)."""
        for tournament_id in set(self._books) - tournament_ids:
            del self._books[tournament_id]
