// The analysis board's board: the replay's board (it also steps back) that plays, and
// shows on each legal square the value the worker found for it, the best one marked.
// It knows no rules: the squares, the moves and the values all come from the worker.
import { t } from "../core/i18n.js";
import { ReplayBoard } from "../replay/board.js";

/** @typedef {import("../core/types.js").View} View */
/** @typedef {{score: number, exact: boolean, depth: number}} Score */

/** A value as the board writes it: whole discs, a sign unless zero ("+4", "−2", "0"). @param {number} score */
export function valueText(score) {
  const n = Math.round(score);
  return n > 0 ? `+${n}` : n < 0 ? `−${-n}` : "0";
}

/** @param {Score} s */
export function valueLabel(s) {
  return t(s.exact ? "analyse.value.exact" : "analyse.value.depth", { value: valueText(s.score), depth: s.depth });
}

export class AnalyseBoard extends ReplayBoard {
  constructor() {
    super();
    this.options.interactive = true;
    /** the values of the shown position's moves, or null: hidden @type {{scores: Record<string, Score>, best: string | null} | null} */
    this.values = null;
  }

  /** @param {View} view @param {Set<string>} hold */
  paint(view, hold) {
    super.paint(view, hold);
    const values = this.values;
    for (const [name, button] of this.buttons) {
      const score = values && name in view.legal ? values.scores[name] : undefined;
      button.classList.toggle("show-value", !!score);
      button.toggleAttribute("data-top", !!score && values?.best === name);
      if (!score) continue;
      const text = valueText(score.score);
      button.querySelector(".count").textContent = text;
      button.dataset.value = text;
      const label = [button.getAttribute("aria-label"), valueLabel(score)];
      if (values?.best === name) label.push(t("analyse.value.best"));
      button.setAttribute("aria-label", label.join(", "));
    }
  }

  /** @param {{scores: Record<string, Score>, best: string | null} | null} values */
  setValues(values) {
    this.values = values;
    if (this.view) this.paint(this.view, new Set());
  }
}
