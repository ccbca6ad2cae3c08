// The engine's worker: Pyodide runs reversi.engine, reversi.ai and the session
// (reversi/web/session.py). It knows the rules; the page only draws its views.
// Messages are handled one at a time, in order (docs/protocol.md). The engine's C core
// (engine.wasm, js/wasm.js) is loaded beside Pyodide and given to the Python code; when
// it cannot be loaded, the Python search plays (docs/client.md).
import { loadCore } from "./wasm.js";
import { Engines } from "./engines.js";

let session = null;
let queue = Promise.resolve();
/** @type {any} Pyodide, once booted */
let py = null;
/** @type {import("./wasm.js").WasmCore | null} engine.wasm, once booted (null: none) */
let wasmCore = null;

let pageStart = 0;

/** @param {string | null} url engine.wasm's, or null when the build has none */
async function startCore(url) {
  if (!url) return { core: null, note: "kein engine.wasm" };
  try {
    return { core: await loadCore(url), note: null };
  } catch (error) {
    return { core: null, note: String(error && error.message || error) };
  }
}

async function boot({ pyodide: base, stdlib, reversi, lock, wasm, page_start: started }) {
  pageStart = started;
  const t0 = performance.now();
  const core = startCore(wasm);
  const zip = fetch(reversi).then((response) => {
    if (!response.ok) throw new Error(`${reversi}: ${response.status}`);
    return response.arrayBuffer();
  });
  // what is loading, and how far: the page shows it over the (inactive) board
  const step = (/** @type {number} */ n, /** @type {string} */ stage) => postMessage({ type: "boot-progress", step: n, steps: 3, stage });
  step(1, "loader");
  const { loadPyodide } = await import(`${base}pyodide.mjs`);
  const tImport = performance.now();
  // no packages are loaded from Pyodide's repository: an empty lock file spares
  // fetching and parsing the 120 kB one (the info block must match the runtime)
  step(2, "runtime");
  py = await loadPyodide({ indexURL: base, stdLibURL: stdlib, lockFileContents: lock, packages: [] });
  const t1 = performance.now();
  step(3, "engine");
  py.FS.writeFile("/lib/reversi.zip", new Uint8Array(await zip));
  const { core: loaded, note } = await core;
  wasmCore = loaded;
  py.globals.set("wasm_core", wasmCore ?? undefined); // undefined is Python's None, null is not
  py.runPython(`
import sys
sys.path.insert(0, "/lib/reversi.zip")
import importlib.util
from reversi.web.session import Worker
worker = Worker(core=wasm_core)
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
    wasm: wasmCore !== null,
    ...(note && { wasm_note: note }),
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

// --- the review of a whole game (docs/protocol.md, "Reviewing a game") -------------
// One Python call per position, each in a task of its own: a cancel, which is not
// queued, takes effect after at most one position, and the page's other messages
// (positions to draw) are answered between two positions.
/** @type {{id: unknown, cancelled: boolean, started: number} | null} */
let review = null;
/** @type {any} */
let reviewer = null;

/** @param {string} text */
function post(text) {
  const out = JSON.parse(text);
  postMessage(out);
  return out;
}

/** @param {any} message */
function startReview(message) {
  if (!reviewer) {
    py.runPython("from reversi.web.replay import Reviewer\nreviewer = Reviewer()");
    reviewer = py.globals.get("reviewer");
  }
  const out = post(reviewer.start(JSON.stringify(message)));
  if (out.type !== "review-start") return;
  review = { id: message.id, cancelled: false, started: performance.now() };
  nextPosition(review);
}

/** @param {{id: unknown, cancelled: boolean, started: number}} current */
function nextPosition(current) {
  setTimeout(() => {
    queue = queue.then(() => {
      if (review !== current) return; // replaced by a newer review
      if (current.cancelled) {
        review = null;
        post(reviewer.stop());
        return;
      }
      const out = JSON.parse(reviewer.step());
      if (out.type === "review-done") {
        out.ms = Math.round(performance.now() - current.started);
        review = null;
      }
      postMessage(out);
      if (out.type === "review-move") nextPosition(current);
    }).catch((error) => {
      review = null;
      postMessage({ type: "error", id: current.id, message: String(error && error.message || error) });
    });
  }, 0);
}

// --- the analysis board's values (docs/protocol.md, "Values on the analysis board") ---
// Like the review: one deepening step per task, a cancel (not queued) takes effect
// before the next step, a new `values` replaces the running one. With several cores
// the values are computed by the engines (js/engines.js), which each step awaits.
/** @type {{id: unknown, cancelled: boolean} | null} */
let values = null;
/** @type {any} */
let valuer = null;
let parallel = false;

/** The engines for the values, or null (one core, no engine.wasm, no workers). */
async function startEngines() {
  if (!wasmCore) return null;
  try {
    const proxy = py.runPython("from reversi.ai.native import packaged_weights\npackaged_weights()");
    const weights = proxy.toJs();
    proxy.destroy();
    return await Engines.start(wasmCore.module, weights);
  } catch (error) {
    console.warn("engines:", error);
    return null;
  }
}

/** @param {any} message */
function startValues(message) {
  if (!valuer) {
    py.runPython("from reversi.web.values import Valuer\nvaluer = Valuer()");
    valuer = py.globals.get("valuer");
    // the first values on the worker's own core meanwhile, the next steps on the engines
    startEngines().then((engines) => {
      if (engines) queue = queue.then(() => { valuer.use(engines); parallel = true; });
    });
  }
  const out = post(valuer.start(JSON.stringify(message)));
  values = out.type === "values-start" ? { id: message.id, cancelled: false } : null;
  if (values) nextValues(values);
}

/** @param {{id: unknown, cancelled: boolean}} current */
function nextValues(current) {
  setTimeout(() => {
    queue = queue.then(async () => {
      if (values !== current) return; // replaced by newer values
      if (current.cancelled) {
        values = null;
        post(valuer.stop());
        return;
      }
      const out = post(parallel ? await py.runPythonAsync("await valuer.step_async()") : valuer.step());
      if (out.type === "values" && !out.done) nextValues(current);
      else values = null;
    }).catch((error) => {
      values = null;
      postMessage({ type: "error", id: current.id, message: String(error && error.message || error) });
    });
  }, 0);
}

self.addEventListener("message", (event) => {
  const message = event.data;
  if (message.type === "values-cancel") {
    if (values && values.id === message.id) values.cancelled = true;
    return;
  }
  if (message.type === "values") {
    queue = queue.then(() => startValues(message)).catch((error) => {
      postMessage({ type: "error", id: message.id, message: String(error && error.message || error) });
    });
    return;
  }
  if (message.type === "review-cancel") {
    if (review && review.id === message.id) review.cancelled = true;
    return;
  }
  if (message.type === "review") {
    queue = queue.then(() => startReview(message)).catch((error) => {
      postMessage({ type: "error", id: message.id, message: String(error && error.message || error) });
    });
    return;
  }
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
