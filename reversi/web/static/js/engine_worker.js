// One of the analysis board's engines (js/engines.js): engine.wasm alone in a light
// worker, no Pyodide. It values the moves it is handed, one at a time, each
// with its tables kept from the calls before on the same position (unless `fresh`).
import { loadCore } from "./wasm.js";

/** @type {import("./wasm.js").WasmCore | null} */
let core = null;

/** @param {{winner: boolean, fresh: boolean}} ask */
function flags({ winner, fresh }) {
  const c = /** @type {import("./wasm.js").WasmCore} */ (core).constants;
  return (winner ? c.WINNER : 0) | (fresh ? 0 : c.KEEP_TABLE);
}

/** @param {number} status */
function checked(status) {
  const c = /** @type {import("./wasm.js").WasmCore} */ (core);
  if (status < 0) throw new Error(c.status_text(status));
  return status;
}

/** @type {Record<string, (ask: any) => Promise<any> | any>} */
const answers = {
  async start({ module, weights }) {
    core = await loadCore(module);
    if (core.load_weights(weights) !== core.constants.OK) throw new Error("engine.wasm: weights refused");
    return { type: "ready" };
  },
  values(ask) {
    const c = /** @type {import("./wasm.js").WasmCore} */ (core);
    const deadline = c.clock() + ask.seconds;
    const [result, scores] = /** @type {[any[], number[][]]} */ (
      c.values(BigInt(ask.p), BigInt(ask.o), ask.depth, flags(ask), deadline, 1n << BigInt(ask.square))
    );
    const stopped = checked(Number(result[0])) === c.constants.STOPPED;
    return { type: "value", stopped, value: scores.length ? scores[0][1] : null };
  },
  line(ask) {
    const c = /** @type {import("./wasm.js").WasmCore} */ (core);
    const [n, squares] = c.line(BigInt(ask.p), BigInt(ask.o), ask.first, ask.depth, flags(ask), c.clock() + ask.seconds);
    checked(n);
    return { type: "line", squares };
  },
};

self.addEventListener("message", async ({ data }) => {
  try {
    postMessage(await answers[data.type](data));
  } catch (error) {
    postMessage({ type: "error", message: String(error && /** @type {Error} */ (error).message || error) });
  }
});
