"""The analysis board's values in headless Chromium: how soon every legal move
has a value, and how deep or exact they are after 1 s and 5 s, on the engine's C core
(engine.wasm in the Pyodide worker) and, with ``--python``, also with engine.wasm
refused (the Python search).

    .venv/bin/python benchmarks/analyse_values.py [--runs 3] [--python]

Starts ``reversi serve`` on a free port, opens ``/analyse?partie=…`` in Debian's
/usr/bin/chromium for a midgame position (40 empties) and one at 20 empties, switches
"Werte zeigen" on and reads the squares' accessible names ("Wert +4 (Tiefe 6)" or
"(exakt)") as a player's screen reader would. Prints the median over the runs.
"""

from __future__ import annotations

import argparse
import os
import re
import socket
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from tests.processes import free_port  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
]
#: a game of Leicht against itself (tests/web/replay_helpers.py GAMES[0])
GAME = (
    "c4c5c6b5e6f5f6d3c3d7f7c2a5g7c1d6h8b4b3a4b6a3d2d1e3f3a2a6g3a1b7h3e2f4b2e1f2g2f1g5h6g1d8"
    "g6c7b1h2c8b8g4h4a7e7e8h1a8f8g8h7h5"
)
POSITIONS = {"Mittelspiel (40 leer)": GAME[:40], "20 leer": GAME[:80]}
VALUE = re.compile(r"Wert [+−]?\d+ \((exakt|Tiefe (\d+))\)")
READ = """() => [...document.querySelectorAll('.board .sq[data-legal]')]
  .map((e) => e.getAttribute('aria-label'))"""


def state(page: Any) -> tuple[int, int, int, int]:
    """(legal moves, with a value, exact, least depth of the inexact ones or 0)."""
    labels = page.evaluate(READ)
    found = [VALUE.search(label) for label in labels]
    values = [f for f in found if f]
    exact = sum(f.group(1) == "exakt" for f in values)
    depths = [int(f.group(2)) for f in values if f.group(2)]
    return len(labels), len(values), exact, min(depths) if depths else 0


def measure(browser: Any, url: str, python: bool) -> dict[str, Any]:
    context = browser.new_context()
    if python:  # the worker boots without the core: the Python search
        context.route("**/engine.wasm", lambda route: route.fulfill(status=404, body="refused"))
    page = context.new_page()
    page.goto(url)
    page.wait_for_selector("#analyse[data-state=ready]", state="attached", timeout=120_000)
    started = time.perf_counter()
    page.get_by_role("switch", name="Werte zeigen").check()
    first = exact_at = None
    marks: dict[str, tuple[int, int, int, int]] = {}
    while time.perf_counter() - started < 5.2:
        now = time.perf_counter() - started
        legal, valued, exact, depth = state(page)
        if first is None and legal and valued == legal:
            first = now
        if exact_at is None and legal and exact == legal:
            exact_at = now
        for mark in (1.0, 5.0):
            if f"{mark}" not in marks and now >= mark:
                marks[f"{mark}"] = (legal, valued, exact, depth)
        time.sleep(0.02)
    engines = page.locator("#values").get_attribute("data-engines")
    context.close()
    return {
        "first": first,
        "exact": exact_at,
        "engines": engines,
        "1s": marks.get("1.0"),
        "5s": marks.get("5.0"),
    }


def describe(mark: tuple[int, int, int, int] | None) -> str:
    if mark is None:
        return "–"
    legal, valued, exact, depth = mark
    if valued < legal:
        return f"{valued}/{legal} Züge mit Wert"
    if exact == legal:
        return "alle exakt"
    return f"Tiefe ≥ {depth}, {exact}/{legal} exakt"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument(
        "--python", action="store_true", help="also with engine.wasm refused (the Python search)"
    )
    options = parser.parse_args()
    from playwright.sync_api import sync_playwright

    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "reversi", "serve", "--port", str(port)],
        cwd=REPO,
        env=dict(os.environ),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.time() + 60
        while time.time() < deadline:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                time.sleep(0.2)
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            print(f"Werte auf dem Analysebrett, Median aus {options.runs} Läufen")
            print(f"load average: {os.getloadavg()[0]:.2f}")
            for python in (False, True) if options.python else (False,):
                engine = "Python-Suche (engine.wasm abgelehnt)" if python else "engine.wasm"
                for name, moves in POSITIONS.items():
                    url = f"http://127.0.0.1:{port}/analyse?partie={moves}"
                    runs = [measure(browser, url, python) for _ in range(options.runs)]
                    firsts = [r["first"] for r in runs if r["first"] is not None]
                    first = f"{statistics.median(firsts):.2f} s" if firsts else "–"
                    exacts = [r["exact"] for r in runs if r["exact"] is not None]
                    exact = (
                        f"{statistics.median(exacts):.2f} s ({len(exacts)} von {len(runs)})"
                        if exacts
                        else "–"
                    )
                    middle = runs[len(runs) // 2]
                    print(
                        f"{engine} ({middle['engines']} Engines), {name}: erste Werte auf "
                        f"allen Zügen nach {first}; nach 1 s: {describe(middle['1s'])}; "
                        f"nach 5 s: {describe(middle['5s'])}; alle exakt nach {exact}"
                    )
            print(f"load average: {os.getloadavg()[0]:.2f}")
            browser.close()
    finally:
        server.terminate()
        server.wait(10)


if __name__ == "__main__":
    main()
