// Each analysed game's accuracy per side, kept on the device by its replay id, so the
// Bilanz shows it beside the game (docs/study.md, "Move labels and accuracy").
import { colorName, t } from "../core/i18n.js";

const KEY = "reversi.genauigkeit.v1";
const KEEP = 500;

/** @returns {Record<string, {black: number, white: number, at: number}>} */
function read() {
  try {
    const value = JSON.parse(localStorage.getItem(KEY) || "{}");
    return value && typeof value === "object" ? value : {};
  } catch {
    return {};
  }
}

/** @param {string} id the replay's id @param {Record<string, {accuracy: number}>} summary the review's, by colour */
export function keepSummary(id, summary) {
  const all = read();
  all[id] = { black: summary.black.accuracy, white: summary.white.accuracy, at: Date.now() };
  const newest = Object.entries(all).sort((a, b) => b[1].at - a[1].at).slice(0, KEEP);
  try {
    localStorage.setItem(KEY, JSON.stringify(Object.fromEntries(newest)));
  } catch {
    // storage full or blocked: the Bilanz just shows no accuracy
  }
}

/** The accuracy line of an analysed game, or "". @param {string} id */
export function accuracyText(id) {
  const s = read()[id];
  if (!s) return "";
  const percent = (/** @type {number} */ n) => n.toFixed(1).replace(".", ",");
  return t("bilanz.accuracy", { black: colorName("black"), white: colorName("white"), black_accuracy: percent(s.black), white_accuracy: percent(s.white) });
}
