// Spaced repetition on the device, shared by "Aus Fehlern lernen" (analyse/drill.js) and
// the opening trainer (study/trainer.js): a deck of items in localStorage, each with the
// local day it is due and its streak of right answers. A right answer moves an item on
// along INTERVALS (1, 3, 7, 14, 30, then 60 days), a wrong one brings it back the next
// day. Decks follow the player to other devices (`deckSync`), merged item by item: the
// later change wins (`changed_at`; the same rule as reversi/hall/progress.py).
import { api, ApiError } from "./api.js";

/** days until an item comes back after 1, 2, 3 … right answers in a row */
export const INTERVALS = [1, 3, 7, 14, 30, 60];
const DAY_MS = 24 * 60 * 60 * 1000;

/** @typedef {{id: string, due: number, streak: number, solved: number, missed: number, changed_at: number}} Card */

/** The day number of a time (local days since 1970). @param {number} ms */
export function dayOf(ms) {
  const d = new Date(ms);
  return Math.floor((ms - d.getTimezoneOffset() * 60_000) / DAY_MS);
}

export const today = () => dayOf(Date.now());
export const now = () => Date.now() / 1000;

/** Which of two versions of an item stays: the later change, then the later day, then the longer streak.
 * @template {Card} T @param {T} a @param {T} b @returns {T} */
function later(a, b) {
  const rank = (/** @type {Card} */ i) => [i.changed_at, i.due, i.streak];
  const [x, y] = [rank(a), rank(b)];
  for (let k = 0; k < x.length; k += 1) if (x[k] !== y[k]) return x[k] > y[k] ? a : b;
  return a;
}

/** @template {Card} T */
export class Deck {
  /** @param {string} key the localStorage key @param {number} keep the newest items kept */
  constructor(key, keep) {
    this.key = key;
    this.keep = keep;
  }

  /** An item as kept: items of before the sync get their counts and an unknown change time (0).
   * @param {any} item @returns {T} */
  full(item) {
    return { solved: 0, missed: 0, changed_at: 0, ...item };
  }

  /** @returns {Record<string, T>} */
  read() {
    try {
      const value = JSON.parse(localStorage.getItem(this.key) || "{}");
      if (!value || typeof value !== "object") return {};
      return Object.fromEntries(Object.entries(value).map(([id, item]) => [id, this.full(item)]));
    } catch {
      return {};
    }
  }

  /** The newest `keep` items (by their change) stay. @param {Record<string, T>} items */
  write(items) {
    const newest = Object.values(items).sort((a, b) => b.changed_at - a.changed_at || (a.id < b.id ? 1 : -1)).slice(0, this.keep);
    try {
      localStorage.setItem(this.key, JSON.stringify(Object.fromEntries(newest.map((i) => [i.id, i]))));
    } catch {
      // storage full or blocked: the deck forgets
    }
  }

  /** @returns {T[]} */
  all() {
    return Object.values(this.read());
  }

  /** The items due today or earlier. */
  due() {
    const day = today();
    return this.all().filter((i) => i.due <= day);
  }

  /** An answer: right moves the item on along INTERVALS, wrong brings it back tomorrow.
   * `create` makes the item when the deck has none of that id yet. @param {string} id
   * @param {boolean} right @param {() => T} [create] */
  answer(id, right, create) {
    const items = this.read();
    const item = items[id] || (create && this.full(create()));
    if (!item) return;
    item.streak = right ? item.streak + 1 : 0;
    item.due = today() + (right ? INTERVALS[Math.min(item.streak, INTERVALS.length) - 1] : 1);
    if (right) item.solved += 1;
    else item.missed += 1;
    item.changed_at = now();
    items[id] = item;
    this.write(items);
  }

  /** Takes items from the server (another device's progress), merged with this device's. @param {any[]} others */
  adopt(others) {
    const items = this.read();
    for (const other of others) {
      if (!other || typeof other.id !== "string") continue;
      const mine = items[other.id];
      items[other.id] = mine ? later(mine, this.full(other)) : this.full(other);
    }
    this.write(items);
  }
}

/**
 * A deck's progress on the server (docs/api.md): the items changed since the last
 * acknowledged send go up in batches of 50 to `path`, the server answers every item
 * it keeps, and the device merges them. The returned function resolves true when the
 * deck is in step with the server, false without a connection; asked again while it
 * runs, it runs once more.
 * @param {Deck<any>} deck @param {string} path @param {string} sentKey @param {string[]} fields
 * @returns {() => Promise<boolean>}
 */
export function deckSync(deck, path, sentKey, fields) {
  const BATCH = 50;
  const sentUpTo = () => {
    const at = Number(localStorage.getItem(sentKey));
    return Number.isFinite(at) ? at : -1;
  };
  const body = (/** @type {any} */ item) => Object.fromEntries(fields.map((name) => [name, item[name]]));

  async function exchange() {
    const pending = deck.all().filter((i) => i.changed_at > sentUpTo()).sort((a, b) => a.changed_at - b.changed_at);
    if (!pending.length) {
      deck.adopt((await api(path)).items || []);
      return;
    }
    for (let start = 0; start < pending.length; start += BATCH) {
      const batch = pending.slice(start, start + BATCH);
      try {
        deck.adopt((await api(path, { method: "PUT", body: { items: batch.map(body) } })).items || []);
      } catch (error) {
        // a batch the server refuses would block the others forever: it stays on this device only
        if (!(error instanceof ApiError && error.status === 400)) throw error;
      }
      localStorage.setItem(sentKey, String(batch[batch.length - 1].changed_at));
    }
  }

  /** @type {Promise<boolean> | null} */
  let running = null;
  let again = false;
  const sync = () => {
    if (running) {
      again = true;
      return running;
    }
    again = false;
    running = exchange().then(() => true, () => false).finally(() => {
      running = null;
      if (again) sync();
    });
    return running;
  };
  return sync;
}
