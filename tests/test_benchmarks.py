"""The benchmarks still run and still count right (their speed is only printed)."""

import subprocess
import sys

from tests.processes import REPO


def test_the_move_generation_benchmark_counts_the_published_leaves() -> None:
    result = subprocess.run(
        [sys.executable, "benchmarks/movegen.py", "--depth", "5", "--repeat", "1"],
        cwd=REPO, capture_output=True, text=True, timeout=300, check=True,
    )
    perft_lines = [line for line in result.stdout.splitlines() if "perft loop" in line
                   or line.lstrip().startswith("reversi,")]
    assert len(perft_lines) == 3
    assert all(" 1,396 leaves" in line for line in perft_lines)
    assert "legal_moves" in result.stdout


def test_the_save_benchmark_runs_on_sqlite() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "benchmarks.save", "--saves", "160", "--only", "sqlite"],
        cwd=REPO, capture_output=True, text=True, timeout=300, check=True,
    )
    assert "SQLite" in result.stdout and "saves/s" in result.stdout


def test_the_archive_benchmark_imports_and_analyses() -> None:
    result = subprocess.run(
        [sys.executable, "benchmarks/archive.py", "--games", "20", "--budget", "0.01"],
        cwd=REPO, capture_output=True, text=True, timeout=300, check=True,
    )
    assert "20 Partien ins Archiv aufgenommen, 0 schon darin, 0 abgelehnt" in result.stdout
    assert "0 Partien ins Archiv aufgenommen, 20 schon darin, 0 abgelehnt" in result.stdout
    assert "von 60 Stellungen exakt" in result.stdout
