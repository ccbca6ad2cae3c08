"""The native core against Edax 4.x, on the same positions, one thread each, in CPU time.

    .venv/bin/python benchmarks/edax.py --edax /path/to/lEdax-x64            # everything
    .venv/bin/python benchmarks/edax.py --edax EDAX --eval /path/to/eval.dat --perft 9 10

Edax is not part of the project and nothing here builds it: give the path of an Edax
4.x binary built elsewhere, and its evaluation file if it is not ``data/eval.dat``
beside the binary or one folder up. For the issue's comparison the evaluation file
holds zero weights, so that Edax's move ordering gets nothing from a trained evaluation.

Sets, each run by both programs one after the other (both see the same load), Edax
with ``-n 1``: perft from the start, plies 1…N, each side plain and with a table of
counted positions: Edax's ``perft N`` typed into its text interface (``count_games``,
no table) and its ``-count games N`` (a table of positions up to symmetry), each timed
by Edax's own CPU clock for each ply; ours perft(1)…perft(N) plain and with a table,
timed by this process's CPU clock; exact solves (empties to the
winner, Edax's ``-solve`` at level 60) of the 20 fixed positions at 14 empties and 10
at 18 empties that ``benchmarks/native.py`` and ``benchmarks/endgame.py`` use, each
with its symmetric images (``--images``), and of FFO #40–#44. For the solves Edax's
CPU time is that of its process (``getrusage`` of the children) less the median CPU
time of the same command on no position (unpacking the weights, clearing the tables).
Printed per set: our nodes / Edax's, our CPU / Edax's, whether every score agrees, and
the load average.
"""

from __future__ import annotations

import argparse
import os
import re
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.endgame import FFO, positions
from benchmarks.native import cpu, load
from reversi.ai import solve
from reversi.ai.native import core
from reversi.engine import Board, Counting, parse_obf

#: A row of Edax's ``-solve`` table: ``  1|   14   +18 0:00.001  12345 ...``
#: (number, depth with an optional ``@selectivity%``, bound and score, time, nodes).
SOLVE_ROW = re.compile(r"^\s*(\d+)\|\s*(\d+)(?:@\s*\d+%)?\s+[<>?]?\s*([+-]\d+)\s+[\d:.]+\s+(\d+)\b")
#: A row of the table of Edax's ``-count games`` and of its ``perft`` command: ply, moves
#: and passes, passes, wins, draws, losses, mobility range, CPU time of the ply
#: (``0:00.34``), then the speed (and for ``count games`` the table's tries and hits).
COUNT_ROW = re.compile(
    r"^\s*(\d+),\s*(\d+),\s*\d+,\s*(\d+),\s*(\d+),\s*(\d+),\s*\d+\s*-\s*\d+,\s*([\d:.]+),"
)


@dataclass(frozen=True)
class Edax:
    binary: Path
    evaluation: Path
    hash_bits: int

    def options(self) -> list[str]:
        """One thread, the table's size (the evaluation file: :meth:`run`)."""
        return ["-n", "1", "-h", str(self.hash_bits)]

    def run(self, *args: str, commands: str | None = None) -> tuple[str, float]:
        """Edax's output and the CPU time (user + system) of its process.

        It runs in a folder of its own (no edax.ini of anyone's is read) that holds the
        evaluation file as ``data/eval.dat``, the path every Edax 4.x reads: 4.3 knows
        no ``-eval-file`` option. An option it does not know makes Edax print its usage
        and exit with 0, so the usage counts as a failure too. ``commands`` are typed
        into its text interface (without them its standard input is empty)."""
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        with tempfile.TemporaryDirectory() as cwd:
            (Path(cwd) / "data").mkdir()
            (Path(cwd) / "data" / "eval.dat").symlink_to(self.evaluation)
            result = subprocess.run(
                [str(self.binary), *self.options(), *args],
                cwd=cwd,
                input=commands or "",
                capture_output=True,
                text=True,
                check=False,
            )
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        if result.returncode != 0 or "Usage:" in result.stderr:
            raise RuntimeError(f"Edax {' '.join(args)} failed: {result.stderr.strip()[-300:]}")
        seconds = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        return result.stdout, seconds

    def solve(self, boards: Sequence[Board]) -> tuple[list[tuple[int, int]], float]:
        """(score, nodes) of each board, exact, and the CPU time of the solves."""
        with tempfile.TemporaryDirectory() as folder:
            problems = Path(folder) / "problems.obf"
            problems.write_text("".join(f"{board.obf()};\n" for board in boards))
            output, seconds = self.run("-l", "60", "-verbose", "1", "-solve", str(problems))
        return parse_solve(output, len(boards)), seconds

    def count(self, depth: int, table: bool) -> Counted:
        """Edax's perft from the start to ``depth``: ``-count games`` with its table of
        positions, or plain, with the ``perft`` command of its text interface. There the
        level is set to 1 first: finding no opening book, Edax 4.3 makes one and searches
        the start position at that level before it reads the command (no part of the
        perft's time, which Edax clocks for each ply). The end of its input ends Edax
        after the command; a ``quit`` typed after it would not do: Edax's input thread
        clears the commands still waiting when it reads ``quit``."""
        if table:
            output, _ = self.run("-count", "games", str(depth))
        else:
            output, _ = self.run("-l", "1", commands=f"perft {depth}\n")
        counted = parse_count(output).get(depth)
        if counted is None:
            what = "count games" if table else "perft"
            raise ValueError(f"no ply {depth} in the output of Edax's {what}:\n{output}")
        return counted

    def startup(self) -> float:
        """The CPU time of ``-solve`` on no position (unpacking the weights, clearing the
        tables), the median of three runs."""
        return statistics.median(self.solve([])[1] for _ in range(3))


