"""The benchmarks still run and still count right (their speed is only printed)."""

import json
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from benchmarks.edax import Counted, Edax, parse_count, parse_solve
from reversi.ai import Decision, Level, think
from reversi.engine import Board
from tests.processes import REPO


def run(*args: str, check: bool = True) -> subprocess.CompletedProcess[str]:
    """``python *args`` in the repository, its output as text."""
    return subprocess.run(
        [sys.executable, *args], cwd=REPO, capture_output=True, text=True, timeout=300, check=check
    )


def test_the_move_generation_benchmark_counts_the_published_leaves() -> None:
    result = run("benchmarks/movegen.py", "--depth", "5", "--repeat", "1")
    perft_lines = [
        line
        for line in result.stdout.splitlines()
        if "perft loop" in line or line.lstrip().startswith("reversi,")
    ]
    assert len(perft_lines) == 3
    assert all(" 1,396 leaves" in line for line in perft_lines)
    assert "legal_moves" in result.stdout


def test_the_save_benchmark_runs_on_sqlite() -> None:
    result = run("-m", "benchmarks.save", "--saves", "160", "--only", "sqlite")
    assert "SQLite" in result.stdout and "saves/s" in result.stdout


def test_the_archive_benchmark_imports_and_analyses() -> None:
    result = run("benchmarks/archive.py", "--games", "20", "--budget", "0.01")
    assert "20 Partien ins Archiv aufgenommen, 0 schon darin, 0 abgelehnt" in result.stdout
    assert "0 Partien ins Archiv aufgenommen, 20 schon darin, 0 abgelehnt" in result.stdout
    assert "von 60 Stellungen exakt" in result.stdout


def _match(*args: str) -> subprocess.CompletedProcess[str]:
    return run("benchmarks/match.py", "leicht", "leicht", *args, check=False)


def _final_score(match: subprocess.CompletedProcess[str]) -> str:
    return match.stdout.splitlines()[-1].split(": ", 1)[1]


def test_a_match_with_a_results_file_continues_where_it_stopped(tmp_path: Path) -> None:
    resumed, fresh = tmp_path / "resumed.jsonl", tmp_path / "fresh.jsonl"
    assert _match("-n", "2", "--results", str(resumed)).returncode == 0
    second = _match("-n", "3", "--results", str(resumed))
    assert second.returncode == 0
    assert "2 games in" in second.stdout and second.stdout.count("\ngame ") == 1
    whole = _match("-n", "3", "--results", str(fresh))
    games = [json.loads(line) for line in resumed.read_text().splitlines()]
    assert [game.get("game") for game in games] == [None, 0, 1, 2]
    assert resumed.read_text() == fresh.read_text()
    assert _final_score(second) == _final_score(whole)
    other = _match("-n", "3", "--seed", "5", "--results", str(resumed))
    assert other.returncode != 0 and "holds another match" in other.stderr


def test_a_match_with_more_games_than_openings_says_so() -> None:
    """Two openings of one move each give 8 games, not 10 (it used to search forever)."""
    match = _match("-n", "10", "--plies", "1")
    assert match.returncode == 2 and "only 4 openings of 1 moves exist, not 5" in match.stderr


def test_the_halves_of_a_match_joined_are_the_whole_match(tmp_path: Path) -> None:
    first, second, whole = (tmp_path / f"{name}.jsonl" for name in ("first", "second", "whole"))
    assert _match("-n", "2", "--results", str(first)).returncode == 0
    assert _match("-n", "4", "--start", "2", "--results", str(second)).returncode == 0
    again = _match("-n", "4", "--start", "2", "--results", str(second))
    assert "2 games in" in again.stdout and "\ngame " not in again.stdout
    assert _match("-n", "4", "--results", str(whole)).returncode == 0
    joined = first.read_text().splitlines() + second.read_text().splitlines()[1:]
    assert joined == whole.read_text().splitlines()


def test_the_code_oracle_benchmark_finds_every_path_limited() -> None:
    result = run("benchmarks/code_oracle.py", "--tables", "200")
    assert "resign           no table: not_seated           not yours: not_seated" in result.stdout
    assert "guesses answered before every path refused: 30 in" in result.stdout
    assert "refused by all 15 after" in result.stdout


def test_the_native_benchmark_compares_both_backends() -> None:
    from reversi.ai.native import core

    if core() is None:
        import pytest

        pytest.skip("reversi._native is not built here")
    result = run("benchmarks/native.py", "--perft", "6", "--count", "2")
    assert "perft(6) native: 8,200 leaves" in result.stdout
    assert "FFO #40 native: +38 a2" in result.stdout
    assert "Schwer native" in result.stdout and "Schwer Python" in result.stdout


