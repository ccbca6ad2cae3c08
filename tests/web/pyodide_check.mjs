// Loads Pyodide under Node with ONLY the trimmed, precompiled standard library and
// the reversi zip the browser gets, imports every shipped module and plays.
//   node pyodide_check.mjs PYODIDE_DIR PY_DIR
import { readFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, pyDir] = process.argv.slice(2).map((p) => path.resolve(p));
const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
const py = await loadPyodide({ indexURL: pyodideDir + "/", stdLibURL: path.join(pyDir, "stdlib.zip") });
py.FS.writeFile("/lib/reversi.zip", await readFile(path.join(pyDir, "reversi.zip")));
const info = JSON.parse(await readFile(path.join(pyDir, "python.json"), "utf8"));
py.globals.set("FILES", py.toPy(info.reversi_files));
try {
  console.log(py.runPython(`
import importlib, json, sys
sys.path.insert(0, "/lib/reversi.zip")
modules = [f[:-3].replace("/", ".").removesuffix(".__init__") for f in FILES]
for name in modules:
    importlib.import_module(name)
from reversi.web.session import Session, Worker
moves = {}
for level in ("leicht", "mittel", "schwer"):
    session = Session(mode="solo", level=level, human="white", seed=3)
    session.handle({"type": "think"})
    moves[level] = session.view()["last"]["square"]
game = Session(mode="solo", level="leicht", human="black", seed=5)
while not game.board.is_game_over():
    if game.computer_to_move():
        game.handle({"type": "think"})
    else:
        game.handle({"type": "move", "square": next(iter(game.view()["legal"]))})
loaded = sorted(name for name, m in sys.modules.items()
                if (getattr(m, "__file__", None) or "").startswith("/lib/python")
                and m.__spec__.origin != "frozen")
pyc = all(m.__spec__.origin.endswith(".pyc") or m.__spec__.origin == "frozen"
          for m in sys.modules.values()
          if (getattr(m, "__file__", None) or "").startswith("/lib/python3"))
json.dumps({"imported": modules, "moves": moves, "result": game.view()["result"],
            "stdlib_loaded": loaded, "all_pyc": pyc, "version": sys.version.split()[0]})
`));
} catch (error) {
  console.error(String(error.message ?? error));
  process.exit(1);
}
