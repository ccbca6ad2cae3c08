// Which duels count for points, milestones and the leaderboards (reversi/hall/counting.py):
// the rule in words, with the server's numbers (config.hall.counting).
import { config } from "../core/config.js";
import { t } from "../core/i18n.js";
import { html } from "../core/lit.js";

/** The numbers of the rule as the catalogue's parameters. */
function facts() {
  const counting = config.hall.counting;
  return { moves: counting.min_moves, games: counting.pair_games_a_day };
}

/** The rule as a paragraph (the leaderboard page, the Duell-Ecke). */
export function countingRule() {
  return html`<p id="counting-rule">${t("counting.rule", facts())}</p>`;
}

/** Why a finished duel gave no points (`end.uncounted` of the table). @param {string} reason */
export function uncountedText(reason) {
  return t(`end.uncounted.${reason === "pair_limit" ? "pair_limit" : "short"}`, facts());
}
