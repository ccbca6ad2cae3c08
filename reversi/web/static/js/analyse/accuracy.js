// Each analysed game's accuracy and count of Fehler and Patzer per side, kept on the
// device by its replay id, so the Bilanz shows them in the game's entry (docs/study.md,
// "Move labels and accuracy").
import { colorName, t } from "../core/i18n.js";

const KEY = "reversi.genauigkeit.v1";
const KEEP = 500;

/** @typedef {{mistake: number, blunder: number}} Marks */
/** @returns {Record<string, {black: number, white: number, marks?: {black: Marks, white: Marks}, at: number}>} */
function read() {
  try {
    const value = JSON.parse(localStorage.getItem(KEY) || "{}");
    return value && typeof value === "object" ? value : {};
  } catch {
    return {};
  }
}

/** @param {{marks?: Record<string, number>}} side @returns {Marks} */
const marksOf = (side) => ({ mistake: side.marks?.mistake || 0, blunder: side.marks?.blunder || 0 });

/** @param {string} id the replay's id @param {Record<string, {accuracy: number, marks?: Record<string, number>}>} summary the review's, by colour */
export function keepSummary(id, summary) {
  const all = read();
  all[id] = { black: summary.black.accuracy, white: summary.white.accuracy,
    marks: { black: marksOf(summary.black), white: marksOf(summary.white) }, at: Date.now() };
  const newest = Object.entries(all).sort((a, b) => b[1].at - a[1].at).slice(0, KEEP);
  try {
    localStorage.setItem(KEY, JSON.stringify(Object.fromEntries(newest)));
  } catch {
    // storage full or blocked: the Bilanz just shows no accuracy
  }
}

/** An analysed game's figures: each side's accuracy (with its Fehler and Patzer), or null.
 * @param {string} id @returns {{head: string, sides: string[]} | null} */
export function accuracyParts(id) {
  const s = read()[id];
  if (!s) return null;
  const percent = (/** @type {number} */ n) => n.toFixed(1).replace(".", ",");
  const side = (/** @type {"black" | "white"} */ color) => {
    const accuracy = t("bilanz.accuracy.side", { color: colorName(color), accuracy: percent(s[color]) });
    // kept before the counts were: the accuracy only
    if (!s.marks) return accuracy;
    const m = s.marks[color];
    return t("bilanz.accuracy.marks", { accuracy, mistakes: m.mistake, blunders: m.blunder });
  };
  return { head: t("bilanz.accuracy"), sides: [side("black"), side("white")] };
}
