// The analysis board's engines (docs/protocol.md, "Values on the analysis board"):
// one engine.wasm per core, each alone in a light worker (js/engine_worker.js: no
// Pyodide), value a share of one position's moves at the same time for the worker's
// Python (reversi/web/engines.py awaits them; the deepening stays in Python). The moves
// are handed out one at a time, best first, to the next engine free, so that their
// uneven costs balance; an engine takes the moves it valued before first (its kept
// tables hold their work), then a move nobody valued yet, then any.

/** The most engines (each holds its own tables, 32 MB, and weights). */
export const MAX_ENGINES = 4;

/** The fewest cores the engines are started on: on two, two engines took longer than
 * the worker alone (every move exact at 20 empties after 4.6 s against 3.9 s, their
 * tables apart and each depth waiting for its slowest move; docs/benchmarks.md). */
export const MIN_CORES = 4;

/** How many engines for this device's cores (fewer than 2: none, the worker's own core values). */
export function engineCount(cores = navigator.hardwareConcurrency || 1) {
  return cores < MIN_CORES ? 1 : Math.min(cores, MAX_ENGINES);
}

class Helper {
  /** @param {Worker} worker */
  constructor(worker) {
    this.worker = worker;
    /** its first call on a position starts with empty tables */
    this.fresh = true;
    /** @type {{resolve: (answer: any) => void, reject: (error: Error) => void} | null} */
    this.pending = null;
    worker.addEventListener("message", ({ data }) => this.settle(data.type === "error" ? new Error(data.message) : null, data));
    worker.addEventListener("error", (event) => this.settle(new Error(event.message || "engine worker failed"), null));
  }

  /** @param {Error | null} error @param {any} answer */
  settle(error, answer) {
    const pending = this.pending;
    this.pending = null;
    if (pending) error ? pending.reject(error) : pending.resolve(answer);
  }

  /** One question at a time. @param {Record<string, unknown>} message @returns {Promise<any>} */
  ask(message) {
    return new Promise((resolve, reject) => {
      this.pending = { resolve, reject };
      this.worker.postMessage(message);
    });
  }
}

export class Engines {
  /**
   * The engines started, or null (fewer than 2 cores, no workers, or one failed).
   * @param {WebAssembly.Module} module engine.wasm, compiled
   * @param {Uint8Array} weights as the core reads them (reversi.ai.native.packaged_weights)
   * @param {number} [count]
   * @returns {Promise<Engines | null>}
   */
  static async start(module, weights, count = engineCount()) {
    if (count < 2 || typeof Worker === "undefined") return null;
    /** @type {Helper[]} */
    const helpers = [];
    try {
      for (let i = 0; i < count; i += 1) {
        helpers.push(new Helper(new Worker(new URL("./engine_worker.js", import.meta.url), { type: "module" })));
      }
      await Promise.all(helpers.map((helper) => helper.ask({ type: "start", module, weights })));
    } catch (error) {
      for (const helper of helpers) helper.worker.terminate();
      console.warn("engines:", error);
      return null;
    }
    return new Engines(helpers);
  }

  /** @param {Helper[]} helpers */
  constructor(helpers) {
    this.helpers = helpers;
    /** the engine that valued each move of the position last @type {Map<number, number>} */
    this.owner = new Map();
    /** the position's exact values found (a stopped solve keeps them) @type {Map<number, number>} */
    this.exact = new Map();
  }

  get size() {
    return this.helpers.length;
  }

  /**
   * One depth's values (reversi/web/engines.py): {p, o, winner, depth, exact, order,
   * seconds, fresh} → {stopped, values: {square: value}}
   * @param {string} text
   */
  async values(text) {
    const ask = JSON.parse(text);
    if (ask.fresh) {
      this.owner.clear();
      this.exact.clear();
      for (const helper of this.helpers) helper.fresh = true;
    }
    /** @type {Record<number, number>} */
    const values = {};
    /** @type {number[]} */
    const left = [];
    for (const sq of ask.order) {
      const known = ask.exact ? this.exact.get(sq) : undefined;
      if (known === undefined) left.push(sq);
      else values[sq] = known;
    }
    const deadline = performance.now() + ask.seconds * 1000;
    let stopped = false;
    const work = async (/** @type {Helper} */ helper, /** @type {number} */ index) => {
      while (!stopped && left.length) {
        let at = left.findIndex((sq) => this.owner.get(sq) === index);
        if (at < 0) at = left.findIndex((sq) => !this.owner.has(sq));
        const [square] = left.splice(Math.max(at, 0), 1);
        this.owner.set(square, index);
        const seconds = (deadline - performance.now()) / 1000;
        const answer = await helper.ask({ ...ask, type: "values", square, seconds, fresh: helper.fresh });
        helper.fresh = false;
        if (answer.stopped) stopped = true;
        else {
          values[square] = answer.value;
          if (ask.exact) this.exact.set(square, answer.value);
        }
      }
    };
    await Promise.all(this.helpers.map(work));
    return JSON.stringify({ stopped, values });
  }

  /**
   * The principal variation, on the engine whose tables valued its first move:
   * {p, o, winner, first, depth, seconds} → {squares}
   * @param {string} text
   */
  async line(text) {
    const ask = JSON.parse(text);
    const helper = this.helpers[this.owner.get(ask.first) ?? 0];
    const answer = await helper.ask({ ...ask, type: "line", fresh: helper.fresh });
    helper.fresh = false;
    return JSON.stringify({ squares: answer.squares });
  }
}
