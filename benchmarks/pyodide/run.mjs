// Runs benchmarks/endgame.py under Pyodide in Node, on the repository's own files.
//
//   cd benchmarks/pyodide && npm install && node run.mjs [endgame.py options]
//
// The repository is mounted read-only in spirit (bytecode writing is off), so the
// engine and the AI run exactly as they are shipped to the browser.
import { loadPyodide } from "pyodide";
import { fileURLToPath } from "node:url";
import path from "node:path";

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const args = process.argv.slice(2);

const pyodide = await loadPyodide();
pyodide.FS.mkdir("/repo");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: repo }, "/repo");
pyodide.globals.set("bench_args", pyodide.toPy(args));
await pyodide.runPythonAsync(`
import sys
sys.dont_write_bytecode = True
sys.path[:0] = ["/repo", "/repo/benchmarks"]
import endgame
endgame.main(list(bench_args))
`);
