// The player's puzzle progress (docs/puzzles.md): the attempts, kept on the device and,
// when online, on the server (/api/puzzles, merged attempt by attempt like the drill's
// items). The puzzle rating is computed from the attempts on the device: the first
// attempt at each puzzle, in time order, is one Glicko-2 game against the puzzle (its
// rating from the data file, deviation PUZZLE_DEVIATION). So a puzzle solved offline is
// rated at once, and every device that holds the same attempts shows the same rating.
import { api, ApiError, OfflineError } from "../core/api.js";
import { afterGame, newRating, PROVISIONAL } from "./glicko.js";

const KEY = "reversi.aufgaben.v2";
/** the newest attempt the server has acknowledged, seconds */
const SENT = "reversi.aufgaben-gesendet.v2";
const BEST_STREAK = "reversi.aufgaben.serie";
/** the server keeps as many (reversi.hall.api.MAX_PUZZLE_ATTEMPTS) */
export const KEEP = 1000;
const BATCH = 50;
export const PUZZLE_DEVIATION = 75;
/** a theme with this many rated attempts is called strong or weak */
export const THEME_MINIMUM = 3;

/** @typedef {{id: string, puzzle: string, ok: boolean, changed_at: number}} Attempt */
/** @typedef {import("./glicko.js").Rating} Rating */

/** @returns {Attempt[]} */
export function attempts() {
  try {
    const list = JSON.parse(localStorage.getItem(KEY) || "[]");
    return Array.isArray(list) ? list : [];
  } catch {
    return [];
  }
}

/** @param {Attempt[]} list */
function store(list) {
  const newest = [...list].sort((a, b) => b.changed_at - a.changed_at || (a.id < b.id ? 1 : -1)).slice(0, KEEP);
  try {
    localStorage.setItem(KEY, JSON.stringify(newest));
  } catch {
    // private mode: the attempts last until the page is left
  }
}

/** Adds the attempts another device sent (the server's list); the later one of an id wins.
 * @param {Attempt[]} items */
export function adopt(items) {
  const byId = new Map(attempts().map((a) => [a.id, a]));
  for (const item of items) {
    const old = byId.get(item.id);
    if (!old || item.changed_at > old.changed_at) byId.set(item.id, item);
  }
  store([...byId.values()]);
}

/** @param {string} puzzle @param {boolean} ok @param {number} [now] milliseconds */
export function record(puzzle, ok, now = Date.now()) {
  const attempt = { id: `${puzzle}@${Math.round(now)}`, puzzle, ok, changed_at: now / 1000 };
  adopt([attempt]);
  return attempt;
}

/** The first attempt at each known puzzle, oldest first (the rated ones).
 * @param {Attempt[]} list @param {Map<string, {rating: number}>} puzzles */
export function firstAttempts(list, puzzles) {
  const seen = new Set();
  return [...list].sort((a, b) => a.changed_at - b.changed_at || (a.id < b.id ? -1 : 1)).filter((a) => {
    if (seen.has(a.puzzle) || !puzzles.has(a.puzzle)) return false;
    seen.add(a.puzzle);
    return true;
  });
}

/** @param {Attempt[]} list @param {Map<string, {rating: number}>} puzzles @returns {Rating} */
export function puzzleRating(list, puzzles) {
  let rating = newRating();
  for (const a of firstAttempts(list, puzzles)) {
    rating = afterGame(rating, /** @type {{rating: number}} */ (puzzles.get(a.puzzle)).rating, PUZZLE_DEVIATION, a.ok ? 1 : 0);
  }
  return rating;
}

/** @param {Rating} rating */
export const provisional = (rating) => rating.deviation > PROVISIONAL;

/**
 * Each theme's rated attempts and how many were solved, and its verdict: "strong" (at
 * least 70 % solved), "weak" (below 50 %), or "" (between, or fewer than THEME_MINIMUM).
 * @param {Attempt[]} list @param {Map<string, {rating: number, themes: string[]}>} puzzles @param {string[]} themes
 * @returns {{theme: string, tried: number, solved: number, verdict: "strong" | "weak" | ""}[]}
 */
export function themeResults(list, puzzles, themes) {
  const firsts = firstAttempts(list, puzzles);
  return themes.map((theme) => {
    const mine = firsts.filter((a) => /** @type {{themes: string[]}} */ (puzzles.get(a.puzzle)).themes.includes(theme));
    const solved = mine.filter((a) => a.ok).length;
    const share = mine.length ? solved / mine.length : 0;
    /** @type {"strong" | "weak" | ""} */
    const verdict = mine.length < THEME_MINIMUM ? "" : share >= 0.7 ? "strong" : share < 0.5 ? "weak" : "";
    return { theme, tried: mine.length, solved, verdict };
  });
}

export function bestStreak() {
  return Number(localStorage.getItem(BEST_STREAK)) || 0;
}

/** @param {number} streak */
export function noteStreak(streak) {
  if (streak > bestStreak()) localStorage.setItem(BEST_STREAK, String(streak));
}

function sentUpTo() {
  const at = Number(localStorage.getItem(SENT));
  return Number.isFinite(at) ? at : -1;
}

async function exchange() {
  const pending = attempts().filter((a) => a.changed_at > sentUpTo()).sort((a, b) => a.changed_at - b.changed_at);
  if (!pending.length) {
    adopt((await api("/api/puzzles")).items || []);
    return;
  }
  for (let start = 0; start < pending.length; start += BATCH) {
    const batch = pending.slice(start, start + BATCH);
    try {
      adopt((await api("/api/puzzles", { method: "PUT", body: { items: batch } })).items || []);
    } catch (error) {
      // a batch the server refuses would block the others forever: it stays on this device only
      if (!(error instanceof ApiError && error.status === 400)) throw error;
    }
    localStorage.setItem(SENT, String(batch[batch.length - 1].changed_at));
  }
}

/** @type {Promise<boolean> | null} */
let running = null;
let again = false;

/** Sends the attempts made since the last acknowledged send and takes the server's;
 * resolves false without a connection (the attempts wait on the device), else true. */
export function syncPuzzles() {
  if (running) {
    again = true;
    return running;
  }
  again = false;
  running = exchange().then(() => true, (error) => !(error instanceof OfflineError)).finally(() => {
    running = null;
    if (again) syncPuzzles();
  });
  return running;
}
