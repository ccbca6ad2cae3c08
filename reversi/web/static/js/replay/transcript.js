// The replay's move list: the game as a numbered transcript (`1. f5 d6 2. c3 …`), each
// placed disc a button to its position, passes shown, the current move marked, the
// analysis's mark after a move and, for duels, the seconds each move took.
import { colorName, t } from "../core/i18n.js";
import { html, nothing } from "../core/lit.js";

/** @typedef {{index: number, ply: number | null, color: "black" | "white", square: string | null, seconds: number | null}} RecordMove */

/** The marks by name, with the sign a transcript gives them. */
export const MARK_SIGNS = { inaccuracy: "?!", mistake: "?", blunder: "??" };

/**
 * A number of discs as the page writes it: German comma, a sign unless zero.
 * @param {number} value
 */
export function discs(value) {
  const text = Math.abs(value).toFixed(1).replace(".", ",");
  if (Math.abs(value) < 0.05) return "0,0";
  return value > 0 ? `+${text}` : `−${text}`;
}

/** @param {number} seconds */
export function secondsText(seconds) {
  return t("replay.seconds", { s: seconds < 10 ? seconds.toFixed(1).replace(".", ",") : String(Math.round(seconds)) });
}

/**
 * The moves in numbered pairs: a number begins with each of Ebenholz's moves (or with
 * the first entry when Perlmutt begins); a pass is an entry of its own.
 * @param {RecordMove[]} moves
 * @returns {{number: number, entries: (RecordMove | null)[]}[]} null: "…" (Perlmutt begins)
 */
export function pairs(moves) {
  /** @type {{number: number, entries: (RecordMove | null)[]}[]} */
  const out = [];
  for (const move of moves) {
    const open = out[out.length - 1];
    if (!open || move.color === "black" || open.entries.length >= 2) {
      out.push({ number: out.length + 1, entries: move.color === "white" ? [null, move] : [move] });
    } else {
      open.entries.push(move);
    }
  }
  return out;
}

/**
 * @param {{moves: RecordMove[], step: number, clocks: boolean,
 *   marks: Map<number, {mark: string | null, label?: string, loss: number}>, go: (ply: number) => void}} options
 *   step: the placed discs of the shown position; marks: the analysis by ply
 */
export function transcript({ moves, step, clocks, marks, go }) {
  const entry = (/** @type {RecordMove | null} */ move) => {
    if (!move) return html`<span class="tr-gap" aria-hidden="true">…</span>`;
    if (move.ply === null) {
      return html`<span class="tr-pass" data-color=${move.color}>${t("replay.pass", { color: colorName(move.color) })}</span>`;
    }
    const ply = move.ply;
    const review = marks.get(ply);
    const mark = review && review.mark;
    const label = [t("replay.move.label", { ply, square: move.square || "", color: colorName(move.color) })];
    if (mark) label.push(t("replay.move.marked", { mark: t(`mark.${mark}`), loss: discs(-review.loss) }));
    else if (review && review.label) label.push(t(`label.${review.label}`));
    if (clocks && move.seconds !== null) label.push(secondsText(move.seconds));
    return html`<button type="button" class="tr-move" data-ply=${ply} data-color=${move.color} data-mark=${mark || nothing}
        aria-current=${ply === step ? "step" : nothing} aria-label=${label.join(", ")} @click=${() => go(ply)}>${move.square}${mark
        ? html`<span class="tr-mark" aria-hidden="true">${MARK_SIGNS[/** @type {keyof MARK_SIGNS} */ (mark)]}</span>` : nothing}${clocks && move.seconds !== null
        ? html`<span class="tr-time" aria-hidden="true">${secondsText(move.seconds)}</span>` : nothing}</button>`;
  };
  return html`<ol class="transcript" id="transcript" aria-label=${t("replay.moves.label")}>
    ${pairs(moves).map((pair) => html`<li><span class="tr-num" aria-hidden="true">${pair.number}.</span> ${pair.entries.map((e) => html`${entry(e)} `)}</li>`)}
  </ol>`;
}