def test_every_move_exact_counts_equal_nodes_on_two_copies_of_a_build(tmp_path: Path) -> None:
    import shutil

    from reversi.ai.native import core

    if core() is None:
        pytest.skip("reversi._native is not built here")
    import reversi._native as native  # type: ignore[import-not-found]

    copy = tmp_path / Path(native.__file__).name
    shutil.copy(native.__file__, copy)  # loaded apart: tables of its own
    result = run("benchmarks/native.py", "--exact-set", "1", "--against", str(copy))
    assert " 0 (20 empties, 10 moves): " in result.stdout
    same = "this/other: nodes 1.000 (per position geometric mean 1.000, worst 1.000)"
    assert same in result.stdout


def test_the_edax_comparison_says_what_it_needs_without_edax(tmp_path: Path) -> None:
    bare = run("benchmarks/edax.py", check=False)
    assert bare.returncode == 2 and "--edax PATH" in bare.stderr and not bare.stdout
    missing = run("benchmarks/edax.py", "--edax", str(tmp_path / "lEdax"), check=False)
    assert missing.returncode == 2 and "no executable file there" in missing.stderr
    binary = tmp_path / "bin" / "lEdax"
    binary.parent.mkdir()
    binary.write_text("#!/bin/sh\nexit 1\n")
    binary.chmod(0o755)
    no_eval = run("benchmarks/edax.py", "--edax", str(binary), check=False)
    assert no_eval.returncode == 2 and "give --eval PATH" in no_eval.stderr


def test_edax_reads_the_evaluation_as_data_eval_dat_and_its_usage_is_a_failure(
    tmp_path: Path,
) -> None:
    evaluation = tmp_path / "zero.dat"
    evaluation.write_text("weights")
    binary = tmp_path / "edax"
    # like Edax 4.3: the evaluation from data/eval.dat; an unknown option prints the usage
    binary.write_text(
        "#!/bin/sh\n"
        'case "$*" in *-eval-file*) echo "Usage: edax <options>" >&2; exit 0;; esac\n'
        "cat data/eval.dat\n"
    )
    binary.chmod(0o755)
    edax = Edax(binary, evaluation, 20)
    assert edax.run("-solve", "x")[0] == "weights"
    usage = tmp_path / "usage"
    usage.write_text('#!/bin/sh\necho "Usage: edax <options>" >&2\n')
    usage.chmod(0o755)
    with pytest.raises(RuntimeError, match="Usage"):
        Edax(usage, evaluation, 20).run("-solve", "x")


def test_the_edax_comparison_reads_edax_tables() -> None:
    solved = (
        " # | depth|score|       time   | nodes (N)  |   N/s    | principal variation\n"
        "---+------+-----+--------------+------------+----------+---------------------\n"
        "  1|   14    +18        0:00.004        40213   10053250 g8 h7\n"
        "  2|   20@73%  -4       0:00.120      1234567   10288058 a2 b1\n"
        "problems.obf: 1274780 nodes in 0:00.124 (10280483 nodes/s).\n"
    )
    assert parse_solve(solved, 2) == [(18, 40213), (-4, 1234567)]
    counted = (
        "   1,               4,            0,            0,            0,            0,"
        "    4 -  4,        0:00.01,  333.3   moves/s,  (h_tries = 0, h_hits = 0)\n"
        "   2,              12,            1,            0,            0,            2,"
        "    0 -  3,     1:02.50,  17.00  kmoves/s,  (h_tries = 0, h_hits = 0)\n"
        "Total           17\n"
    )
    assert parse_count(counted) == {1: Counted(4, 0.01), 2: Counted(14, 62.51)}


