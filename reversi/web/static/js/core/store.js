// What the hall keeps on this device (localStorage): settings, and each finished
// game's result. A running solo game is not saved. Finished games also wait in an
// outbox until the server acknowledged them (sync.js, docs/api.md): computer games
// for the record, and with their moves every game for the archive (archive/device.js
// keeps the device's copy).
import { config } from "./config.js";
import { newId } from "./ids.js";

const SETTINGS = "reversi.settings.v1";
const RESULTS = "reversi.results.v1";
const OUTBOX = "reversi.outbox.v1";
const SETTINGS_AT = "reversi.settings-at.v1";

const DEFAULTS = {
  dots: true,
  counts: false,
  level: "leicht",
  begins: "me",
  xot: false, // solo: "Zufallseröffnung (XOT)"
  sound: false,
  motion: !matchMedia("(prefers-reduced-motion: reduce)").matches,
  analyse: false, // after a solo game, straight to its replay with the analysis running
  values: false, // the analysis board shows every legal move's value
  legenden: "", // /legenden: each opponent's best stars, one digit 0–3 at its `place` (reversi/ai/legenden_places.py)
};

/** @param {string} key @param {any} fallback */
function read(key, fallback) {
  try {
    const text = localStorage.getItem(key);
    return text === null ? fallback : JSON.parse(text);
  } catch {
    return fallback;
  }
}

/** @param {string} key @param {unknown} value */
function write(key, value) {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // storage full or blocked: the hall still works, it just forgets
  }
}

export function settings() {
  return { ...DEFAULTS, ...read(SETTINGS, {}) };
}

/** @param {string} name @param {unknown} value */
export function saveSetting(name, value) {
  write(SETTINGS, { ...read(SETTINGS, {}), [name]: value });
  write(SETTINGS_AT, Date.now() / 1000);
}

// The settings the player chose (not the defaults), and when they last changed one.
export function storedSettings() {
  const stored = read(SETTINGS, {});
  return Object.fromEntries(Object.entries(stored).filter(([name]) => name in DEFAULTS));
}

export function settingsChangedAt() {
  const at = read(SETTINGS_AT, 0);
  return typeof at === "number" ? at : 0;
}

// Takes settings from the server (newer ones from another device, after a transfer).
// The Legenden's progress is merged, each opponent's best stars of both; when this
// device knew more, the merged progress is marked changed now, so it goes back.
/** @param {Record<string, unknown>} values @param {number} changedAt */
export function adoptSettings(values, changedAt) {
  const known = Object.fromEntries(Object.entries(values || {}).filter(([name]) => name in DEFAULTS));
  const mine = read(SETTINGS, {});
  let at = changedAt;
  if (typeof known.legenden === "string" || typeof mine.legenden === "string") {
    const merged = mergeStars(String(mine.legenden || ""), String(known.legenden || ""));
    if (merged !== (known.legenden || "")) at = Math.max(changedAt + 0.001, Date.now() / 1000);
    known.legenden = merged;
  }
  write(SETTINGS, { ...mine, ...known });
  write(SETTINGS_AT, at);
}

/** Each position's larger digit of two progress strings. @param {string} a @param {string} b */
export function mergeStars(a, b) {
  const length = Math.max(a.length, b.length);
  let out = "";
  for (let i = 0; i < length; i += 1) out += String(Math.max(Number(a[i] || 0), Number(b[i] || 0)));
  return out.replace(/0+$/, "");
}

// The Legenden: each opponent's best stars (0: not beaten yet), in path order; stored
// at each one's place, which stays when the path changes.
export function legendenStars() {
  const digits = storedStars();
  return config.hall.legenden.map((legende) => digits[legende.place] || 0);
}

/** The stored progress: a digit per place. */
function storedStars() {
  const text = String(settings().legenden || "");
  return /^[0-3]*$/.test(text) ? [...text].map(Number) : [];
}

/** Keeps a game's stars against opponent `index` (on the path) if they beat the best so far.
 * @param {number} index @param {number} stars */
export function saveStars(index, stars) {
  const digits = storedStars();
  const place = config.hall.legenden[index].place;
  while (digits.length <= place) digits.push(0);
  if (stars <= digits[place]) return;
  digits[place] = stars;
  saveSetting("legenden", digits.join("").replace(/0+$/, ""));
}

// Games not yet acknowledged by the server, in the API's shape.
export function outbox() {
  const list = read(OUTBOX, []);
  return Array.isArray(list) ? list : [];
}

/** @param {string[]} ids */
export function acknowledge(ids) {
  const done = new Set(ids);
  write(OUTBOX, outbox().filter((entry) => !done.has(entry.id)));
}

/**
 * A solo game with its level and the human's outcome; a game of two on one device
 * (`"level": null`, black's outcome) only with its moves, for the archive.
 * @param {Record<string, any>} r @param {{moves?: string, started_at?: number | null}} [game]
 */
function queue(r, game = {}) {
  if (!r.id || !(r.mode === "solo" || (r.mode === "duo" && game.moves))) return;
  const solo = r.mode === "solo";
  const blackOutcome = !r.winner ? "draw" : r.winner === "black" ? "win" : "loss";
  /** @type {Record<string, any>} */
  const entry = { id: r.id, level: solo ? r.level : null, outcome: solo ? r.outcome : blackOutcome,
    finished_at: Date.parse(r.date) / 1000,
    detail: solo ? { human: r.human, black: r.black, white: r.white, ...(r.legende && { legende: r.legende }) } : { black: r.black, white: r.white } };
  if (game.moves) {
    entry.moves = game.moves;
    if (typeof game.started_at === "number" && game.started_at <= entry.finished_at) entry.started_at = game.started_at;
  }
  write(OUTBOX, [...outbox().filter((e) => e.id !== r.id), entry].slice(-500));
}

// Games recorded before the outbox existed get an id and are queued, once.
(function queueOlderResults() {
  const list = results();
  if (!list.some((r) => !r.id)) return;
  for (const r of list) {
    if (!r.id) {
      r.id = newId();
      queue(r);
    }
  }
  write(RESULTS, list);
})();

export function results() {
  const list = read(RESULTS, []);
  return Array.isArray(list) ? list : [];
}

/**
 * Records a finished game; `game` (its transcript and start) goes to the server with it.
 * Returns the entry: its `id` is the game's device id, `date` its end.
 * @param {Record<string, any>} result @param {{moves?: string, started_at?: number | null}} [game]
 */
export function saveResult(result, game = {}) {
  const list = results();
  const entry = { ...result, id: newId(), date: new Date().toISOString() };
  list.push(entry);
  write(RESULTS, list.slice(-500));
  queue(entry, game);
  // sync.js sends it (and the settings) when there is a connection
  dispatchEvent(new CustomEvent("reversi:result", { detail: entry }));
  return entry;
}

// Computer games by level: {leicht: {win, draw, loss}, …}
export function record() {
  /** @type {Record<string, Record<string, number>>} */
  const table = {};
  for (const level of config.hall.levels) table[level] = { win: 0, draw: 0, loss: 0 };
  let duo = 0;
  for (const r of results()) {
    if (r.mode === "solo" && table[r.level] && r.outcome in table[r.level]) table[r.level][r.outcome] += 1;
    if (r.mode === "duo") duo += 1;
  }
  return { table, duo };
}
