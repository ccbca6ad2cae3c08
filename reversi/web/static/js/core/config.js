// What the server tells the page when it serves it (reversi/server/http/assets.py,
// `Bundle.config`): where the client, Pyodide and the Python files are, and the
// hall's facts the pages need (`hall`: leaderboard periods, chat length …). Read once,
// here; every module takes it from this one.

/**
 * @typedef {{version: string, app: string, pyodide: string, stdlib: string, reversi: string,
 *   wasm: string | null, lock: {info: Record<string, string>, packages: Record<string, unknown>},
 *   hall: {periods: string[], chat_max: number, levels: string[],
 *     counting: {min_moves: number, pair_games_a_day: number},
 *     rating: {min_moves: number, pair_games_a_day: number, shown_after: number}, time_classes: string[], nick: {min: number, max: number},
 *     legenden: {key: string, style: string, level: string, anchor: boolean, place: number}[], stars: number[],
 *     tournament: {win: number, draw: number, loss: number, bye: number, rematch_after: number, clocks: string[],
 *       minutes: number[], rounds: number[], name: {min: number, max: number}}}}} Config
 */

const element = document.getElementById("config");

/** @type {Config} */
export const config = JSON.parse(element ? element.textContent || "{}" : "{}");