def parse_solve(output: str, count: int) -> list[tuple[int, int]]:
    """(score, nodes) of each problem in Edax's ``-solve`` table, in order."""
    rows = [m for m in map(SOLVE_ROW.match, output.splitlines()) if m]
    if [int(m.group(1)) for m in rows] != list(range(1, count + 1)):
        raise ValueError(f"expected {count} solved positions in Edax's output:\n{output}")
    return [(int(m.group(3)), int(m.group(4))) for m in rows]


@dataclass(frozen=True)
class Counted:
    """Edax's ``-count games`` or ``perft`` to some ply: its perft and its own CPU time for
    the plies."""

    leaves: int
    seconds: float


def clock(text: str) -> float:
    """Seconds from Edax's ``[[h:]m]m:ss.cc``."""
    seconds = 0.0
    for part in text.split(":"):
        seconds = seconds * 60 + float(part)
    return seconds


def parse_count(output: str) -> dict[int, Counted]:
    """perft at each ply of Edax's ``-count games`` or ``perft`` table, counted as ours
    counts it (the board Edax prints around the table has no such rows).

    Edax's row for a ply gives the moves and passes there, and apart the games that end
    one ply before it (wins, draws, losses); perft counts a game that ends early as one
    leaf, so perft(n) is row n's moves and passes plus the ended games of rows 1…n.
    The time of a row is Edax's CPU clock (user time, 10 ms steps) for that ply alone.
    """
    perft: dict[int, Counted] = {}
    ended = 0
    seconds = 0.0
    for m in map(COUNT_ROW.match, output.splitlines()):
        if m:
            ended += int(m.group(3)) + int(m.group(4)) + int(m.group(5))
            seconds += clock(m.group(6))
            perft[int(m.group(1))] = Counted(int(m.group(2)) + ended, seconds)
    return perft


def ratio(ours: float, theirs: float) -> str:
    return f"{ours / theirs:.2f}×" if theirs > 0 else "n/a"


def bench_perft(edax: Edax, depth: int) -> None:
    """Ours: perft(1)…perft(depth), as Edax counts every ply up to it, plain and with a
    table of counted positions; Edax's CPU time is its own clock for those plies (its
    process spends more: for ``count games`` mostly in clearing a fresh table for each
    ply). Side by side: plain against Edax's ``perft``, with a table against its
    ``count games``."""
    native = core()
    assert native is not None
    p, o = Board().player, Board().opponent
    leaves, plain = cpu(lambda: [native.perft(p, o, ply) for ply in range(1, depth + 1)])
    counted_ours, table = cpu(
        lambda: [native.perft(p, o, ply, table=True) for ply in range(1, depth + 1)]
    )
    assert counted_ours == leaves
    edax_plain = edax.count(depth, table=False)
    edax_table = edax.count(depth, table=True)
    wrong = [
        f"Edax {name} {counted.leaves:,}"
        for name, counted in (("perft", edax_plain), ("count games", edax_table))
        if counted.leaves != leaves[-1]
    ]
    agree = "agree" if not wrong else f"DISAGREE ({', '.join(wrong)})"
    print(
        f"perft({depth}): {leaves[-1]:,} leaves, {agree}; CPU for plies 1–{depth}: "
        f"plain ours {plain:.2f} s, Edax perft {edax_plain.seconds:.2f} s: "
        f"{ratio(plain, edax_plain.seconds)}; with a table ours {table:.2f} s, "
        f"Edax count games {edax_table.seconds:.2f} s: {ratio(table, edax_table.seconds)}; "
        f"{load()}",
        flush=True,
    )


def mirror(bits: int) -> int:
    """The bitboard mirrored left to right (a1 <-> h1)."""
    return int.from_bytes(
        bytes(int(f"{byte:08b}"[::-1], 2) for byte in bits.to_bytes(8, "little")), "little"
    )


def flip(bits: int) -> int:
    """The bitboard flipped top to bottom (a1 <-> a8)."""
    return int.from_bytes(bits.to_bytes(8, "little"), "big")


