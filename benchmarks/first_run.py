"""How long ``dev/start`` takes to a served page: on a fresh clone, and again unchanged.

    python benchmarks/first_run.py [--source .] [--commit REV] [--port 8765]
                                   [--cold | --no-build-cache] [--keep]

Clones the committed HEAD (or ``--commit``) of ``--source`` into a new temporary folder, runs
``dev/start`` there with ``REVERSI_PORT`` and polls ``http://127.0.0.1:PORT/``
until it answers 200; then stops the hall (SIGINT, as Ctrl+C does) and runs
``dev/start`` again ``--unchanged`` times in the same clone, where nothing has changed.
Prints the times, the CPU seconds of all that ``dev/start`` ran (less dependent on the
machine's other load than the time), the lines ``dev/start`` printed, and the load average.

``--cold`` empties the caches for the run: ``PIP_NO_CACHE_DIR=1``, ``UV_NO_CACHE=1``,
a new, empty npm cache folder (the packages then come from the registries again) and an
empty build cache (``REVERSI_BUILD_CACHE``, Pyodide's compressed files).
``--no-build-cache`` empties only the build cache: a developer's first clone. Without
either the caches are the machine's own, as on a developer's machine after a first clone.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from datetime import UTC, datetime
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
LIMIT = 900.0  # seconds one run may take before it counts as failed


def _answers(url: str) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=2) as response:
            return bool(response.status == 200)
    except (urllib.error.URLError, OSError):
        return False


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def timed_start(clone: Path, port: int, env: dict[str, str], log: Path) -> tuple[float, float]:
    """Seconds from starting ``dev/start`` until its page answers, and the CPU seconds of
    everything it ran (the hall's start included; it is stopped after)."""
    url = f"http://127.0.0.1:{port}/"
    cpu = _children_cpu()
    began = time.monotonic()
    with log.open("w") as out:
        process = subprocess.Popen(
            ["dev/start"],
            cwd=clone,
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
            start_new_session=True,
        )
        try:
            while not _answers(url):
                if process.poll() is not None:
                    raise SystemExit(
                        f"dev/start ended with {process.returncode}:\n" + log.read_text()[-4000:]
                    )
                if time.monotonic() - began > LIMIT:
                    raise SystemExit(f"no page after {LIMIT:.0f} s:\n" + log.read_text()[-4000:])
                time.sleep(0.1)
            seconds = time.monotonic() - began
        finally:
            os.killpg(process.pid, signal.SIGINT)
            try:
                process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait()
    return seconds, _children_cpu() - cpu


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--source", type=Path, default=REPO, help="the repository to clone")
    parser.add_argument("--port", type=int, default=8765)
    cache_options = parser.add_mutually_exclusive_group()
    cache_options.add_argument(
        "--cold", action="store_true", help="without pip/uv/npm/build caches"
    )
    cache_options.add_argument(
        "--no-build-cache",
        action="store_true",
        help="with the package caches, without the build cache",
    )
    parser.add_argument("--commit", help="the commit to clone (default: HEAD)")
    parser.add_argument(
        "--unchanged", type=int, default=3, help="how often to start again unchanged (default 3)"
    )
    parser.add_argument("--keep", action="store_true", help="keep the clone")
    args = parser.parse_args(argv)

    work = Path(tempfile.mkdtemp(prefix="reversi-first-run-"))
    clone = work / "reversi"
    subprocess.run(["git", "clone", "--quiet", str(args.source), str(clone)], check=True)
    if args.commit:
        subprocess.run(["git", "checkout", "--quiet", args.commit], cwd=clone, check=True)
    commit = subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"],
        cwd=clone,
        check=True,
        capture_output=True,
        text=True,
    ).stdout.strip()
    env = dict(os.environ, REVERSI_PORT=str(args.port))
    if args.cold:
        env.update(PIP_NO_CACHE_DIR="1", UV_NO_CACHE="1", npm_config_cache=str(work / "npm-cache"))
    if args.cold or args.no_build_cache:
        env.update(REVERSI_BUILD_CACHE=str(work / "build-cache"))
    caches = "cold" if args.cold else "warm, empty build" if args.no_build_cache else "warm"
    print(
        f"{datetime.now(UTC):%Y-%m-%d %H:%M} UTC, commit {commit}, "
        f"{caches} caches, load average before " + " ".join(f"{x:.2f}" for x in os.getloadavg())
    )
    try:
        labels = ["fresh clone"] + [f"unchanged ({n})" for n in range(1, args.unchanged + 1)]
        for label in labels:
            log = work / f"{label.replace(' ', '-')}.log".replace("(", "").replace(")", "")
            seconds, cpu = timed_start(clone, args.port, env, log)
            print(
                f"\n{label}: {seconds:.1f} s to a served page, {cpu:.1f} s of CPU "
                f"(load average {' '.join(f'{x:.2f}' for x in os.getloadavg())})"
            )
            lines = log.read_text().splitlines()
            shown = (
                lines
                if len(lines) <= 30
                else [*lines[:12], f"  … {len(lines) - 24} lines …", *lines[-12:]]
            )
            print(f"dev/start printed {len(lines)} lines:")
            for line in shown:
                print(f"  | {line}")
    finally:
        if args.keep:
            print(f"\nclone kept in {clone}")
        else:
            shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
