// The trained evaluation inside Pyodide, loaded from the browser's own reversi.zip:
//   node tests/ai/pyodide_eval.mjs REPO_ROOT POSITIONS_JSON
// prints JSON: "values", evaluate(p, o) for the [p, o] pairs (as hex strings), and "book",
// the opening book's number of positions and the start's [square, value] pairs.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const [root, positions] = process.argv.slice(2);
const pyodideModule = join(root, "reversi/web/node_modules/pyodide/pyodide.mjs");
const { loadPyodide } = await import(pathToFileURL(pyodideModule).href);
const py = await loadPyodide();
py.FS.mkdirTree("/lib");
py.FS.writeFile("/lib/reversi.zip", readFileSync(join(root, "reversi/web/dist/py/reversi.zip")));
py.globals.set("positions", positions);
const values = py.runPython(`
import json, sys
sys.path.insert(0, "/lib/reversi.zip")
from reversi.ai.trained import evaluate
import reversi.ai.trained
assert reversi.ai.trained.__file__.startswith("/lib/reversi.zip"), reversi.ai.trained.__file__
from reversi.ai import book
from reversi.engine import Board
start = book.load().lookup(Board().player, Board().opponent)
json.dumps({
    "values": [evaluate(int(p, 16), int(o, 16)) for p, o in json.loads(positions)],
    "book": [len(book.load()), [[m.square, m.value] for m in start.moves]],
})
`);
console.log(values);
