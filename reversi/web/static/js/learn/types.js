// The shapes the learning and study pages pass around: the worker's views and answers
// (docs/protocol.md) and LiveBoard's options (liveboard.js). Types only, for the JS check.

/** @typedef {"black" | "white"} Color */
/**
 * A position as the worker draws it (docs/protocol.md, "The view").
 * @typedef {{
 *   squares: string, turn: Color | null, legal: Record<string, number>,
 *   last: {square: string, color: Color, flipped: string[]} | null,
 *   counts: {black: number, white: number}, pass: {color: Color} | null,
 *   result: {winner: Color | null, black: number, white: number, termination: string} | null,
 *   figure: string, players: Record<Color, "human" | "computer">,
 * }} View
 */
/**
 * The engine's answer for a position (docs/protocol.md, "Positions without a game"); in a
 * game against the computer only its `view` is known.
 * @typedef {{view: View, flips?: Record<string, string[]>, lines?: Record<string, number>, obf?: string, moves?: string}} Answer
 */
/**
 * A tap before it is played: `reason` says why an illegal one is refused, `answer` is the
 * position after a legal one.
 * @typedef {{square: string, legal: boolean, reason: string | null, answer: Answer | null}} Attempt
 */
/** @typedef {"set" | "move" | "game"} Cause */
/**
 * A message of the worker, with the fields the boards read (docs/protocol.md).
 * @typedef {{type: string, id?: string, square?: string, reason?: string, view?: View, cause?: string, message?: string}} WorkerMessage
 */
/**
 * @typedef {object} LiveBoardOptions (see the top of liveboard.js)
 * @property {string | null} [obf]
 * @property {string} [moves]
 * @property {string} [label]
 * @property {boolean} [interactive]
 * @property {boolean} [hints]
 * @property {boolean} [counts]
 * @property {boolean} [figure]
 * @property {boolean} [reset]
 * @property {boolean} [typing]
 * @property {boolean} [status]
 * @property {(attempt: Attempt) => boolean | string | Promise<boolean | string>} [decide]
 * @property {(answer: Answer, cause: Cause) => void} [onChange]
 */
/** @typedef {{obf?: string | null, moves?: string}} Position */
/** @typedef {{level?: string, human?: Color, obf?: string | null, moves?: string}} GameSetup */

export {};
