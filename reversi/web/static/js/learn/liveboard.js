/**
 * LiveBoard: a real board for the learning pages (rules, lesson, tips, openings, puzzles).
 *
 * It is drawn by the game's board component (../board.js) and knows no rules: every dot,
 * flip (animated in flip order), refusal reason and text figure comes from the engine in
 * the worker, through the `position` message (docs/protocol.md, "Positions without a
 * game"). All boards of a page share one worker (`sharedEngine()`).
 *
 *   import { LiveBoard } from "./liveboard.js";
 *   const board = new LiveBoard({
 *     obf: "…64 squares… X",  // root position as OBF; default: the start cross
 *     moves: "f5d6",          // moves played from the root (a transcript); default ""
 *     label: "Brett: …",      // accessible name of the board (default "Beispielbrett")
 *     interactive: true,      // taps play moves; false: look only (dots still drawn)
 *     hints: true,            // dots (and "erlaubt" in the squares' names); false hides them
 *     counts: false,          // the number of flips in each dot ("🔢 Drehzahl")
 *     figure: true,           // "Abbildung als Text" under the board
 *     reset: true,            // a button back to the position last set
 *     typing: false,          // typing "d", "3" plays d3 (one board per page at most)
 *     status: true,           // the line above the board: whose turn, the disc counts, the result
 *     decide: async (attempt) => true,
 *       // before a tap is played: attempt = {square, legal, reason, answer}; `answer` is
 *       // the engine's answer for the position after the move (when legal). Return true
 *       // to play it, a string to refuse with that hint, false to do nothing more.
 *     onChange: (answer, cause) => {},  // after a position is drawn; cause: "set", "move", "game"
 *   });
 *   parent.append(board.element);
 *   await board.ready;            // the first position is drawn (rejects if the engine fails)
 *   board.answer                  // the engine's last answer: {view, flips, lines, obf, moves}
 *   await board.set({obf, moves}) // another position, drawn at once; becomes the reset target
 *   await board.play("d3")        // as a tap would (through `decide`)
 *   await board.reset()           // back to the position last set
 *   board.say(text, faq)          // a line under the board (read by screen readers),
 *                                 // with a "Warum?" link to /regeln#faq when given
 *   board.setOptions({hints, counts, interactive, status})
 *   board.mark(["c4", "f5"])      // a green ring on these squares (and "gefunden" in their
 *                                 // names), until the next set()
 *   await board.game({level: "leicht", human: "black", obf, moves})
 *       // a game against the computer from that position (the worker's session: one
 *       // such board per page); onChange(answer, "game") gets {view} after every move
 *
 * An answer's `flips` maps each legal move to the discs it flips in flip order, `lines`
 * to how many directions it closes; `moves` is the transcript from the root.
 */
import { bootText } from "../board/loading.js";
import { BoardView, SquareTyping } from "../board/board.js";
import { h } from "../core/dom.js";
import { colorName, stones, t } from "../core/i18n.js";
import { render } from "../core/lit.js";
import { figureText } from "../board/panels.js";
import * as store from "../core/store.js";

import { FAQ, faqLink } from "./faq.js";
import { sharedEngine } from "../core/shared_engine.js";

