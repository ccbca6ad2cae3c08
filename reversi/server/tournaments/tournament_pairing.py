"""A tournament's one serialized step: record the games that ended, move the
tournament along (start, next Swiss round, end) and pair whoever waits — in one write
transaction that runs after every other one of any process, as quick pairing's does
(``rows.serialize``: PostgreSQL's transaction lock, SQLite's one writer).

The step is a function of the stored rows and the time only, so it may run as often
as anyone likes: after a tournament table ended (``Tournaments.ended``), when a player
joins, and on every sweep (the stragglers: a process that died between a game's end
and its step). A player at a table of a tournament game that has not ended is never
paired; so a restart or a second process pairs nobody twice.

**Arena.** From ``starts_at`` to ``ends_at`` everyone who joined, has not withdrawn
and sits at no tournament table is paired (``arena_pairs``), never with the last
opponent unless nobody else is in the arena or both have waited ``REMATCH_AFTER``
seconds since that game (:func:`may_meet_again`). Games that began before the end count
when they end (lichess's rule); no game begins after it.

**Swiss.** A round begins when every game of the previous one has ended, or
:func:`round_limit` seconds after it began (then whoever still plays sits the new
round out); the bye is recorded with the player. After the last round has ended the
tournament is over. A player who withdraws (or never made a first move: they lose that
game and are withdrawn, as in an arena) is paired no more until they rejoin.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from reversi.duel.duel import Duel
from reversi.duel.rules import DuelRules, time_class, total_clock
from reversi.duel.table import extra, new_code, new_table, set_standing
from reversi.hall.ratings import ratings_for
from reversi.hall.reads import nicknames
from reversi.server.tournaments import tournament_rows as tr
from reversi.server.tournaments.tournament_book import Book, Books
from reversi.storage import Rows, TableRecord
from reversi.tournament.arena import REMATCH_AFTER, arena_pairs
from reversi.tournament.swiss import swiss_round

#: the key of the transaction lock that serializes every tournament's step
TOURNAMENT_LOCK = 0x7012_0032


def round_limit(clock: str) -> float:
    """Seconds after a Swiss round began when the next one begins anyway: both clocks
    run out with 30 increments each, and two minutes on top.

    >>> round_limit("3+2"), round_limit("10+5")
    (600.0, 1620.0)
    """
    total = total_clock({"clock": clock})
    assert total is not None
    return 2 * (total[0] + 30 * total[1]) + 120.0


@dataclass
class Step:
    """What a step did: the tables it opened (told to their players after the commit)."""

    tables: list[TableRecord] = field(default_factory=list)
    #: whether the tournament's status or round changed
    changed: bool = False


def step(rows: Rows, tournament_id: str, now: float, rules: DuelRules, books: Books) -> Step:
    """One transaction: see the module's text. ``books``: what this process keeps of
    each arena's games between steps (``tournament_book``)."""
    rows.serialize(TOURNAMENT_LOCK)
    conn = rows.conn
    done = Step()
    for table in tr.ended_unrecorded(conn, tournament_id):
        _record(rows, table)
    t = tr.tournament(conn, tournament_id)
    if t is None or t.status == tr.FINISHED:
        return done
    if t.status == tr.UPCOMING:
        if now < t.starts_at:
            return done
        ends = t.starts_at + 60.0 * (t.minutes or 0) if t.kind == "arena" else None
        tr.set_tournament(conn, t.id, status=tr.RUNNING, ends_at=ends)
        t = tr.tournament(conn, t.id)
        assert t is not None
        done.changed = True
    if t.kind == "arena":
        if t.ends_at is not None and now >= t.ends_at:
            tr.set_tournament(conn, t.id, status=tr.FINISHED)
            done.changed = True
            return done
        _pair_arena(rows, t, now, rules, done, books)
    else:
        _swiss(rows, t, now, rules, done)
    return done


def _record(rows: Rows, table: TableRecord) -> None:
    tournament_id, absent = tr.record(rows.conn, table, table.updated_at)
    if tournament_id is not None and absent is not None:
        tr.withdraw(rows.conn, tournament_id, [absent])


def record_all(rows: Rows) -> list[str]:
    """Records every ended tournament game not recorded yet (the sweep's stragglers);
    returns their tournaments."""
    rows.serialize(TOURNAMENT_LOCK)
    found = []
    for table in tr.ended_unrecorded(rows.conn):
        _record(rows, table)
        found.append(str(extra(table).get("tournament")))
    return found


