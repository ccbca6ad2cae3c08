// The analysis board's position editor: discs placed and removed by tapping with the
// chosen tool, the side to move, an empty board or the start, a pasted OBF, transcript
// or GGF (read by the engine in the worker: the `setup` message), and the 8 symmetries
// of the whole tree. What is impossible in a position the worker names; the page says it.
import { colorName, t } from "../core/i18n.js";
import { html, nothing } from "../core/lit.js";
import { image } from "./openings.js";

/** @typedef {import("../core/types.js").View} View */

const START = `${"-".repeat(27)}OX------XO${"-".repeat(27)} X`;
/** the 7 symmetries besides the identity, by their index in openings.js's `image` */
export const SYMMETRIES = [[6, "rotate.right"], [5, "rotate.left"], [3, "rotate.half"], [1, "mirror.files"], [2, "mirror.ranks"], [4, "mirror.a1h8"], [7, "mirror.a8h1"]];

/** @param {string} obf @returns {string} the board's squares as B, W, . */
const squaresOf = (obf) => [...obf.slice(0, 64)].map((c) => (c === "X" ? "B" : c === "O" ? "W" : ".")).join("");

export class Editor {
  /**
   * @param {{engine: any, changed: () => void, open: (obf: string | null, tree: string, problems: string[]) => void}} options
   *   open: the page shows this root and tree (null: the start), saying the problems
   */
  constructor({ engine, changed, open }) {
    this.engine = engine;
    this.changed = changed;
    this.open = open;
    this.editing = false;
    this.squares = "";
    /** @type {"black" | "white"} */
    this.side = "black";
    /** @type {"black" | "white" | "empty"} */
    this.tool = "black";
    this.message = "";
  }

  /** Begin editing the shown position. @param {View} view */
  begin(view) {
    this.editing = true;
    this.squares = view.squares;
    this.side = view.turn || "black";
    this.message = "";
    this.changed();
  }

  /** The board while editing: a view without moves. */
  view() {
    const count = (/** @type {string} */ c) => [...this.squares].filter((s) => s === c).length;
    /** @type {View} */
    const view = { version: 0, squares: this.squares, turn: null, legal: {}, last: null, pass: null, result: null,
      counts: { black: count("B"), white: count("W") }, moves: [], ply: 0, can_undo: false, can_redo: false,
      figure: "", players: { black: "human", white: "human" } };
    return view;
  }

  /** @param {string} square */
  tap(square) {
    const i = (Number(square[1]) - 1) * 8 + "abcdefgh".indexOf(square[0]);
    const c = { black: "B", white: "W", empty: "." }[this.tool];
    this.squares = this.squares.slice(0, i) + (this.squares[i] === c ? "." : c) + this.squares.slice(i + 1);
    this.changed();
  }

  obf() {
    return `${[...this.squares].map((c) => (c === "B" ? "X" : c === "W" ? "O" : "-")).join("")} ${this.side === "black" ? "X" : "O"}`;
  }

  /** @param {Record<string, unknown>} message */
  async setup(message) {
    const answer = await this.engine.ask({ type: "setup", ...message });
    if (answer.problems.includes("unreadable") || answer.problems.includes("centre")) {
      this.message = t(`analyse.problem.${answer.problems[0]}`);
      this.changed();
      return;
    }
    this.editing = false;
    this.message = "";
    this.open(answer.obf, answer.moves, answer.problems.map((/** @type {string} */ p) =>
      t(`analyse.problem.${p}`, { color: colorName(answer.turn || "black") })));
  }

  /** @param {HTMLFormElement} form */
  paste(form) {
    const text = /** @type {HTMLTextAreaElement} */ (form.elements.namedItem("pasted")).value;
    if (text.trim()) this.setup({ text });
  }

  template() {
    if (!this.editing) return nothing;
    const radio = (/** @type {string} */ name, /** @type {string} */ value, /** @type {string} */ label, /** @type {boolean} */ checked, /** @type {() => void} */ pick) =>
      html`<label class="radio"><input type="radio" name=${name} value=${value} .checked=${checked} @change=${pick}> ${label}</label>`;
    return html`<section class="panel editor" id="editor" aria-labelledby="editor-heading">
      <h2 id="editor-heading">${t("analyse.edit.heading")}</h2>
      <p class="hint">${t("analyse.edit.hint")}</p>
      <fieldset><legend>${t("analyse.edit.tool")}</legend>
        ${radio("tool", "black", colorName("black"), this.tool === "black", () => { this.tool = "black"; })}
        ${radio("tool", "white", colorName("white"), this.tool === "white", () => { this.tool = "white"; })}
        ${radio("tool", "empty", t("analyse.edit.empty"), this.tool === "empty", () => { this.tool = "empty"; })}
      </fieldset>
      <fieldset><legend>${t("analyse.edit.side")}</legend>
        ${radio("side", "black", colorName("black"), this.side === "black", () => { this.side = "black"; })}
        ${radio("side", "white", colorName("white"), this.side === "white", () => { this.side = "white"; })}
      </fieldset>
      <div class="tree-actions">
        <button type="button" id="edit-clear" @click=${() => { this.squares = ".".repeat(64); this.changed(); }}>${t("analyse.edit.clear")}</button>
        <button type="button" id="edit-start" @click=${() => { this.squares = squaresOf(START); this.side = "black"; this.changed(); }}>${t("analyse.edit.start")}</button>
        <button type="button" class="primary" id="edit-apply" @click=${() => this.setup({ obf: this.obf() })}>${t("analyse.edit.apply")}</button>
        <button type="button" id="edit-cancel" @click=${() => { this.editing = false; this.message = ""; this.changed(); }}>${t("analyse.edit.cancel")}</button>
      </div>
      ${this.message ? html`<p class="error" id="edit-message" role="alert">${this.message}</p>` : nothing}
    </section>`;
  }

  /** The paste box and the symmetries: always there. @param {(k: number) => void} turn */
  tools(turn) {
    return html`<details class="panel" id="setup-tools"><summary>${t("analyse.tools.heading")}</summary>
      <form class="paste" @submit=${(/** @type {Event} */ e) => { e.preventDefault(); this.paste(/** @type {HTMLFormElement} */ (e.target)); }}>
        <label for="pasted">${t("analyse.paste.label")}</label>
        <textarea id="pasted" name="pasted" rows="3"></textarea>
        <button type="submit" id="paste-open">${t("analyse.paste.open")}</button>
        ${!this.editing && this.message ? html`<p class="error" id="paste-message" role="alert">${this.message}</p>` : nothing}
      </form>
      <div class="tree-actions" role="group" aria-label=${t("analyse.symmetry.label")}>
        ${SYMMETRIES.map(([k, key]) => html`<button type="button" @click=${() => turn(/** @type {number} */ (k))}>${t(`analyse.symmetry.${key}`)}</button>`)}
      </div>
    </details>`;
  }
}

/** The tree text with every square under symmetry k. @param {string} text @param {number} k */
export function turnTree(text, k) {
  return text.replace(/[a-h][1-8]/g, (sq) => {
    const i = image((Number(sq[1]) - 1) * 8 + "abcdefgh".indexOf(sq[0]), k);
    return "abcdefgh"[i % 8] + (Math.floor(i / 8) + 1);
  });
}

export { START };
