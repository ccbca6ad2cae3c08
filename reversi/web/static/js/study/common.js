// What the study pages (/tipps, /eroeffnungen, /aufgaben) share: their data files,
// their style sheet, the worker's analysis and how a score in discs is said.
import { config } from "../core/config.js";
import { LiveBoard, sharedEngine } from "../learn/liveboard.js";
import { colorName, t } from "../core/i18n.js";

/** @typedef {import("../core/types.js").Color} Color */
/**
 * Schwer's verdict on one move: the final disc difference for the mover, exact or
 * estimated at `depth` plies (docs/protocol.md, `analyse`).
 * @typedef {{score: number, exact: boolean, depth: number}} Score
 */


/**
 * @param {string} name a file in static/data without ".json"
 * @returns {Promise<any>} its parsed JSON (the page knows its shape)
 */
export async function loadData(name) {
  const response = await fetch(`${config.app}data/${name}.json`);
  if (!response.ok) throw new Error(`${name}.json: ${response.status}`);
  return response.json();
}

// The pages' style sheets (and the live boards'), added once to the shared shell.
export function useStyles() {
  for (const name of ["learn", "study"]) {
    const href = `${config.app}css/${name}.css`;
    if ([...document.querySelectorAll("link[rel=stylesheet]")].some((l) => /** @type {HTMLLinkElement} */ (l).href.endsWith(href))) continue;
    const link = document.createElement("link");
    Object.assign(link, { rel: "stylesheet", href });
    document.head.append(link);
  }
}

// What Schwer's analysis in the worker thinks of every legal move of a position:
// {square: {score, exact, depth}}, the final disc difference for the side to move.
/** @type {Map<string, Promise<Record<string, Score>>>} */
const analyses = new Map();
/**
 * @param {import("../core/types.js").Position} position
 * @param {number} [seconds]
 * @returns {Promise<Record<string, Score>>} every legal square's score
 */
export function analyse({ obf = null, moves = "" }, seconds = 1) {
  const key = `${obf}|${moves}|${seconds}`;
  if (!analyses.has(key)) {
    const asked = sharedEngine().ask({ type: "analyse", obf, moves, seconds }).then((/** @type {{scores: Record<string, Score>}} */ answer) => answer.scores);
    asked.catch(() => analyses.delete(key));
    analyses.set(key, asked);
  }
  return analyses.get(key);
}

// "+6 Steine für Ebenholz" / "4 Steine weniger" / "Gleichstand" for `color` (the mover).
/** @param {number} score @param {Color} color */
export function scoreText(score, color) {
  const n = Math.round(Math.abs(score));
  if (n === 0) return t("tips.score.even");
  const params = { n, color: colorName(color) };
  const key = score > 0 ? "tips.score.ahead" : "tips.score.behind";
  return t(n === 1 ? `${key}.one` : key, params);
}

/** @param {Score} entry */
export function kindText(entry) {
  return entry.exact ? t("tips.score.exact") : t("tips.score.estimate", { depth: entry.depth });
}

// A live board whose play-out against the computer can use the exact solver
// (`exact: true` in the worker's `new` message; docs/protocol.md). LiveBoard sends
// no such field, so this wraps its `game` with the one extra field.
export class StudyBoard extends LiveBoard {
  /**
   * @param {import("../core/types.js").GameSetup & {exact?: boolean}} [setup]
   * @returns {Promise<void>}
   */
  game({ exact = false, ...options } = {}) {
    if (!exact) return super.game(options);
    const engine = this.engine;
    const send = engine.sendGame;
    engine.sendGame = (/** @type {Record<string, unknown>} */ message) => {
      engine.sendGame = send;
      return send.call(engine, message.type === "new" ? { ...message, exact: true } : message);
    };
    return super.game(options);
  }
}

/**
 * An opening's name as shown: the German name, and the international one beside it unless
 * the German one holds it ("Tanida-Variante", "Tiger"; but "Marderhund (Raccoon Dog)").
 * @param {{name: string, name_de: string}} opening
 */
export function openingName(opening) {
  return opening.name_de.includes(opening.name) ? opening.name_de : `${opening.name_de} (${opening.name})`;
}
