// The analysis board's opening name: the shown position is compared with the end of
// every named line of data/openings.json under the 8 symmetries of the board, so a
// transposition or a turned or mirrored board finds its name too. The lines' positions
// come from the worker; a symmetry only moves squares (no rules here).
import { loadData, openingName } from "../study/common.js";

/** Where square i (a1 = 0 … h8 = 63) goes under symmetry k (bit 1: files turned, 2: ranks, 4: the diagonal). @param {number} i @param {number} k */
export function image(i, k) {
  let x = i % 8;
  let y = Math.floor(i / 8);
  if (k & 1) x = 7 - x;
  if (k & 2) y = 7 - y;
  if (k & 4) [x, y] = [y, x];
  return x + 8 * y;
}

/** The OBF (64 squares, a space, the side to move) under the 8 symmetries. @param {string} obf */
export function symmetries(obf) {
  const out = [];
  for (let k = 0; k < 8; k += 1) {
    const cells = Array(64);
    for (let i = 0; i < 64; i += 1) cells[image(i, k)] = obf[i];
    out.push(cells.join("") + obf.slice(64));
  }
  return out;
}

export class OpeningNames {
  /** @param {any} engine the page's shared worker */
  constructor(engine) {
    /** OBF of every symmetric image of a named position → its name @type {Map<string, string>} */
    this.names = new Map();
    this.ready = this.load(engine).catch((error) => console.warn("openings:", error));
  }

  /** @param {any} engine */
  async load(engine) {
    const data = await loadData("openings");
    const answers = await Promise.all(data.openings.map((/** @type {any} */ o) =>
      engine.ask({ type: "position", moves: o.moves.replace(/\s+/g, "") })));
    data.openings.forEach((/** @type {any} */ o, /** @type {number} */ i) => {
      const name = openingName(o);
      for (const obf of symmetries(answers[i].obf)) if (!this.names.has(obf)) this.names.set(obf, name);
    });
  }

  /** The name of the position, or "". @param {string} obf */
  name(obf) {
    return this.names.get(obf) || "";
  }
}
