// The engine's C core as WebAssembly (engine.wasm: reversi/native, built by
// reversi/web/build.py) with the functions and constants of the CPython extension
// reversi._native, for the worker's Python (reversi/ai/wasm.py calls them through
// Pyodide with Python ints, each a Number or a BigInt, and gets Numbers, BigInts and
// arrays back). Boards are unsigned 64-bit; the module's i64 are signed: BigInt.asUintN.

const U64 = (/** @type {bigint} */ value) => BigInt.asUintN(64, value);
/** @typedef {number | bigint} Int */

export class WasmCore {
  /** @param {WebAssembly.Instance} instance @param {WebAssembly.Module} module its module, for more instances */
  constructor(instance, module) {
    this.module = module;
    /** @type {any} */
    this.x = instance.exports;
    this.x.rv_wasm_init();
    this.result = this.x.rv_wasm_result();
    /** @type {Record<string, number>} OK, STOPPED, WINNER, KEEP_TABLE, EVERY_BEST, WDL, PROBCUT, FEATURE_*, NO_DEADLINE */
    this.constants = {};
    const view = new DataView(this.x.memory.buffer);
    for (let at = this.x.rv_wasm_constants(); view.getUint32(at, true); at += 16) {
      this.constants[this.text(view.getUint32(at, true))] = view.getFloat64(at + 8, true);
    }
  }

  /** @param {number} at a C string's address */
  text(at) {
    const memory = new Uint8Array(this.x.memory.buffer);
    return new TextDecoder().decode(memory.subarray(at, memory.indexOf(0, at)));
  }

  /** seconds on the clock every deadline is given on (the one the module imports) */
  clock() {
    return performance.now() / 1000;
  }

  /** @param {any} data the weights (header and inflated values): a PyProxy of bytes or a Uint8Array */
  load_weights(data) {
    const buffer = data instanceof Uint8Array ? null : data.getBuffer("u8");
    const bytes = buffer ? buffer.data : data;
    try {
      const at = this.x.rv_wasm_buffer(bytes.length);
      if (!at) throw new Error(`engine.wasm: no memory for ${bytes.length} bytes of weights`);
      new Uint8Array(this.x.memory.buffer, at, bytes.length).set(bytes);
      return this.x.rv_load_weights(at, bytes.length);
    } finally {
      if (buffer) buffer.release();
    }
  }

  /** @param {number} status */
  status_text(status) {
    return this.text(this.x.rv_status_text(status));
  }

  /** @param {Int} p @param {Int} o */
  moves(p, o) {
    return U64(this.x.rv_moves(BigInt(p), BigInt(o)));
  }

  /** @param {Int} p @param {Int} o @param {number} square */
  flips(p, o, square) {
    return U64(this.x.rv_flips(BigInt(p), BigInt(o), square));
  }

  /** @param {Int} p @param {Int} o @param {number} depth */
  perft(p, o, depth) {
    return U64(this.x.rv_perft(BigInt(p), BigInt(o), depth));
  }

  /** perft with a table of counted positions (rv_perft_table) @param {Int} p @param {Int} o @param {number} depth */
  perftTable(p, o, depth) {
    return U64(this.x.rv_perft_table(BigInt(p), BigInt(o), depth));
  }

  /** [status, value] @param {Int} p @param {Int} o */
  evaluate(p, o) {
    const at = this.result; // its first field takes the status
    const value = this.x.rv_evaluate(BigInt(p), BigInt(o), at);
    return [new DataView(this.x.memory.buffer).getInt32(at, true), value];
  }

  /** [status, score, move, depth, exact, nodes, best_moves] @param {number} status */
  read(status) {
    const view = new DataView(this.x.memory.buffer, this.result, 32);
    return [
      status,
      view.getInt32(0, true),
      view.getInt32(4, true),
      view.getInt32(8, true),
      view.getInt32(12, true),
      view.getBigUint64(16, true),
      view.getBigUint64(24, true),
    ];
  }

