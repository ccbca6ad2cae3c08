// "Aus Fehlern lernen": the player's own Fehler and Patzer of every analysed game, kept
// on the device and asked again by spaced repetition (docs/study.md): a new item is
// due at once; a solved one comes back after 1, 3, 7, 14, 30, then 60 days; a missed
// one the next day. The items follow the player to other devices (drillsync.js), merged
// item by item: the later change wins (`changed_at`; reversi/hall/progress.py).

const KEY = "reversi.fehler.v1";
export const KEEP = 300;
/** days until an item comes back after 1, 2, 3 … solved answers in a row */
export const INTERVALS = [1, 3, 7, 14, 30, 60];
/** an answer within this many discs of the best value counts as solved */
export const MARGIN = 2;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * @typedef {{id: string, game: string, ply: number, obf: string, color: string, played: string, playedScore: number,
 *   best: string, bestScore: number, loss: number, mark: string, due: number, streak: number,
 *   solved: number, missed: number, changed_at: number}} Item
 */

/** The day number of a time (local days since 1970). @param {number} ms */
export function dayOf(ms) {
  const d = new Date(ms);
  return Math.floor((ms - d.getTimezoneOffset() * 60_000) / DAY_MS);
}

/** An item as kept: items of before the sync get their counts and an unknown change time (0).
 * @param {any} item @returns {Item} */
function full(item) {
  return { solved: 0, missed: 0, changed_at: 0, ...item };
}

/** @returns {Record<string, Item>} */
function read() {
  try {
    const value = JSON.parse(localStorage.getItem(KEY) || "{}");
    if (!value || typeof value !== "object") return {};
    return Object.fromEntries(Object.entries(value).map(([id, item]) => [id, full(item)]));
  } catch {
    return {};
  }
}

/** The newest KEEP items (by their change) stay. @param {Record<string, Item>} items */
function write(items) {
  const newest = Object.values(items).sort((a, b) => b.changed_at - a.changed_at || (a.id < b.id ? 1 : -1)).slice(0, KEEP);
  try {
    localStorage.setItem(KEY, JSON.stringify(Object.fromEntries(newest.map((i) => [i.id, i]))));
  } catch {
    // storage full or blocked: the drill forgets
  }
}

const now = () => Date.now() / 1000;

/**
 * The analysed game's Fehler and Patzer of the player's side (both sides of a game of
 * two on one device) join the drill; items already there keep their progress. Returns
 * how many joined.
 * @param {string} game the replay id @param {string} you "black", "white", "both" or ""
 * @param {Iterable<any>} moves the review's moves @param {(ply: number) => string} obfBefore the position before move `ply`
 */
export function addMistakes(game, you, moves, obfBefore) {
  const items = read();
  const today = dayOf(Date.now());
  let added = 0;
  for (const m of moves) {
    if (m.mark !== "mistake" && m.mark !== "blunder") continue;
    if (you !== "both" && you !== m.color) continue;
    const id = `${game}:${m.ply}`;
    if (items[id]) continue;
    items[id] = { id, game, ply: m.ply, obf: obfBefore(m.ply), color: m.color, played: m.square, playedScore: m.played.score,
      best: m.best.square, bestScore: m.best.score, loss: m.loss, mark: m.mark, due: today, streak: 0, solved: 0, missed: 0,
      changed_at: now() };
    added += 1;
  }
  if (added) write(items);
  return added;
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
  if (solved) item.solved += 1;
  else item.missed += 1;
  item.changed_at = now();
  write(items);
}

/** Which of two versions of an item stays: the later change, then the later day, then the longer streak.
 * @param {Item} a @param {Item} b */
function later(a, b) {
  const rank = (/** @type {Item} */ i) => [i.changed_at, i.due, i.streak];
  const [x, y] = [rank(a), rank(b)];
  for (let k = 0; k < x.length; k += 1) if (x[k] !== y[k]) return x[k] > y[k] ? a : b;
  return a;
}

/** Takes items from the server (another device's progress), merged with this device's. @param {any[]} others */
export function adopt(others) {
  const items = read();
  for (const other of others) {
    if (!other || typeof other.id !== "string") continue;
    const mine = items[other.id];
    items[other.id] = mine ? later(mine, full(other)) : full(other);
  }
  write(items);
}
