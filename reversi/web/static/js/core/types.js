// The shapes the board and the pages pass around: the view (what the board draws, from
// the worker or a duel table), the worker's answers and messages (docs/protocol.md).
// Types only, for the JS check (tsc --checkJs, tests/web/test_js_check.py).

/** @typedef {"black" | "white"} Color */
/** Who plays a side: on this device a person or the computer, at a duel table the other seat.
 * @typedef {"human" | "computer" | "remote"} Player */
/** @typedef {{color: Color, square: string | null, flips?: number}} Move a placed disc, or a pass (square null) */
/**
 * A position as the board draws it (docs/protocol.md, "The view"): the board part
 * (`reversi.engine.view.game_view`, also a duel table's `game`) and who plays each side;
 * the worker's game views add `mode` and `level`.
 * @typedef {{
 *   version: number, squares: string, turn: Color | null, legal: Record<string, number>,
 *   last: {square: string, color: Color, flipped: string[]} | null,
 *   counts: {black: number, white: number}, pass: {color: Color} | null,
 *   result: {winner: Color | null, black: number, white: number, termination: string} | null,
 *   moves: Move[], ply: number, can_undo: boolean, can_redo: boolean, figure: string,
 *   players: Record<Color, Player>, mode?: "solo" | "duo" | "position", level?: string | null, legende?: string | null,
 *   xot?: string | null,
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
/** @typedef {{obf?: string | null, moves?: string}} Position */
/** @typedef {{level?: string, human?: Color, obf?: string | null, moves?: string}} GameSetup */

export {};