/** @typedef {import("../core/types.js").View} View */
/** @typedef {import("../core/types.js").Answer} Answer */
/** @typedef {import("../core/types.js").Attempt} Attempt */
/** @typedef {import("../core/types.js").WorkerMessage} WorkerMessage */
/** @typedef {import("../core/types.js").Position} Position */
/** @typedef {import("../core/types.js").GameSetup} GameSetup */
/** @typedef {import("../core/types.js").Cause} Cause */
/**
 * @typedef {object} LiveBoardOptions (see the top of this module)
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

export { FAQ, faqLink, sharedEngine };

const NO_LEGAL = Object.freeze({});

export class LiveBoard {
  /** @param {LiveBoardOptions} [options] */
  constructor(options = {}) {
    /** @type {LiveBoardOptions} */
    this.options = { interactive: true, hints: true, counts: false, figure: true, reset: true, status: true, ...options };
    this.marked = new Set();
    this.origin = { obf: options.obf ?? null, moves: options.moves ?? "" };
    /** @type {Answer | null} */
    this.answer = null;
    /** @type {"position" | "game"} */
    this.mode = "position";
    /** @type {Promise<unknown>} */
    this.queue = Promise.resolve();
    this.jobs = 0; // queued or running: the board is "idle" only when none is left
    this.drawing = 0;
    this.thinking = false;
    /** @type {((message: WorkerMessage) => void) | null} */
    this.gameListener = null;
    this.engine = sharedEngine();
    this.motion = store.settings().motion;
    this.board = new BoardView({ onPlay: (/** @type {string} */ square) => this.tap(square) });
    this.board.element.querySelector(".board").setAttribute("aria-label", options.label || t("learn.board.label"));
    this.status = h("p", { class: "lb-status" }, t("learn.board.loading"));
    this.notice = h("p", { class: "lb-notice", role: "status", "aria-live": "polite" });
    this.figure = h("pre", { class: "figure lb-figure-text" });
    this.resetButton = h("button", { type: "button", class: "lb-reset", onclick: () => this.reset() }, t("learn.board.reset"));
    // until the engine is ready: what loads, how far, over an inactive board
    this.boot = h("p", { class: "lb-boot" }, bootText(null));
    this.engine.engine.onProgress((progress) => { this.boot.textContent = bootText(progress); });
    this.board.setBusy(true);
    this.engine.ready.then(() => this.board.setBusy(false), () => {}).finally(() => this.boot.remove());
    this.element = h("div", { class: "liveboard", "data-state": "loading" },
      this.boot, this.status, this.board.element, this.notice,
      this.options.reset ? h("div", { class: "lb-actions" }, this.resetButton) : null,
      this.options.figure ? h("details", { class: "lb-figure" }, h("summary", {}, t("figure.heading")), this.figure) : null);
    if (this.options.typing) {
      new SquareTyping({ board: this.board, say: (text) => { this.notice.textContent = text; },
        play: (square) => this.tap(square) });
    }
    this.applyOptions();
    this.ready = this.set(this.origin).catch((error) => {
      this.fail(error);
      throw error;
    });
    this.ready.catch(() => {}); // the board shows the failure; a caller may await it
  }

  /** @param {Partial<Pick<LiveBoardOptions, "hints" | "counts" | "interactive" | "status">>} options */
  setOptions(options) {
    Object.assign(this.options, options);
    this.applyOptions();
    if (this.answer) this.draw(this.answer.view, false);
  }

  applyOptions() {
    const o = this.options;
    this.board.setOptions({ dots: true, counts: o.counts, motion: this.motion, interactive: true });
    this.status.hidden = !o.status;
  }

  /** @param {string[]} squares */
  mark(squares) {
    for (const square of squares) this.marked.add(square);
    this.paintMarks();
  }

  paintMarks() {
    for (const [name, button] of this.board.buttons) {
      const marked = this.marked.has(name);
      button.classList.toggle("found", marked);
      const label = button.getAttribute("aria-label").replace(`, ${t("learn.board.found")}`, "");
      button.setAttribute("aria-label", marked ? `${label}, ${t("learn.board.found")}` : label);
    }
  }

  // The view as the board draws it: without hints it carries no legal moves.
  /** @param {View} view @returns {View} */
  shown(view) {
    return this.options.hints ? view : { ...view, legal: NO_LEGAL };
  }

  /** @param {View} view @param {boolean} animate */
  async draw(view, animate) {
    this.drawing += 1;
    this.element.dataset.state = "busy";
    render(figureText(view.figure), this.figure); // breaks only between rows, as the game's
    this.status.textContent = this.statusText(view);
    try {
      await this.board.show(this.shown(view), animate);
      this.paintMarks();
    } finally {
      this.drawing -= 1;
      this.settle();
    }
  }

  // "idle" once nothing is drawn, queued or waiting for the engine (a tap is busy at once).
  settle() {
    if (this.jobs === 0 && this.drawing === 0 && this.element.dataset.state === "busy") this.element.dataset.state = "idle";
  }

  /** @param {View} view */
  statusText(view) {
    const counts = t("score.label", view.counts);
    if (view.result) {
      const r = view.result;
      const params = { black: r.black, white: r.white };
      if (this.mode === "game") {
        const human = view.players.black === "human" ? "black" : "white";
        const text = !r.winner ? t("result.draw", params) : r.winner === human ? t("result.you.win", params) : t("result.you.loss", params);
        return `${text} ${t("status.over")}`;
      }
      return `${!r.winner ? t("result.draw", params) : t("result.win", { ...params, color: colorName(r.winner) })} ${counts}.`;
    }
    if (this.mode === "game") {
      const color = colorName(view.turn);
      const turn = view.players[view.turn] === "human" ? t("status.turn.you", { color }) : t("status.turn.computer", { color });
      return `${turn} ${counts}.`;
    }
    return `${t("status.turn.duo", { color: colorName(view.turn) })} ${counts}.`;
  }

  /** @param {string} text @param {string | null} [faq] the id of the FAQ entry that explains it */
  say(text, faq = null) {
    this.notice.replaceChildren(text);
    if (faq) this.notice.append(" ", faqLink(faq));
  }

  /** @param {Error & {kind?: string}} error */
  fail(error) {
    this.element.dataset.state = "error";
    const text = error && error.kind === "timeout" ? t("error.timeout") : t("error.boot", { detail: error ? error.message : "" });
    this.status.replaceChildren(h("span", { class: "error", role: "alert" }, text));
  }

  // Runs `job` after the previous one: taps are answered in order.
  /** @template T @param {() => Promise<T>} job @returns {Promise<T>} */
  serial(job) {
    this.jobs += 1;
    if (this.element.dataset.state === "idle") this.element.dataset.state = "busy";
    const run = this.queue.then(job);
    this.queue = run.catch(() => {}).then(() => {
      this.jobs -= 1;
      this.settle();
    });
    return run;
  }

  /** @param {Position} [position] @returns {Promise<Answer>} */
  set({ obf = null, moves = "" } = {}) {
    return this.serial(async () => {
      this.mode = "position";
      if (this.engine.gameListener === this.gameListener) this.engine.gameListener = null;
      this.origin = { obf, moves };
      this.marked.clear();
      /** @type {Answer} */
      const answer = await this.engine.ask({ type: "position", obf, moves });
      this.answer = answer;
      this.notice.replaceChildren();
      await this.draw(answer.view, false);
      this.options.onChange?.(answer, "set");
      return answer;
    });
  }

  reset() {
    return this.set(this.origin);
  }

  /** @param {string} square */
  tap(square) {
    this.board.setFocus(this.board.focusIndex, false);
    return this.play(square);
  }

  /** @param {string} square @returns {Promise<void>} */
  play(square) {
    if (this.mode === "game") return this.gameMove(square);
    if (!this.options.interactive) {
      this.say(t("learn.board.look"));
      return Promise.resolve();
    }
    return this.serial(async () => {
      if (!this.answer) return;
      /** @type {Answer & {type: "position" | "illegal", reason?: string}} */
      const reply = await this.engine.ask({ type: "position", obf: this.origin.obf, moves: this.answer.moves, play: square });
      /** @type {Attempt} */
      const attempt = reply.type === "illegal"
        ? { square, legal: false, reason: reply.reason, answer: null }
        : { square, legal: true, reason: null, answer: reply };
      const verdict = this.options.decide ? await this.options.decide(attempt) : true;
      if (verdict === true && attempt.legal) {
        this.answer = reply;
        const { square: placed, color, flipped } = reply.view.last;
        const text = t("announce.move", { color: colorName(color), square: placed, count: stones(flipped.length), flipped: flipped.join(" ") });
        const drawn = this.draw(reply.view, true);
        if (reply.view.pass) {
          const other = reply.view.pass.color === "black" ? "white" : "black";
          this.say(`${text} ${t("notice.pass", { color: colorName(reply.view.pass.color), other: colorName(other) })}`, FAQ.pass);
        } else this.say(text);
        await drawn;
        this.options.onChange?.(reply, "move");
      } else if (typeof verdict === "string") {
        this.refuse(square, verdict, attempt.legal ? null : FAQ[attempt.reason]);
      } else if (verdict !== false && !attempt.legal) {
        this.refuse(square, t(`reason.${attempt.reason}`, { square }), FAQ[attempt.reason]);
      }
    });
  }

  /** @param {string} square @param {string} text @param {string | null} faq */
  refuse(square, text, faq) {
    this.say(text, faq);
    const button = this.board.buttons.get(square);
    if (button) {
      button.classList.remove("refused");
      void button.offsetWidth;
      button.classList.add("refused");
    }
  }

  // --- a game against the computer, through the worker's session -------------

  /** @param {GameSetup} [setup] @returns {Promise<void>} */
  game({ level = "leicht", human = "black", obf = null, moves = "" } = {}) {
    return this.serial(async () => {
      this.mode = "game";
      this.thinking = false;
      this.gameListener = (message) => this.gameMessage(message);
      this.engine.gameListener = this.gameListener;
      this.notice.replaceChildren();
      await this.engine.sendGame({ type: "new", mode: "solo", level, human, obf, moves });
    });
  }

  /** @param {string} square */
  gameMove(square) {
    const view = this.answer && this.answer.view;
    if (!view) return Promise.resolve();
    if (view.result) {
      this.refuse(square, t("reason.game_over"), FAQ.game_over);
    } else if (this.thinking || view.players[view.turn] !== "human") {
      this.refuse(square, t("reason.not_your_turn"), null);
    } else {
      this.engine.sendGame({ type: "move", square });
    }
    return Promise.resolve();
  }

  /** @param {WorkerMessage} message */
  gameMessage(message) {
    this.serial(async () => {
      if (message.type === "thinking") {
        this.thinking = true;
        this.element.dataset.state = "thinking";
        this.status.textContent = t("status.thinking");
      } else if (message.type === "illegal") {
        this.refuse(message.square, t(`reason.${message.reason}`, { square: message.square }), FAQ[message.reason]);
      } else if (message.type === "view") {
        const { view, cause } = message;
        this.thinking = false;
        this.answer = { view };
        const animate = cause === "move" || cause === "computer";
        if (animate && view.last) {
          const { square, color, flipped } = view.last;
          const text = t("announce.move", { color: colorName(color), square, count: stones(flipped.length), flipped: flipped.join(" ") });
          if (view.pass) {
            const other = view.pass.color === "black" ? "white" : "black";
            this.say(`${text} ${t("notice.pass", { color: colorName(view.pass.color), other: colorName(other) })}`, FAQ.pass);
          } else this.say(text);
        }
        await this.draw(view, animate);
        if (view.turn && view.players[view.turn] === "computer" && !view.result) this.element.dataset.state = "thinking";
        this.options.onChange?.(this.answer, "game");
      } else if (message.type === "error") {
        this.fail(new Error(message.message));
      }
    });
  }
}
