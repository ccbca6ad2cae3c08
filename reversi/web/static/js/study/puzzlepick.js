// Which puzzle comes next (docs/puzzles.md): the puzzle of the day by the Berlin calendar,
// a custom mix by themes and difficulty steps, and the streak's rising ratings.

/** @typedef {import("./puzzles.js").Puzzle} Puzzle */

// Consecutive days walk through the set in this stride (coprime to its size).
const DAY_STRIDE = 7;
/** the streak's first puzzle's rating, and how much each solved puzzle adds */
export const STREAK_START = 900;
export const STREAK_RISE = 60;

export function berlinDay(now = new Date()) {
  const [y, m, d] = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Berlin" })
    .format(now).split("-").map(Number);
  return { iso: `${y}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`, number: Date.UTC(y, m - 1, d) / 86400000 };
}

/** @param {number} n */
function stride(n) {
  let s = DAY_STRIDE;
  /** @type {(a: number, b: number) => number} */
  const gcd = (a, b) => (b ? gcd(b, a % b) : a);
  while (gcd(s, n) !== 1) s += 1;
  return s;
}

/** @param {Puzzle[]} puzzles @param {{number: number}} [day] */
export function puzzleOfTheDay(puzzles, day = berlinDay()) {
  return puzzles[(day.number * stride(puzzles.length)) % puzzles.length];
}

/**
 * The puzzles of a mix: any of `themes` (none chosen: every puzzle) and any of `steps`
 * (none chosen: every step).
 * @param {Puzzle[]} puzzles @param {{themes: string[], steps: number[]}} mix
 */
export function inMix(puzzles, { themes, steps }) {
  return puzzles.filter((p) => (!themes.length || p.themes.some((t) => themes.includes(t)))
    && (!steps.length || steps.includes(p.step)));
}

/**
 * A puzzle of `pool` not yet tried (all tried: any), chosen by `random` (0 ≤ x < 1).
 * @param {Puzzle[]} pool @param {Set<string>} tried @param {() => number} [random]
 */
export function pickFrom(pool, tried, random = Math.random) {
  const fresh = pool.filter((p) => !tried.has(p.id));
  const from = fresh.length ? fresh : pool;
  return from.length ? from[Math.floor(random() * from.length)] : null;
}

/**
 * The streak's next puzzle: not yet tried in this streak, the one nearest above
 * STREAK_START + STREAK_RISE · solved (the set is sorted by rating).
 * @param {Puzzle[]} puzzles @param {number} solved @param {Set<string>} used
 */
export function streakPuzzle(puzzles, solved, used) {
  const target = STREAK_START + STREAK_RISE * solved;
  const left = puzzles.filter((p) => !used.has(p.id));
  return left.find((p) => p.rating >= target) || left[left.length - 1] || null;
}
