// Builds the Python files the browser's worker loads, with Pyodide's own CPython:
// the standard library trimmed to what the engine, the AI and the worker's session
// import, and the reversi package, both precompiled to .pyc (bytecode is specific to
// the interpreter, so the server's CPython cannot make it).
//
//   node tools/web/pybuild.mjs PYODIDE_DIR REPO_DIR OUT_DIR SHIPPED_JSON
//
// Run by `python -m reversi.web.build`; writes OUT_DIR/stdlib.zip, OUT_DIR/reversi.zip
// and OUT_DIR/python.json (modules, interpreter), and prints one JSON summary line.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, repoDir, outDir] = process.argv.slice(2, 5).map((p) => path.resolve(p));
const shipped = JSON.parse(process.argv[5]); // {reversi: [paths], suffixes: [".py", …]} from build.py
const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
const py = await loadPyodide({ indexURL: pyodideDir + "/" });
const FS = py.FS;
FS.mkdirTree("/src");
FS.mount(FS.filesystems.NODEFS, { root: repoDir }, "/src");
FS.mkdirTree("/out");
FS.mount(FS.filesystems.NODEFS, { root: outDir }, "/out");
const code = await readFile(path.join(repoDir, "tools/web/pybuild_inside.py"), "utf8");
py.globals.set("ARGS", py.toPy({ src: "/src", out: "/out", ...shipped }));
try {
  console.log(py.runPython(code));
} catch (error) {
  console.error(String(error.message ?? error));
  process.exit(1);
}