def _pair_arena(
    rows: Rows, t: tr.Tournament, now: float, rules: DuelRules, done: Step, books: Books
) -> None:
    conn = rows.conn
    entrants = tr.entrants(conn, t.id)
    busy = tr.busy(conn)
    waiting = [e.player for e in entrants if not e.left and e.player not in busy]
    if len(waiting) < 2:
        return
    book = books.read(conn, t.id)
    # near in standing by points: the performance (the tie-break, and most of the time
    # a full ranking takes) does not matter here
    standings = book.standings([e.player for e in entrants])
    pairs = arena_pairs(
        waiting,
        standings,
        book.last_opponent(),
        book.blacks,
        book.whites,
        rematch=may_meet_again(book, entrants, waiting, now),
    )
    _open_tables(rows, t, pairs, 0, now, rules, done)


def may_meet_again(
    book: Book, entrants: list[tr.Entrant], waiting: list[str], now: float
) -> set[str]:
    """The waiting players who may meet their last opponent again: everyone when
    nobody else is in the arena, else whoever has waited ``REMATCH_AFTER`` seconds."""
    if sum(not e.left for e in entrants) <= 2:
        return set(waiting)
    return {
        p
        for p in waiting
        if (ended := book.last_ended(p)) is not None and now - ended >= REMATCH_AFTER
    }


def _swiss(rows: Rows, t: tr.Tournament, now: float, rules: DuelRules, done: Step) -> None:
    conn = rows.conn
    played = tr.games(conn, t.id)
    current = [g for g in played if g.round == t.round]
    ended = all(g.ended_at is not None for g in current)
    late = t.round_at is not None and now >= t.round_at + round_limit(t.clock)
    if t.round > 0 and not (ended or late):
        return
    if t.round >= (t.rounds or 0):
        if ended:
            tr.set_tournament(conn, t.id, status=tr.FINISHED, ends_at=now)
            done.changed = True
        return
    entrants = tr.entrants(conn, t.id)
    busy = tr.busy(conn)
    active = sorted(
        (e for e in entrants if not e.left and e.player not in busy),
        key=lambda e: (-e.rating, e.joined_at, e.player),
    )
    if t.round == 0 and len(active) < 2:  # nobody to play: over before it began
        tr.set_tournament(conn, t.id, status=tr.FINISHED, ends_at=now)
        done.changed = True
        return
    number = t.round + 1
    byes = {e.player: e.bye_round for e in entrants if e.bye_round is not None}
    chosen = swiss_round([e.player for e in active], [g.game() for g in played], byes, number)
    if chosen.bye is not None:
        tr.set_bye(conn, t.id, chosen.bye, number)
    tr.set_tournament(conn, t.id, round=number, round_at=now)
    done.changed = True
    _open_tables(rows, t, list(chosen.pairs), number, now, rules, done)


def _open_tables(
    rows: Rows,
    t: tr.Tournament,
    pairs: list[tuple[str, str]],
    number: int,
    now: float,
    rules: DuelRules,
    done: Step,
) -> None:
    """A running table for each (black, white) pair, with the tournament's rules: the
    tables, their first events and the games each in one statement (a table code drawn
    twice fails the insert, and the step runs again)."""
    if not pairs:
        return
    ids = [p for pair in pairs for p in pair]
    names = nicknames(rows.conn, ids)
    shown = {
        pid: r.shown()
        for pid, r in ratings_for(rows.conn, ids, time_class({"clock": t.clock})).items()
    }
    duels = []
    for black, white in pairs:
        table = new_table(
            new_code(),
            black,
            names.get(black, "?"),
            now,
            rules,
            t.private,
            clock=t.clock,
            rated=t.rated,
        )
        table.rules["xot"] = t.xot
        extra(table)["tournament"] = t.id
        duel = Duel(table, now, rules)
        set_standing(duel.table, 0, (None, shown.get(black)))
        duel.open()
        duel.join(white, names.get(white, "?"), black_seat=0)
        set_standing(duel.table, 1, (None, shown.get(white)))
        duels.append(duel)
    rows.add_tables([d.table for d in duels])
    rows.add_first_events({d.table.id or 0: d.events for d in duels})
    tr.add_games(
        rows.conn,
        t.id,
        [
            tr.Played(
                code=d.table.code,
                round=number,
                black=black,
                white=white,
                score=None,
                started_at=now,
                ended_at=None,
            )
            for d, (black, white) in zip(duels, pairs, strict=True)
        ],
    )
    done.tables += [d.table for d in duels]