def transpose(bits: int) -> int:
    """The bitboard transposed on the a1–h8 diagonal."""
    return sum(1 << (8 * (sq % 8) + sq // 8) for sq in range(64) if bits >> sq & 1)


def image(board: Board, symmetry: int) -> Board:
    """One of the eight symmetric images of a position (0: the position itself)."""
    black, white = board.black, board.white
    for bit, operation in ((1, mirror), (2, flip), (4, transpose)):
        if symmetry & bit:
            black, white = operation(black), operation(white)
    return Board.from_position(black, white, board.turn)


def bench_solves(
    edax: Edax, label: str, boards: Sequence[Board], startup: float, images: int
) -> None:
    """Both solve the positions and their first ``images`` symmetric images (the same work
    again, so that Edax's start-up is small beside its solving time); nodes and scores
    are given for the positions themselves and for all the images."""
    everything = [image(board, symmetry) for board in boards for symmetry in range(images)]
    found, ours = cpu(lambda: [solve(board, Counting.WINNER) for board in everything])
    solved, seconds = edax.solve(everything)
    theirs = max(seconds - startup, 0.0)
    pairs = list(zip(found, solved, strict=True))
    wrong = [i for i, (s, (score, _)) in enumerate(pairs) if s.score != score]
    agree = "all scores agree" if not wrong else f"scores DISAGREE on {len(wrong)}"
    originals = pairs[::images]
    with_images = (
        f"with the {images} images "
        f"{ratio(sum(s.nodes for s in found), sum(n for _, n in solved))}; "
    )
    our_nodes = sum(s.nodes for s, _ in originals)
    their_nodes = sum(nodes for _, (_, nodes) in originals)
    print(
        f"{label}: nodes ours {our_nodes:,}, Edax {their_nodes:,}: "
        f"{ratio(our_nodes, their_nodes)}; "
        f"{with_images if images > 1 else ''}"
        f"CPU ({len(everything)} solves) ours {ours:.3f} s, Edax {theirs:.3f} s: "
        f"{ratio(ours, theirs)}; {agree}; {load()}",
        flush=True,
    )
    for i in wrong:
        print(f"  {everything[i].obf()}: ours {found[i].score:+d}, Edax {solved[i][0]:+d}")
    if len(boards) <= 5:
        for i, (s, (_score, nodes)) in enumerate(originals):
            print(f"  #{i + 1}: {s.score:+d}, nodes ours {s.nodes:,}, Edax {nodes:,}", flush=True)


def ffo_boards(count: int) -> list[Board]:
    lines = FFO.read_text().splitlines()[:count]
    return [Board.from_position(*parse_obf(line)[:3]) for line in lines]


def evaluation_beside(binary: Path) -> Path | None:
    for folder in (binary.parent, binary.parent.parent):
        if (folder / "data" / "eval.dat").is_file():
            return folder / "data" / "eval.dat"
    return None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--edax", type=Path, help="an Edax 4.x binary (required)")
    parser.add_argument("--eval", type=Path, help="its eval.dat (default: data/ beside it)")
    parser.add_argument("--hash", type=int, default=20, help="Edax's table, log2 entries")
    parser.add_argument("--perft", type=int, nargs="*", default=[9, 10, 11])
    parser.add_argument("--count", type=int, default=20, help="positions at 14 empties")
    parser.add_argument("--count18", type=int, default=10, help="positions at 18 empties")
    parser.add_argument("--ffo", type=int, default=5, help="FFO #40 and the next ones")
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument(
        "--images", type=int, default=8, help="symmetric images solved at 14 and 18 empties"
    )
    args = parser.parse_args(argv)
    if args.edax is None:
        print(
            "benchmarks/edax.py needs an Edax 4.x binary: --edax PATH (and --eval PATH "
            "if its eval.dat is not in data/ beside it); Edax is not part of the project.",
            file=sys.stderr,
        )
        return 2
    binary = args.edax.resolve()
    if not (binary.is_file() and os.access(binary, os.X_OK)):
        print(f"--edax {args.edax}: no executable file there", file=sys.stderr)
        return 2
    evaluation = args.eval.resolve() if args.eval else evaluation_beside(binary)
    if evaluation is None or not evaluation.is_file():
        print(f"no eval.dat for {binary}: give --eval PATH", file=sys.stderr)
        return 2
    if core() is None:
        print("reversi._native is not built: nothing to compare", file=sys.stderr)
        return 1
    edax = Edax(binary, evaluation, args.hash)
    startup = edax.startup()
    print(
        f"Python {sys.version.split()[0]}, {time.strftime('%Y-%m-%d %H:%M')}, {load()}; "
        f"Edax {binary} with {evaluation}, start-up {startup:.3f} CPU s (subtracted)",
        flush=True,
    )
    for depth in args.perft:
        bench_perft(edax, depth)
    for count, empties in ((args.count, 14), (args.count18, 18)):
        if count:
            boards = positions(count, empties, args.seed)
            bench_solves(edax, f"{count} × {empties} empties", boards, startup, args.images)
    if args.ffo:
        bench_solves(edax, f"FFO #40–#{39 + args.ffo}", ffo_boards(args.ffo), startup, 1)
    print(load())
    return 0


if __name__ == "__main__":
    sys.exit(main())
