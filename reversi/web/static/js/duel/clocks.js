// A table's time as the players say it: "Zeit pro Zug", "Gesamtzeit + Zuschlag"
// ("3+2": minutes for the game + seconds added after each move) or "Fernpartie"
// ("2d": days per move; docs/protocol.md).
import { t } from "../core/i18n.js";

/** The rule's value of the time per move. */
export const PER_MOVE = "move";

/** @param {string | undefined} clock @returns {boolean} whether it is days per move */
export const isDays = (clock) => !!clock && /^\d+d$/.test(clock);

/** @param {{clock?: string}} rules @returns {boolean} whether a total clock runs */
export function isTotal(rules) {
  return !!rules.clock && rules.clock !== PER_MOVE && !isDays(rules.clock);
}

/** @param {{clock?: string}} rules @returns {boolean} whether the table is a Fernpartie */
export function isCorrespondence(rules) {
  return isDays(rules.clock);
}

/** The seconds of a move: a Fernpartie's days, else the table's move time.
 * @param {{clock?: string, move_time: number}} rules */
export function moveSeconds(rules) {
  return isDays(rules.clock) ? parseInt(/** @type {string} */ (rules.clock), 10) * 86_400 : rules.move_time;
}

/** "3 min + 2 s pro Zug" for "3+2", "2 Tage pro Zug" for "2d". @param {string} clock */
export function clockName(clock) {
  if (isDays(clock)) {
    const n = parseInt(clock, 10);
    return t(n === 1 ? "rules.clock.day" : "rules.clock.days", { n });
  }
  const [minutes, increment] = clock.split("+");
  return t("rules.clock.value", { minutes, increment });
}

/** "Fernpartie: 2 Tage pro Zug", "Gesamtzeit + Zuschlag: 3 min + 2 s pro Zug". @param {string} clock */
export function clockChoice(clock) {
  return `${t(isDays(clock) ? "rules.clock.correspondence" : "rules.clock.total")}: ${clockName(clock)}`;
}
