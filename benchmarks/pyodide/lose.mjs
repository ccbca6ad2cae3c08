// Uroma's LOSE search (reversi.ai.legenden_lose) in Pyodide as the browser's worker runs
// it: on engine.wasm (installed as reversi._native) and in Python, on the same positions
// of seeded random games (depth 6, to the end from 10 empties, no deadline), wall time a
// move, the values checked equal. Needs the browser build (dist/, engine.wasm) and
// reversi/web/node_modules (dev/setup).
//
//   nice -n 10 node benchmarks/pyodide/lose.mjs [positions]
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const dist = path.join(root, "reversi/web/dist");
const web = (/** @type {string} */ file) => pathToFileURL(path.join(root, "reversi/web", file)).href;
const { loadPyodide } = await import(web("node_modules/pyodide/pyodide.mjs"));
const { loadCore } = await import(web("static/js/wasm.js"));
const [py, core] = await Promise.all([
  loadPyodide(),
  loadCore(readFileSync(path.join(dist, "wasm/engine.wasm"))),
]);
py.FS.mkdirTree("/lib");
py.FS.writeFile("/lib/reversi.zip", readFileSync(path.join(dist, "py/reversi.zip")));
py.globals.set("core", core);
py.globals.set("count", Number(process.argv[2] ?? 10));
console.log(py.runPython(`
import math, os, random, sys, time
sys.path.insert(0, "/lib/reversi.zip")
from reversi.web.wasm import install
install(core)
from reversi.ai import legenden, native
from reversi.engine import Board

rng = random.Random(5)
boards = []
while len(boards) < count:
    board = Board()
    for _ in range(rng.randint(4, 50)):
        if board.is_game_over():
            break
        board.push(rng.choice(list(board.legal_moves)))
    if not board.is_game_over() and board.legal_moves:
        boards.append(board)
uroma = legenden.LEGENDEN[0]
found = {}
for name, force in (("engine.wasm", ""), ("Python", "1")):
    os.environ[native.FORCE_PYTHON] = force
    native.reset()
    native.core()  # the weights loaded before the clock starts
    start = time.perf_counter()
    values = [
        legenden._lose_values(b.player, b.opponent, uroma, math.inf, time.perf_counter)
        for b in boards
    ]
    found[name] = (time.perf_counter() - start) / len(boards) * 1000, values
(wasm, values), (python, expected) = found["engine.wasm"], found["Python"]
assert values == expected, "the values differ"
f"Uroma in Pyodide, {count} positions, the same values: engine.wasm {wasm:.1f} ms a move, "\\
f"Python {python:.0f} ms a move ({python / wasm:.0f}x)"
`));
