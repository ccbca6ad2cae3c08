// "Aus Fehlern lernen": the player's own Fehler and Patzer of every analysed game, kept
// on the device and asked again by spaced repetition (docs/study.md; the schedule and
// the merge of core/repetition.js): a new item is due at once; a solved one comes back
// after 1, 3, 7, 14, 30, then 60 days; a missed one the next day. The items follow the
// player to other devices (drillsync.js).
import { Deck, INTERVALS, dayOf, now, today } from "../core/repetition.js";

export { INTERVALS, dayOf };
export const KEEP = 300;
/** an answer within this many discs of the best value counts as solved */
export const MARGIN = 2;

/**
 * @typedef {{id: string, game: string, ply: number, obf: string, color: string, played: string, playedScore: number,
 *   best: string, bestScore: number, loss: number, mark: string, due: number, streak: number,
 *   solved: number, missed: number, changed_at: number}} Item
 */

/** @type {Deck<Item>} */
export const deck = new Deck("reversi.fehler.v1", KEEP);

/**
 * The analysed game's Fehler and Patzer of the player's side (both sides of a game of
 * two on one device) join the drill; items already there keep their progress. Returns
 * how many joined.
 * @param {string} game the replay id @param {string} you "black", "white", "both" or ""
 * @param {Iterable<any>} moves the review's moves @param {(ply: number) => string} obfBefore the position before move `ply`
 */
export function addMistakes(game, you, moves, obfBefore) {
  const items = deck.read();
  const day = today();
  let added = 0;
  for (const m of moves) {
    if (m.mark !== "mistake" && m.mark !== "blunder") continue;
    if (you !== "both" && you !== m.color) continue;
    const id = `${game}:${m.ply}`;
    if (items[id]) continue;
    items[id] = { id, game, ply: m.ply, obf: obfBefore(m.ply), color: m.color, played: m.square, playedScore: m.played.score,
      best: m.best.square, bestScore: m.best.score, loss: m.loss, mark: m.mark, due: day, streak: 0, solved: 0, missed: 0,
      changed_at: now() };
    added += 1;
  }
  if (added) deck.write(items);
  return added;
}

/** The items due today or earlier, the heaviest loss first. */
export function dueItems() {
  return deck.due().sort((a, b) => b.loss - a.loss || a.due - b.due);
}

export const allItems = () => deck.all();

/** An answer: solved moves the item on along INTERVALS, a miss brings it back tomorrow. @param {string} id @param {boolean} solved */
export const answer = (id, solved) => deck.answer(id, solved);

/** Takes items from the server (another device's progress), merged with this device's. @param {any[]} others */
export const adopt = (others) => deck.adopt(others);
