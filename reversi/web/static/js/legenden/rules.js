// The Legenden's rules as the page applies them (reversi/ai/legenden.py holds the same):
// stars by the disc margin of a win (the margins come from the server's config), and
// which opponents are open: the first, and every one up to the one after the furthest
// beaten (an opponent put on the path before beaten ones closes nothing).
import { config } from "../core/config.js";

/** @param {number} margin the player's discs minus the opponent's at the end */
export function starsFor(margin) {
  return config.hall.stars.filter((least) => margin >= least).length;
}

/** How many opponents are open. @param {number[]} progress each one's best stars, in path order */
export function unlockedCount(progress) {
  const total = config.hall.legenden.length;
  let furthest = -1;
  progress.slice(0, total).forEach((stars, index) => {
    if (stars > 0) furthest = index;
  });
  return Math.min(furthest + 2, total);
}

/** The opponent of `key` with its place on the path, or null. @param {string | null} key */
export function legendeOf(key) {
  const index = config.hall.legenden.findIndex((legende) => legende.key === key);
  return index < 0 ? null : { ...config.hall.legenden[index], index, number: index + 1 };
}

/** @typedef {NonNullable<ReturnType<typeof legendeOf>>} Opponent */
