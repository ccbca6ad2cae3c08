"""Grow the opening book (``reversi/ai/opening_book.bin``) from searches of the native core.

    .venv/bin/python -m tools.book.generate --depth 12 --plies 10 --margin 100 --width 3

From the start, ply by ply: every position of the ply is searched, each legal move
to ``depth`` plies (its child to ``depth - 1`` on the core, a fresh table per
position, so a search at the stored depth gives the stored value again); the (at
most ``width``) moves within ``margin`` hundredths of a disc of the best are
followed to the next ply, up to ``plies`` plies. Positions are de-duplicated by
their eight symmetric images. The book is written after each ply and when
``--minutes`` of CPU time are spent; a run reads the existing book first and
searches only the positions missing from it (or searched shallower), so it
resumes an interrupted run and grows a book to more plies or a wider margin (a
finished run keeps only the positions its settings reach).
"""

from __future__ import annotations

import argparse
import sys
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path

from reversi.ai.analysis import move_children
from reversi.ai.book import (
    FILE_NAME,
    Book,
    BookEntry,
    BookError,
    BookMove,
    Key,
    dump,
    normalised,
    parse,
)
from reversi.ai.evaluate import WIN
from reversi.ai.native import Core, core
from reversi.engine import Board
from reversi.engine.bitboard import Bitboard
from reversi.engine.moves import legal_moves

#: The book is written after this many searched positions too (an interrupted run resumes).
SAVE_EVERY = 20
BOOK = Path(__file__).resolve().parents[2] / "reversi" / "ai" / FILE_NAME


def value(native: Core, p: Bitboard, o: Bitboard, depth: int, *, keep: bool) -> int:
    """The search's value of a position for the side to move, in hundredths of a
    disc (a pass uses no ply; a proven win or loss counts its disc margin)."""
    if not legal_moves(p, o):
        if not legal_moves(o, p):
            return 100 * (p.bit_count() - o.bit_count())
        return -value(native, o, p, depth, keep=keep)
    if depth == 0:
        return native.evaluate(p, o)
    score = native.search(p, o, depth, keep=keep).score
    if score >= WIN // 2:
        return score - WIN
    return score + WIN if score <= -WIN // 2 else score


def entry(native: Core, p: Bitboard, o: Bitboard, depth: int) -> BookEntry:
    """Every legal move with its value at ``depth`` plies, best first."""
    moves = [
        BookMove(sq, -value(native, cp, co, depth - 1, keep=i > 0))
        for i, (sq, cp, co) in enumerate(move_children(p, o))
    ]
    return BookEntry(depth, tuple(sorted(moves, key=lambda m: (-m.value, m.square))))


def followed(book: Book, p: Bitboard, o: Bitboard) -> list[tuple[Bitboard, Bitboard]]:
    """The positions after the book's near-best moves (the opponent to move; a
    forced pass passes)."""
    found = book.lookup(p, o)
    if found is None:
        return []
    children = {sq: (cp, co) for sq, cp, co in move_children(p, o)}
    result = []
    for move in found.near_best(book.margin, book.width):
        cp, co = children[move.square]
        if not legal_moves(cp, co) and legal_moves(co, cp):
            cp, co = co, cp
        if legal_moves(cp, co):
            result.append((cp, co))
    return result


def _write(out: Path, book: Book) -> None:
    """Replace the book file at once (an interrupted write leaves the old one)."""
    part = out.with_suffix(".part")
    part.write_bytes(dump(book))
    part.replace(out)


def searched(p: Bitboard, o: Bitboard, depth: int) -> tuple[BookEntry, float]:
    """A worker's entry for a position and the CPU seconds it took."""
    native = core()
    if native is None:
        raise SystemExit("the book needs the native core (reversi._native): run dev/setup")
    began = time.process_time()
    found = entry(native, p, o, depth)
    return found, time.process_time() - began


def grow(book: Book, depth: int, minutes: float, jobs: int, out: Path) -> bool:
    """Search the missing positions ply by ply in ``jobs`` processes; False when
    the CPU time ran out."""
    start = Board()
    frontier = {normalised(start.player, start.opponent)[0]}
    reached: set[Key] = set()
    spent = 0.0
    with ProcessPoolExecutor(jobs) as pool:
        for ply in range(book.plies):
            wanted = [
                key
                for key in sorted(frontier)
                if key not in book.entries or book.entries[key].depth < depth
            ]
            futures = {pool.submit(searched, *key, depth): key for key in wanted}
            ply_spent = 0.0
            for done, future in enumerate(as_completed(futures), 1):
                found, seconds = future.result()
                book.add(*futures[future], found)
                ply_spent += seconds
                if done % SAVE_EVERY == 0:
                    _write(out, book)
                if spent + ply_spent > 60 * minutes:
                    for pending in futures:
                        pending.cancel()
                    _write(out, book)
                    return False
            spent += ply_spent
            _write(out, book)
            print(
                f"ply {ply}: {len(frontier)} positions, {len(wanted)} searched in"
                f" {ply_spent:.0f} s CPU; book {len(book)} positions, {out.stat().st_size} bytes",
                file=sys.stderr,
                flush=True,
            )
            reached |= frontier
            frontier = {
                normalised(cp, co)[0] for p, o in frontier for cp, co in followed(book, p, o)
            }
    book.entries = {key: book.entries[key] for key in sorted(reached)}
    _write(out, book)  # without the positions of an earlier, larger book that it no longer reaches
    return True


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--depth", type=int, default=12, help="plies searched per position")
    parser.add_argument("--plies", type=int, default=10, help="plies of the game in the book")
    parser.add_argument("--margin", type=int, default=100, help="hundredths of a disc")
    parser.add_argument("--width", type=int, default=3, help="moves followed per position")
    parser.add_argument("--minutes", type=float, default=40.0, help="CPU minutes at most")
    parser.add_argument("--jobs", type=int, default=2, help="processes searching")
    parser.add_argument("--out", type=Path, default=BOOK)
    args = parser.parse_args(argv)
    book = Book({}, args.margin, args.plies, args.width)
    if args.out.exists():
        try:
            old = parse(args.out.read_bytes(), str(args.out))
        except BookError as error:
            raise SystemExit(str(error)) from None
        book.entries = old.entries
    done = grow(book, args.depth, args.minutes, args.jobs, args.out)
    print(f"{'done' if done else 'stopped (CPU time)'}: {len(book)} positions", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
