// Runs the engine's own checks inside Pyodide (CPython compiled to WebAssembly),
// the interpreter the browser uses: node tests/engine/pyodide_check.mjs REPO_ROOT
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const root = process.argv[2];
const pyodideModule = join(root, "reversi/web/node_modules/pyodide/pyodide.mjs");
const { loadPyodide } = await import(pathToFileURL(pyodideModule).href);
const py = await loadPyodide();

py.FS.mkdirTree("/lib/reversi/engine");
py.FS.mkdirTree("/lib/tests/data");
py.FS.writeFile("/lib/reversi/__init__.py", "");
for (const name of readdirSync(join(root, "reversi/engine"))) {
  if (name.endsWith(".py")) {
    py.FS.writeFile(`/lib/reversi/engine/${name}`, readFileSync(join(root, "reversi/engine", name)));
  }
}
for (const name of ["perft.txt", "ffo.txt"]) {
  py.FS.writeFile(`/lib/tests/data/${name}`, readFileSync(join(root, "tests/data", name)));
}

const report = py.runPython(`
import doctest, importlib, json, pkgutil, sys
sys.path.insert(0, "/lib")
import reversi.engine
from reversi.engine import Board, german_figure, parse_obf, perft

doctest_failures = 0
for module in pkgutil.iter_modules(reversi.engine.__path__):
    result = doctest.testmod(importlib.import_module("reversi.engine." + module.name))
    doctest_failures += result.failed

perft_counts = {}
for line in open("/lib/tests/data/perft.txt"):
    if line.strip() and not line.startswith("#"):
        depth, leaves = map(int, line.split())
        if depth <= 6:
            perft_counts[depth] = (perft(Board(), depth), leaves)

ffo_round_trips = sum(
    1 for line in open("/lib/tests/data/ffo.txt").read().splitlines()
    if Board(line[:66]).obf() == line[:66]
)
json.dumps({
    "version": sys.version.split()[0],
    "doctest_failures": doctest_failures,
    "perft": perft_counts,
    "ffo_round_trips": ffo_round_trips,
    "figure": german_figure(Board(moves="f5d6c5f4e3f6g5e6e7")),
})
`);
console.log(report);