  /** @param {Int} p @param {Int} o @param {number} flags @param {number} deadline */
  solve(p, o, flags, deadline) {
    return this.read(this.x.rv_solve(BigInt(p), BigInt(o), flags, deadline, this.result));
  }

  /**
   * @param {Int} p @param {Int} o @param {number} first
   * @param {number} flags @param {number} deadline
   */
  decisive(p, o, first, flags, deadline) {
    return this.read(this.x.rv_decisive(BigInt(p), BigInt(o), first, flags, deadline, this.result));
  }

  /**
   * [result, [[square, value], ...]]: every legal move's value (rv_values_of), the moves
   * the deadline left without one left out
   * @param {Int} p @param {Int} o @param {number} depth
   * @param {number} flags @param {number} deadline
   * @param {Int} [only] the moves to value (a mask of squares; -1: all)
   */
  values(p, o, depth, flags, deadline, only = -1) {
    const at = this.x.rv_wasm_values();
    new Int32Array(this.x.memory.buffer, at, 64).fill(-0x80000000); // no value (yet)
    const result = this.read(this.x.rv_values_of(BigInt(p), BigInt(o), depth, flags, deadline, BigInt(only), at, this.result));
    const values = new Int32Array(this.x.memory.buffer, at, 64);
    const scores = [];
    for (let sq = 0; sq < 64; sq += 1) if (values[sq] !== -0x80000000) scores.push([sq, values[sq]]);
    return [result, scores];
  }

  /**
   * [result, [[square, value], ...]]: every legal move's value in the game turned round
   * (rv_lose_values), the moves the deadline left without one left out
   * @param {Int} p @param {Int} o @param {number} depth
   * @param {number} feature a FEATURE_ constant @param {number} weight @param {number} discs
   * @param {number} deadline
   */
  lose_values(p, o, depth, feature, weight, discs, deadline) {
    const at = this.x.rv_wasm_values();
    new Int32Array(this.x.memory.buffer, at, 64).fill(-0x80000000); // no value (yet)
    const result = this.read(this.x.rv_lose_values(BigInt(p), BigInt(o), depth, feature, weight, discs, deadline, at, this.result));
    const values = new Int32Array(this.x.memory.buffer, at, 64);
    const scores = [];
    for (let sq = 0; sq < 64; sq += 1) if (values[sq] !== -0x80000000) scores.push([sq, values[sq]]);
    return [result, scores];
  }

  /**
   * [status or count, squares]: the principal variation from first (rv_line)
   * @param {Int} p @param {Int} o @param {number} first @param {number} depth
   * @param {number} flags @param {number} deadline
   */
  line(p, o, first, depth, flags, deadline) {
    const at = this.x.rv_wasm_line();
    const n = this.x.rv_line(BigInt(p), BigInt(o), first, depth, flags, deadline, at);
    return [n, n > 0 ? [...new Int8Array(this.x.memory.buffer, at, n)] : []];
  }

  /**
   * @param {Int} p @param {Int} o @param {number} depth
   * @param {number} flags @param {number} deadline
   */
  search(p, o, depth, flags, deadline) {
    return this.read(this.x.rv_search(BigInt(p), BigInt(o), depth, flags, deadline, this.result));
  }
}

/**
 * engine.wasm compiled and started: from its URL (streamed, which needs the type
 * application/wasm), from its bytes, or from its module compiled before.
 * @param {string | BufferSource | WebAssembly.Module} source
 */
export async function loadCore(source) {
  const imports = { env: { now: () => performance.now() / 1000 } };
  if (source instanceof WebAssembly.Module) {
    return new WasmCore(await WebAssembly.instantiate(source, imports), source);
  }
  const { instance, module } = typeof source === "string"
    ? await WebAssembly.instantiateStreaming(fetch(source), imports)
    : await WebAssembly.instantiate(source, imports);
  return new WasmCore(instance, module);
}
