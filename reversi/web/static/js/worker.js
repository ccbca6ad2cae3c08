// The engine's worker: Pyodide runs reversi.engine, reversi.ai and the session
// (reversi/web/session.py). It knows the rules; the page only draws its views.
// Messages are handled one at a time, in order (docs/protocol.md).
let session = null;
let queue = Promise.resolve();

let pageStart = 0;

async function boot({ pyodide: base, stdlib, reversi, lock, page_start: started }) {
  pageStart = started;
  const t0 = performance.now();
  const zip = fetch(reversi).then((response) => {
    if (!response.ok) throw new Error(`${reversi}: ${response.status}`);
    return response.arrayBuffer();
  });
  const { loadPyodide } = await import(`${base}pyodide.mjs`);
  const tImport = performance.now();
  // no packages are loaded from Pyodide's repository: an empty lock file spares
  // fetching and parsing the 120 kB one (the info block must match the runtime)
  const py = await loadPyodide({ indexURL: base, stdLibURL: stdlib, lockFileContents: lock, packages: [] });
  const t1 = performance.now();
  py.FS.writeFile("/lib/reversi.zip", new Uint8Array(await zip));
  py.runPython(`
import sys
sys.path.insert(0, "/lib/reversi.zip")
import importlib.util
from reversi.web.session import Worker
worker = Worker()
has_ai = importlib.util.find_spec("reversi.ai") is not None
`);
  session = py.globals.get("worker");
  const hasAi = py.globals.get("has_ai");
  const t2 = performance.now();
  return {
    import_ms: Math.round(tImport - t0),
    pyodide_ms: Math.round(t1 - t0),
    engine_ms: Math.round(t2 - t1),
    total_ms: Math.round(t2 - t0),
    since_page_ms: Math.round(performance.timeOrigin + t2 - pageStart),
    ai: hasAi,
  };
}

// The AI is imported right after the first answer, so the first position is drawn
// sooner and the first computer move does not wait for the import.
let aiWarm = false;
function warmAi() {
  aiWarm = true;
  queue = queue.then(() => new Promise((resolve) => setTimeout(resolve, 0))).then(() => {
    try {
      session.warm_ai();
    } catch (error) {
      postMessage({ type: "error", message: String(error && error.message || error) });
    }
  });
}

function handle(message) {
  for (const out of JSON.parse(session.handle(JSON.stringify(message)))) postMessage(out);
  while (session.computer_to_move()) {
    postMessage(JSON.parse(session.thinking()));
    const started = performance.now();
    const replies = JSON.parse(session.handle(JSON.stringify({ type: "think" })));
    const ms = Math.round(performance.now() - started);
    for (const out of replies) postMessage({ ...out, think_ms: ms });
  }
}

self.addEventListener("message", (event) => {
  const message = event.data;
  if (message.type === "boot") {
    queue = queue.then(() => boot(message)).then(
      (timings) => postMessage({ type: "ready", ...timings }),
      (error) => postMessage({ type: "boot-error", message: String(error && error.message || error) }),
    );
    return;
  }
  queue = queue.then(() => {
    try {
      handle(message);
    } catch (error) {
      postMessage({ type: "error", message: String(error && error.message || error) });
    }
    if (!aiWarm) warmAi();
  });
});