#: Edax 4.3's ``perft 11`` typed into its text interface (rebuilt from its source): the
#: board it prints before its prompt, then count_games' table, written here with the
#: printf formats of its rows: ply, moves and passes, passes, wins, draws, losses,
#: mobility, CPU time of the ply, speed.
PERFT_11_ROWS = [
    (1, 4, 0, 0, 4, 4, "0:00.00", "5.000  kN/s"),
    (2, 12, 0, 0, 3, 3, "0:00.00", "17.00  kN/s"),
    (3, 56, 0, 0, 4, 5, "0:00.00", "73.00  kN/s"),
    (4, 244, 0, 0, 2, 6, "0:00.00", "317.0  kN/s"),
    (5, 1396, 0, 0, 3, 9, "0:00.00", "1.713  MN/s"),
    (6, 8200, 0, 0, 1, 11, "0:00.00", "9.913  MN/s"),
    (7, 55092, 0, 0, 2, 12, "0:00.00", "32.50  MN/s"),
    (8, 390216, 0, 0, 1, 14, "0:00.00", "227.6  MN/s"),
    (9, 3005288, 24, 0, 0, 15, "0:00.01", "192.3  MN/s"),
    (10, 24571056, 0, 228, 0, 16, "0:00.11", "239.6  MN/s"),
    (11, 212258216, 576, 356, 0, 18, "0:00.94", "254.5  MN/s"),
]
PERFT_11 = (
    "\n  A B C D E F G H\n1 - - - - - - - - 1\n2 - - - - - - - - 2 * to move\n"
    "3 - - - . - - - - 3\n4 - - . O * - - - 4 *: discs =  2    moves =  4\n"
    "5 - - - * O . - - 5 O: discs =  2    moves =  4\n"
    "6 - - - - . - - - 6  empties = 60      ply =  1\n7 - - - - - - - - 7\n"
    "8 - - - - - - - - 8\n  A B C D E F G H\n\n>\n\n"
    "  ply           moves        passes          wins         draws        losses"
    "    mobility        time   speed\n"
    + "-" * 114
    + "\n"
    + "".join(
        f"  {ply:2d}, {moves:15d}, {passes:12d}, {0:12d}, {0:12d}, {losses:12d}, "
        f"  {low:2d} - {high:2d}, {time:>14},  {speed}\n"
        for ply, moves, passes, losses, low, high, time, speed in PERFT_11_ROWS
    )
    + "Total    240289781\n"
    + "-" * 114
    + "\n"
)


def test_the_edax_comparison_reads_the_table_of_edax_perft_command() -> None:
    perft = parse_count(PERFT_11)
    assert sorted(perft) == list(range(1, 12))
    # a game that ends before the ply is one leaf of perft: 228 at ply 10, 356 more at 11
    assert perft[10].leaves == 24_571_284 and perft[11].leaves == 212_258_800
    assert perft[10].seconds == pytest.approx(0.12) and perft[11].seconds == pytest.approx(1.06)


def test_edax_counts_plainly_with_its_perft_command_and_with_a_table_by_count_games(
    tmp_path: Path,
) -> None:
    evaluation = tmp_path / "eval.dat"
    evaluation.write_text("weights")
    binary = tmp_path / "edax"
    row = (
        "   1,               4,            0,            0,            0,            0,    4 -  4,"
    )
    binary.write_text(
        "#!/bin/sh\n"
        f'case "$*" in *"-count games 1"*) echo "{row}        0:00.02, x"; exit 0;; esac\n'
        'case "$*" in *"-l 1"*) ;; *) exit 1;; esac\n'
        # a quit typed after the command would clear it in Edax 4.3: the input just ends
        'while read -r line; do [ "$line" = quit ] && exit 1;\n'
        f'  [ "$line" = "perft 1" ] && echo "{row}        0:00.03, x"; done\n'
        "exit 0\n"
    )
    binary.chmod(0o755)
    edax = Edax(binary, evaluation, 20)
    assert edax.count(1, table=True) == Counted(4, 0.02)
    assert edax.count(1, table=False) == Counted(4, 0.03)
    with pytest.raises(ValueError, match="perft"):
        edax.count(2, table=False)


def test_schwer_in_the_endgame_benchmark_thinks_on_the_cpu_clock(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A busy machine slows the wall clock: Schwer's budget there would end before its
    solve does, and the benchmark stop on a move that is not exact."""
    import benchmarks.endgame as endgame

    clocks = []

    def recording(board: Board, level: Level, **options: Any) -> Decision:
        clocks.append(options.get("clock"))
        return think(board, level, **options)

    monkeypatch.setattr(endgame, "think", recording)
    endgame.bench_schwer(2, 8, 1)
    assert clocks == [time.process_time, time.process_time]


def test_the_move_generation_benchmark_times_cpu_time() -> None:
    result = run("benchmarks/movegen.py", "--depth", "3", "--repeat", "1")
    assert "best CPU time of 1, load average" in result.stdout


def test_the_ratings_benchmark_compares_glicko_1_and_2() -> None:
    result = run("benchmarks/ratings.py", "--games", "300", "--seeds", "1", "--players", "30")
    assert "Glicko-1 (c=0)" in result.stdout and "Glicko-2 (τ=0.5)" in result.stdout
    assert "best by log loss of the second half: Glicko-" in result.stdout
