// engine.wasm inside Pyodide, as the browser's worker runs it: loaded by js/wasm.js,
// installed as reversi._native by reversi.web.wasm from the browser's own reversi.zip,
// with the shipped weights loaded (the zlib part inflated, as core.h asks).
//   node tests/web/wasm_answers.mjs REPO_ROOT CALLS_FILE
// CALLS_FILE holds a list of [function, ...arguments] of reversi._native, every int as a
// hex string (load_weights: the bytes in hex; {"in": seconds}: a deadline that many
// seconds from now on the core's clock); prints the JSON list of the answers in
// the same form ({"error": text} for a ValueError).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const [root, callsFile] = process.argv.slice(2);
const dist = join(root, "reversi/web/dist");
const { loadPyodide } = await import(
  pathToFileURL(join(root, "reversi/web/node_modules/pyodide/pyodide.mjs")).href
);
const { loadCore } = await import(pathToFileURL(join(root, "reversi/web/static/js/wasm.js")).href);
const [py, core] = await Promise.all([
  loadPyodide(),
  loadCore(readFileSync(join(dist, "wasm/engine.wasm"))),
]);
py.FS.mkdirTree("/lib");
py.FS.writeFile("/lib/reversi.zip", readFileSync(join(dist, "py/reversi.zip")));
py.globals.set("core", core);
py.globals.set("calls", readFileSync(callsFile, "utf8"));
console.log(py.runPython(`
import json, sys
sys.path.insert(0, "/lib/reversi.zip")
from pkgutil import get_data
from reversi.web.wasm import install
install(core)
from reversi import _native
import zlib
from reversi.ai.weights import HEADER, MAGIC
assert type(_native).__name__ == "WasmNative", _native
data = get_data("reversi.ai", "pattern_weights.bin")
at = len(MAGIC) + HEADER.size
assert _native.load_weights(data[:at] + zlib.decompress(data[at:])) == _native.OK
# reversi.ai finds it as its native backend (in Pyodide there is no other)
from reversi.ai.native import core
assert core() is not None

def out(value):
    if isinstance(value, tuple):
        return [out(v) for v in value]
    if isinstance(value, dict):  # {square: value}: its items in order
        return [out(item) for item in sorted(value.items())]
    return f"{value:x}" if isinstance(value, int) else value

def answer(name, args):
    if name == "load_weights":
        args = [bytes.fromhex(args[0])]
    else:
        args = [
            int(a, 16) if isinstance(a, str) else _native.clock() + a["in"] if isinstance(a, dict) else a
            for a in args
        ]
    try:
        return out(getattr(_native, name)(*args))
    except ValueError as error:
        return {"error": str(error)}

json.dumps([answer(call[0], call[1:]) for call in json.loads(calls)])
`));
