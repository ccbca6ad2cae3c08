// "Aus Fehlern lernen": the player's own Fehler and Patzer of every analysed game, kept
// on the device and asked again by spaced repetition (docs/study.md): a new item is
// due at once; a solved one comes back after 1, 3, 7, 14, 30, then 60 days; a missed
// one the next day.

const KEY = "reversi.fehler.v1";
const KEEP = 300;
/** days until an item comes back after 1, 2, 3 … solved answers in a row */
export const INTERVALS = [1, 3, 7, 14, 30, 60];
/** an answer within this many discs of the best move's value counts as solved */
export const MARGIN = 2;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * @typedef {{id: string, game: string, ply: number, obf: string, color: string, played: string, playedScore: number,
 *   best: string, bestScore: number, loss: number, mark: string, due: number, streak: number}} Item
 */

/** The day number of a time (local days since 1970). @param {number} ms */
export function dayOf(ms) {
  const d = new Date(ms);
  return Math.floor((ms - d.getTimezoneOffset() * 60_000) / DAY_MS);
}

/** @returns {Record<string, Item>} */
function read() {
  try {
    const value = JSON.parse(localStorage.getItem(KEY) || "{}");
    return value && typeof value === "object" ? value : {};
  } catch {
    return {};
  }
}

/** @param {Record<string, Item>} items */
function write(items) {
  const newest = Object.entries(items).slice(-KEEP);
  try {
    localStorage.setItem(KEY, JSON.stringify(Object.fromEntries(newest)));
  } catch {
    // storage full or blocked: the drill forgets
  }
}

/**
 * The analysed game's Fehler and Patzer of the player's side (both sides of a game of
 * two on one device) join the drill; items already there keep their progress.
 * @param {string} game the replay id @param {string} you "black", "white", "both" or ""
 * @param {Iterable<any>} moves the review's moves @param {(ply: number) => string} obfBefore the position before move `ply`
 */
export function addMistakes(game, you, moves, obfBefore) {
  const items = read();
  const today = dayOf(Date.now());
  for (const m of moves) {
    if (m.mark !== "mistake" && m.mark !== "blunder") continue;
    if (you !== "both" && you !== m.color) continue;
    const id = `${game}:${m.ply}`;
    if (items[id]) continue;
    items[id] = { id, game, ply: m.ply, obf: obfBefore(m.ply), color: m.color, played: m.square, playedScore: m.played.score,
      best: m.best.square, bestScore: m.best.score, loss: m.loss, mark: m.mark, due: today, streak: 0 };
  }
  write(items);
}

/** The items due today or earlier, the heaviest loss first. */
export function dueItems() {
  const today = dayOf(Date.now());
  return Object.values(read()).filter((i) => i.due <= today).sort((a, b) => b.loss - a.loss || a.due - b.due);
}

export function allItems() {
  return Object.values(read());
}

/** An answer: solved moves the item on along INTERVALS, a miss brings it back tomorrow. @param {string} id @param {boolean} solved */
export function answer(id, solved) {
  const items = read();
  const item = items[id];
  if (!item) return;
  item.streak = solved ? item.streak + 1 : 0;
  item.due = dayOf(Date.now()) + (solved ? INTERVALS[Math.min(item.streak, INTERVALS.length) - 1] : 1);
  write(items);
}
