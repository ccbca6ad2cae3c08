"""The hall in headless Chromium: start-up, the computer's thinking time, first-visit bytes.

    .venv/bin/python benchmarks/browser.py [--cold 5] [--warm 5] [--games 2] [--analyses 5]
    .venv/bin/python benchmarks/browser.py --analysis-only
    .venv/bin/python benchmarks/browser.py --core-only [--rounds 5] [--positions 20]

Starts ``reversi serve``'s app in this process (uvicorn in a thread, counting the bytes
it sends), drives Debian's /usr/bin/chromium through Playwright and prints:

* time to a visible board (the empty board drawn) and to engine ready (Pyodide, the
  engine and the AI loaded and the start position drawn), cold (new profile: empty
  HTTP cache, no service worker) and warm (a reload of a visited page);
* the computer's thinking time per level (median and p95, measured in the worker
  around ``choose_move``), over whole games in which the human side plays random moves;
* the bytes a first visit transfers (everything the server sent, the service worker's
  precache included), compressed as sent;
* the analysis of a whole 60-move game on its replay page (``/partie/{id}#analyse``:
  the worker reviews every position, docs/protocol.md "Reviewing a game"), median and
  p95 over different games (Leicht against itself, imported into a scratch archive),
  and the share of positions scored exactly;
* the engine's C core as engine.wasm in the page against the CPython extension
  reversi._native in this process, interleaved round by round on the same positions:
  nodes per second of fixed-depth searches and of exact solves (the wasm's share of the
  extension's), and the depth Schwer's midgame search (``search`` to 60 plies with a
  0.5 s deadline) completes on 20 midgame positions;
* with ``--compare-python`` the cold start-up again with engine.wasm refused (the
  worker's Python fallback), interleaved with the runs that load it.

The load average of the machine is printed first and last: the figures are wall-clock.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import threading
import time
from collections.abc import Callable
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
MARKS = """() => Object.fromEntries(['reversi:board-visible', 'reversi:engine-ready']
  .map((n) => [n.split(':')[1], performance.getEntriesByName(n)[0]?.startTime]))"""
SW_DONE = """async () => {
  const registration = await navigator.serviceWorker.ready;
  const cache = await caches.open('reversi-' + document.body.dataset.build);
  return (await cache.keys()).length;
}"""


class ByteCounter:
    """ASGI middleware: adds up the body bytes of every response."""

    def __init__(self, app: Callable[..., Any]) -> None:
        self.app = app
        self.bytes = 0
        self.requests = 0

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        async def counting_send(message: dict[str, Any]) -> None:
            if message["type"] == "http.response.body":
                self.bytes += len(message.get("body", b""))
            elif message["type"] == "http.response.start":
                self.requests += 1
            await send(message)

        await self.app(scope, receive, counting_send)


def archive_games(count: int) -> list[str]:
    """``count`` 60-move games put into a scratch archive (``REVERSI_DATA_DIR`` is set to
    a new folder for this process); their ids."""
    import asyncio
    import os
    import tempfile

    from reversi.archive.files import games_in
    from reversi.cli.archive_commands import import_files
    from tests.web.replay_helpers import GAMES, ggf_file

    folder = Path(tempfile.mkdtemp(prefix="reversi-bench-"))
    os.environ["REVERSI_DATA_DIR"] = str(folder)
    os.environ.pop("REVERSI_DATABASE_URL", None)
    path = ggf_file(folder / "games.ggf", GAMES[:count])
    asyncio.run(import_files([path]))
    return [entry.id for _, entry in games_in(path)]  # type: ignore[union-attr]


def analysis_times(browser: Any, url: str, ids: list[str]) -> tuple[list[float], list[float]]:
    """Each game's analysis in the worker (ms, measured by the page) and its share of
    exactly scored positions."""
    times, shares = [], []
    for id in ids:
        context = browser.new_context(reduced_motion="reduce")
        page = context.new_page()
        page.goto(f"{url}/partie/{id}#analyse")
        page.wait_for_selector("#analysis[data-state=done]", state="attached", timeout=600_000)
        times.append(page.evaluate("performance.getEntriesByName('reversi:analysis')[0].duration"))
        exact = page.locator(".g-pt.exact").count()
        shares.append(exact / page.locator(".g-pt").count())
        context.close()
    return times, shares


def start_server() -> tuple[str, ByteCounter, Any]:
    import uvicorn

    from reversi.server.app import create_app
    from reversi.web.build import build

    build(quiet=True)  # the browser's Python files match the sources
    counter = ByteCounter(create_app())
    port = free_port()
    server = uvicorn.Server(
        uvicorn.Config(counter, host="127.0.0.1", port=port, log_level="warning")
    )
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    while not server.started:
        time.sleep(0.05)
    return f"http://127.0.0.1:{port}", counter, server


def read_view(page: Any) -> dict[str, Any]:
    """The game as the page shows it (the browser tests' DOM reader)."""
    from tests.web.helpers import READ_VIEW

    return page.evaluate(READ_VIEW)  # type: ignore[no-any-return]


def wait_ply(page: Any, condition: str) -> None:
    from tests.web.helpers import wait_ply as wait

    wait(page, condition, timeout=120_000)


def wait_idle(page: Any, timeout: float = 120_000) -> None:
    page.wait_for_selector("#game[data-state=idle]", state="attached", timeout=timeout)


def refuse_wasm(context: Any) -> None:
    """The context's requests for engine.wasm fail: the worker boots the Python search."""
    context.route("**/engine.wasm", lambda route: route.fulfill(status=404, body="refused"))


def startup(
    browser: Any, url: str, cold: int, warm: int, without_wasm: bool = False
) -> dict[str, list[float]]:
    times: dict[str, list[float]] = {
        "board cold": [],
        "ready cold": [],
        "board warm": [],
        "ready warm": [],
        "worker boot cold": [],
        "worker boot warm": [],
    }
    import json

    for i in range(cold):
        context = browser.new_context(reduced_motion="reduce")
        if without_wasm:
            refuse_wasm(context)
        page = context.new_page()
        page.goto(url + "/allein")
        wait_idle(page)
        marks = page.evaluate(MARKS)
        times["board cold"].append(marks["board-visible"])
        times["ready cold"].append(marks["engine-ready"])
        boot = json.loads(page.get_attribute("#game", "data-boot"))
        times["worker boot cold"].append(boot["total_ms"])
        if i == 0 and warm:
            page.evaluate(SW_DONE)
            for _ in range(warm):
                page.reload()
                wait_idle(page)
                marks = page.evaluate(MARKS)
                times["board warm"].append(marks["board-visible"])
                times["ready warm"].append(marks["engine-ready"])
                times["worker boot warm"].append(
                    json.loads(page.get_attribute("#game", "data-boot"))["total_ms"]
                )
        context.close()
    return times


def first_visit_bytes(browser: Any, url: str, counter: ByteCounter) -> tuple[int, int]:
    context = browser.new_context(reduced_motion="reduce")
    page = context.new_page()
    before, requests = counter.bytes, counter.requests
    page.goto(url + "/allein")
    wait_idle(page)
    page.evaluate(SW_DONE)
    # let the service worker's precache finish (it reads what the page already loaded
    # from the HTTP cache)
    page.wait_for_function("navigator.serviceWorker.controller !== null || true")
    total = counter.bytes - before
    context.close()
    return total, counter.requests - requests


def think_times(browser: Any, url: str, games: int) -> dict[str, list[int]]:
    rng = random.Random(2024)
    # wait_ply polls an expression, which the page's CSP (no eval) refuses; the browser
    # tests bypass it the same way (tests/web/conftest.py)
    context = browser.new_context(reduced_motion="reduce", bypass_csp=True)
    page = context.new_page()
    page.goto(url + "/allein")
    wait_idle(page)
    samples: dict[str, list[int]] = {}
    for level in ("leicht", "mittel", "schwer"):
        for game in range(games):
            page.check(f"input[name=level][value={level}]")
            begins = "me" if game % 2 == 0 else "computer"
            page.check(f"input[name=begins][value={begins}]")
            page.evaluate("performance.clearMeasures('reversi:think')")
            page.click("#start-solo")
            page.wait_for_selector(
                f"#game[data-level={level}][data-ply='0'], #game[data-level={level}][data-ply='1']",
                state="attached",
            )
            wait_idle(page)
            while True:
                view = read_view(page)
                if view["result"] is not None:
                    break
                square = rng.choice(list(view["legal"]))
                page.click(f"[data-square={square}]")
                wait_ply(page, f"> {view['ply']}")
                wait_idle(page)
            # the page measures each of the computer's moves (performance.measure)
            samples.setdefault(level, []).extend(
                round(ms)
                for ms in page.evaluate(
                    "performance.getEntriesByName('reversi:think').map((e) => e.duration)"
                )
            )
    context.close()
    return samples


# --- the C core in the page against the extension -----------------------------------

#: In the page: engine.wasm started by js/wasm.js, the weights loaded once.
CORE_START = """async ({app, wasm}) => {
  const { loadCore } = await import(app + 'js/wasm.js');
  const core = await loadCore(wasm);
  const weights = new Uint8Array(await (await fetch('/bench/weights.bin')).arrayBuffer());
  if (core.load_weights(weights) !== core.constants.OK) throw new Error('weights refused');
  globalThis.benchCore = core;
}"""
#: In the page: one round of calls, [function, p, o, ...]; the nodes, the wall time and
#: the depths reached.
CORE_ROUND = """(calls) => {
  const core = globalThis.benchCore;
  let nodes = 0n;
  const depths = [];
  const started = performance.now();
  for (const [name, p, o, depth, budget] of calls) {
    const deadline = budget ? core.clock() + budget : core.constants.NO_DEADLINE;
    const answer = name === 'solve'
      ? core.solve(BigInt(p), BigInt(o), core.constants.WINNER, deadline)
      : core.search(BigInt(p), BigInt(o), depth, 0, deadline);
    nodes += answer[5];
    depths.push(answer[3]);
  }
  return { nodes: Number(nodes), seconds: (performance.now() - started) / 1000, depths };
}"""


def core_positions(count: int, empties: tuple[int, int], seed: int) -> list[tuple[int, int]]:
    """Positions after random play (the player to move has a move)."""
    from reversi.engine import Board

    rng = random.Random(seed)
    found: list[tuple[int, int]] = []
    while len(found) < count:
        board = Board()
        target = rng.randint(*empties)
        while 64 - (board.black | board.white).bit_count() > target and board.legal_moves:
            board.push(rng.choice(list(board.legal_moves)))
        if board.legal_moves and 64 - (board.black | board.white).bit_count() == target:
            found.append((board.player, board.opponent))
    return found


def native_round(native: Any, calls: list[list[Any]]) -> dict[str, Any]:
    """The same round on the extension in this process (its CPU time too)."""
    nodes, depths = 0, []
    started, cpu = time.perf_counter(), time.process_time()
    for name, p, o, depth, budget in calls:
        deadline = native.clock() + budget if budget else native.NO_DEADLINE
        if name == "solve":
            answer = native.solve(p, o, native.WINNER, deadline)
        else:
            answer = native.search(p, o, depth, 0, deadline)
        nodes += answer[5]
        depths.append(answer[3])
    return {
        "nodes": nodes,
        "seconds": time.perf_counter() - started,
        "cpu": time.process_time() - cpu,
        "depths": depths,
    }


#: In the page: one search to a fixed depth, the table cleared ([p, o, depth]).
CORE_SEARCH = """([p, o, depth]) => globalThis.benchCore.search(
  BigInt(p), BigInt(o), depth, 0, globalThis.benchCore.constants.NO_DEADLINE)[3]"""


def depth_in_cpu(spend: Callable[[int], float], budget: float) -> int:
    """The deepest search that takes at most ``budget`` CPU seconds: ``spend(depth)`` runs
    one (iterative deepening to ``depth``, from an empty table) and gives its CPU time."""
    depth = 0
    while depth < 60 and spend(depth + 1) <= budget:
        depth += 1
    return depth


def thread_time(cdp: Any) -> float:
    """The CPU time of the page's main thread, in seconds (Chromium's metric)."""
    metrics = cdp.send("Performance.getMetrics")["metrics"]
    return float(next(m["value"] for m in metrics if m["name"] == "ThreadTime"))


def core_speed(browser: Any, url: str, rounds: int, count: int) -> None:
    """engine.wasm in Chromium against reversi._native, interleaved round by round."""
    import json
    import re
    import zlib

    from reversi.ai.weights import HEADER, MAGIC

    try:
        import reversi._native as _native  # type: ignore[import-not-found]
    except ImportError:
        print("core: the extension reversi._native is not built; nothing to compare")
        return
    data = (REPO / "reversi" / "ai" / "pattern_weights.bin").read_bytes()
    at = len(MAGIC) + HEADER.size
    weights = data[:at] + zlib.decompress(data[at:])
    if _native.load_weights(weights) != _native.OK:
        raise SystemExit("the extension refused the weights")
    context = browser.new_context(bypass_csp=True)
    context.route("**/bench/weights.bin", lambda route: route.fulfill(body=weights))
    page = context.new_page()
    page.goto(url + "/allein")
    wait_idle(page)
    found = re.search(r'<script id="config" type="application/json">(.*?)</script>', page.content())
    assert found is not None
    config = json.loads(found.group(1))
    if not config["wasm"]:
        print("core: the build has no engine.wasm; nothing to compare")
        context.close()
        return
    page.evaluate(CORE_START, {"app": config["app"], "wasm": config["wasm"]})
    cdp = context.new_cdp_session(page)
    cdp.send("Performance.enable", {"timeDomain": "threadTicks"})
    kinds = {
        "search, 8 plies, 40-44 empties": [
            ["search", p, o, 8, 0] for p, o in core_positions(count // 2, (40, 44), 7)
        ],
        "exact solve, 16-18 empties": [
            ["solve", p, o, 0, 0] for p, o in core_positions(count // 2, (16, 18), 8)
        ],
        "Schwer's midgame search, 0.5 s": [
            ["search", p, o, 60, 0.5] for p, o in core_positions(count, (30, 44), 9)
        ],
    }
    for kind, calls in kinds.items():
        wasm_rates, native_rates, wasm_depths, native_depths = [], [], [], []
        wasm_cpu, native_cpu = [], []
        for _ in range(rounds):
            page_calls = [
                [name, str(p), str(o), depth, budget] for name, p, o, depth, budget in calls
            ]
            before = thread_time(cdp)
            in_page = page.evaluate(CORE_ROUND, page_calls)
            wasm_cpu.append(in_page["nodes"] / (thread_time(cdp) - before))
            here = native_round(_native, calls)
            wasm_rates.append(in_page["nodes"] / in_page["seconds"])
            native_rates.append(here["nodes"] / here["seconds"])
            native_cpu.append(here["nodes"] / here["cpu"])
            wasm_depths += in_page["depths"]
            native_depths += here["depths"]
        wasm_rate, native_rate = statistics.median(wasm_rates), statistics.median(native_rates)
        wasm_per_cpu, native_per_cpu = statistics.median(wasm_cpu), statistics.median(native_cpu)
        line = (
            f"core, {kind} ({len(calls)} positions, {rounds} rounds): per CPU second "
            f"engine.wasm {wasm_per_cpu / 1e6:.2f} M nodes, extension "
            f"{native_per_cpu / 1e6:.2f} M nodes, wasm {wasm_per_cpu / native_per_cpu:.0%} of "
            f"the extension; per wall-clock second {wasm_rate / 1e6:.2f} M and "
            f"{native_rate / 1e6:.2f} M ({wasm_rate / native_rate:.0%})"
        )
        if kind.startswith("Schwer"):
            line += (
                f"; depth reached: wasm median {statistics.median(wasm_depths)} "
                f"(min {min(wasm_depths)}, max {max(wasm_depths)}), extension median "
                f"{statistics.median(native_depths)}"
            )
        print(line, flush=True)
    # the depth a 0.5 s search completes when it has the CPU to itself: the load of a
    # shared machine leaves the deadline's wall-clock figures above lower
    wasm_depths, native_depths = [], []
    for p, o in core_positions(count, (30, 44), 9):

        def in_page(depth: int, p: int = p, o: int = o) -> float:
            before = thread_time(cdp)
            page.evaluate(CORE_SEARCH, [str(p), str(o), depth])
            return thread_time(cdp) - before

        def on_extension(depth: int, p: int = p, o: int = o) -> float:
            before = time.process_time()
            _native.search(p, o, depth, 0, _native.NO_DEADLINE)
            return time.process_time() - before

        wasm_depths.append(depth_in_cpu(in_page, 0.5))
        native_depths.append(depth_in_cpu(on_extension, 0.5))
    print(
        f"core, depth of a search in 0.5 CPU s ({count} positions at 30-44 empties): "
        f"engine.wasm median {statistics.median(wasm_depths)} (min {min(wasm_depths)}, max "
        f"{max(wasm_depths)}), extension median {statistics.median(native_depths)} "
        f"(min {min(native_depths)}, max {max(native_depths)})",
        flush=True,
    )
    context.close()


def load_average() -> str:
    import os

    return "load average " + " ".join(f"{value:.1f}" for value in os.getloadavg())


def p95(values: list[float] | list[int]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def summary(values: list[float] | list[int]) -> str:
    if not values:
        return "not measured (n=0)"
    return (
        f"median {statistics.median(values) / 1000:.2f} s, p95 {p95(values) / 1000:.2f} s, "
        f"min {min(values) / 1000:.2f} s, max {max(values) / 1000:.2f} s (n={len(values)})"
    )


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--cold", type=int, default=5, help="cold starts (new profiles)")
    parser.add_argument("--warm", type=int, default=5, help="warm starts (reloads)")
    parser.add_argument("--games", type=int, default=2, help="games per level")
    parser.add_argument(
        "--analyses",
        type=int,
        default=5,
        help="60-move games analysed on their replay page (at most 5)",
    )
    parser.add_argument("--analysis-only", action="store_true", help="measure only the analysis")
    parser.add_argument(
        "--core-only", action="store_true", help="measure only engine.wasm against the extension"
    )
    parser.add_argument("--rounds", type=int, default=5, help="interleaved rounds of the core")
    parser.add_argument(
        "--positions", type=int, default=20, help="positions of each core measurement"
    )
    parser.add_argument(
        "--compare-python",
        action="store_true",
        help="cold start-up also with engine.wasm refused (the Python fallback)",
    )
    args = parser.parse_args()
    print(load_average(), flush=True)

    from playwright.sync_api import sync_playwright

    ids = archive_games(min(5, args.analyses)) if args.analyses > 0 and not args.core_only else []
    url, counter, server = start_server()
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            if args.core_only:
                core_speed(browser, url, args.rounds, args.positions)
                browser.close()
                print(load_average())
                return 0
            if ids:
                times, shares = analysis_times(browser, url, ids)
                print(
                    f"analysis of a 60-move game: {summary(times)}; exact positions "
                    + ", ".join(f"{share:.0%}" for share in shares)
                )
            if args.analysis_only:
                browser.close()
                print(load_average())
                return 0
            total, requests = first_visit_bytes(browser, url, counter)
            print(
                f"first visit: {total / 1e6:.3f} MB in {requests} responses "
                "(compressed as sent, service-worker precache included)"
            )
            # interleaved: one cold start of each variant in turn (the warm ones after the
            # first of the variant that loads engine.wasm: with it refused, the service
            # worker's precache fails, so no warm start)
            variants = [False, True] if args.compare_python else [False]
            starts: dict[tuple[bool, str], list[float]] = {}
            for i in range(args.cold):
                for without in variants:
                    warm = args.warm if i == 0 and not without else 0
                    for name, values in startup(browser, url, 1, warm, without).items():
                        if values:
                            starts.setdefault((without, name), []).extend(values)
            for (without, name), values in starts.items():
                print(f"{name}{' (engine.wasm refused)' if without else ''}: {summary(values)}")
            for level, moves in think_times(browser, url, args.games).items():
                print(f"computer move, {level}: {summary(moves)}")
            browser.close()
    finally:
        server.should_exit = True
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
