// The opening trainer's rules (docs/study.md): a line of data/trainer.json drilled as one
// side, the trainer playing the other side's moves. Positions are compared by their key,
// the smallest of their 8 symmetric images (analyse/openings.js), so a line turned or
// mirrored on the board counts, and so do the transpositions the data lists (a move off
// the line that the trainer's reply brings back to it). No rules of the game here: the
// positions after each legal move come from the worker's answer (`obf`, `flips`).
import { image, symmetries } from "../analyse/openings.js";
import { Deck, deckSync } from "../core/repetition.js";

/**
 * A line of data/trainer.json (tools/book/trainer.py): its moves, the position after
 * every ply, the key of its end and its transpositions by ply ([move, reply] pairs).
 * @typedef {{id: string, source: "named" | "book", opening: string | null, moves: string, key: string,
 *   obfs: string[], transpositions: Record<string, [string, string][]>}} Line
 */
/** @typedef {{id: string, line: string, color: string, due: number, streak: number, solved: number, missed: number, changed_at: number}} Card */

/** @type {Deck<Card>} the lines drilled, one card for each line and side */
export const deck = new Deck("reversi.eroeffnungen.v1", 300);
export const syncTrainer = deckSync(deck, "/api/openings", "reversi.eroeffnungen-gesendet.v1",
  ["id", "line", "color", "due", "streak", "solved", "missed", "changed_at"]);

/** @param {string} line @param {string} color */
export const cardId = (line, color) => `${line}:${color}`;

/** The position's key: the same for all its 8 images. @param {string} obf */
export function keyOf(obf) {
  return symmetries(obf).sort()[0];
}

const FILES = "abcdefgh";
/** @param {string} square */
const index = (square) => FILES.indexOf(square[0]) + 8 * (Number(square[1]) - 1);
/** @param {number} i */
const squareOf = (i) => `${FILES[i % 8]}${Math.floor(i / 8) + 1}`;

/**
 * The position after each legal move: the mover's disc on the square and on the discs
 * it flips; the other side to move (the trainer's lines have no pass).
 * @param {string} obf @param {Record<string, string[]>} flips the worker's `flips`
 * @returns {Record<string, string>}
 */
export function children(obf, flips) {
  const mover = obf[65];
  const other = mover === "X" ? "O" : "X";
  /** @type {Record<string, string>} */
  const out = {};
  for (const [square, flipped] of Object.entries(flips)) {
    const cells = obf.slice(0, 64).split("");
    for (const s of [square, ...flipped]) cells[index(s)] = mover;
    out[square] = `${cells.join("")} ${other}`;
  }
  return out;
}

export class LineDrill {
  /** @param {Line} line @param {"black" | "white"} color the player's side */
  constructor(line, color) {
    this.line = line;
    this.color = color;
    this.ply = 0;
    this.mistakes = 0;
    /** the trainer's reply after a transposition, for the ply after the player's move @type {string | null} */
    this.reply = null;
  }

  get moves() {
    return this.line.moves.split(" ");
  }

  get done() {
    return this.ply >= this.moves.length;
  }

  /** whether the player moves at this ply */
  get playerTurn() {
    return !this.done && (this.ply % 2 === 0) === (this.color === "black");
  }

  /** The squares of a position that lead to the line's next position. @param {Record<string, string>} next children() */
  rightSquares(next) {
    const wanted = keyOf(this.line.obfs[this.ply + 1]);
    return Object.keys(next).filter((square) => keyOf(next[square]) === wanted).sort();
  }

  /**
   * The player's move from position `obf` to `after`: "right" (the line's next position,
   * in any orientation), "transposition" (a move off the line that the trainer's reply
   * brings back) or "wrong". A right or transposing move moves the drill on.
   * @param {string} obf @param {string} square @param {string} after
   */
  judge(obf, square, after) {
    const ply = this.ply;
    let verdict = "wrong";
    if (keyOf(after) === keyOf(this.line.obfs[ply + 1])) verdict = "right";
    else {
      const images = symmetries(this.line.obfs[ply]);
      for (let k = 0; k < 8 && verdict === "wrong"; k += 1) {
        if (images[k] !== obf) continue;
        const pair = (this.line.transpositions[String(ply)] || []).find(([m]) => squareOf(image(index(m), k)) === square);
        if (pair) {
          this.reply = squareOf(image(index(pair[1]), k));
          verdict = "transposition";
        }
      }
    }
    if (verdict === "wrong") this.mistakes += 1;
    else this.ply += 1;
    return verdict;
  }

  /**
   * The trainer's move in a position: back to the line after a transposition, else the
   * line's, in the orientation the board shows (the line's own when it is the same).
   * @param {string} obf @param {Record<string, string>} next children()
   */
  trainerMove(obf, next) {
    const reply = this.reply;
    this.reply = null;
    const right = this.rightSquares(next);
    const images = symmetries(this.line.obfs[this.ply]);
    const own = [0, 1, 2, 3, 4, 5, 6, 7].filter((k) => images[k] === obf)
      .map((k) => squareOf(image(index(this.moves[this.ply]), k))).find((s) => right.includes(s));
    const square = reply && next[reply] ? reply : own || right[0];
    if (square) this.ply += 1;
    return square || null;
  }
}

/** The card of a line and side, or null before its first drill. @param {string} line @param {string} color */
export function cardOf(line, color) {
  return deck.read()[cardId(line, color)] || null;
}

/** A finished drill: without a mistake the line moves on along the intervals, with one it comes back tomorrow. @param {LineDrill} drill */
export function record(drill) {
  const id = cardId(drill.line.id, drill.color);
  deck.answer(id, drill.mistakes === 0, () => ({ id, line: drill.line.id, color: drill.color, due: 0, streak: 0, solved: 0, missed: 0, changed_at: 0 }));
}

/** The cards due today of the lines there are, the longest waiting first. @param {Line[]} lines */
export function dueCards(lines) {
  const known = new Set(lines.map((l) => l.id));
  return deck.due().filter((c) => known.has(c.line)).sort((a, b) => a.due - b.due || (a.id < b.id ? -1 : 1));
}
