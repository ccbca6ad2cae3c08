// A table's time as the players say it: "Zeit pro Zug" or "Gesamtzeit + Zuschlag"
// ("3+2": minutes for the game + seconds added after each move; docs/protocol.md).
import { t } from "../core/i18n.js";

/** The rule's value of the time per move. */
export const PER_MOVE = "move";

/** @param {{clock?: string}} rules @returns {boolean} whether a total clock runs */
export function isTotal(rules) {
  return !!rules.clock && rules.clock !== PER_MOVE;
}

/** "3 min + 2 s pro Zug" for "3+2". @param {string} clock */
export function clockName(clock) {
  const [minutes, increment] = clock.split("+");
  return t("rules.clock.value", { minutes, increment });
}
