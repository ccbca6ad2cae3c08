// /aufgaben: endgame puzzles from self-play, solved exactly by our solver
// (data/puzzles.json, tools/generate_puzzles.py). A wrong try is refused with its
// exact result; the rest can be played out against the exact solver.
import { html, render } from "../core/lit.js";
import { colorName, t } from "../core/i18n.js";
import { StudyBoard, loadData, useStyles } from "./common.js";
import { analysePath } from "../analyse/links.js";

const SOLVED_KEY = "reversi.aufgaben.geloest";
// Consecutive days walk through the set in this stride (coprime to its size).
const DAY_STRIDE = 7;

/** @typedef {import("../core/types.js").Attempt} Attempt */
/**
 * A puzzle of data/puzzles.json (tools/generate_puzzles.py): the moves from the start
 * to its position, the mover, the best move and every legal move's exact score.
 * @typedef {object} Puzzle
 * @property {string} id
 * @property {number} empties
 * @property {number} step its place among `steps` (1 = the fewest empties)
 * @property {import("../core/types.js").Color} turn
 * @property {string} moves
 * @property {string} position the position as OBF
 * @property {"win" | "best"} kind
 * @property {string} answer
 * @property {number} score the answer's
 * @property {Record<string, number>} scores
 */
/** @typedef {{steps: number[], games_played: number, puzzles: Puzzle[]}} PuzzlesData */

export function berlinDay(now = new Date()) {
  const [y, m, d] = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Berlin" })
    .format(now).split("-").map(Number);
  return { iso: `${y}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`, number: Date.UTC(y, m - 1, d) / 86400000 };
}

/** @param {number} n */
function stride(n) {
  let s = DAY_STRIDE;
  /** @type {(a: number, b: number) => number} */
  const gcd = (a, b) => (b ? gcd(b, a % b) : a);
  while (gcd(s, n) !== 1) s += 1;
  return s;
}

/** @param {Puzzle[]} puzzles @param {{number: number}} [day] */
export function puzzleOfTheDay(puzzles, day = berlinDay()) {
  return puzzles[(day.number * stride(puzzles.length)) % puzzles.length];
}

/** @returns {Set<string>} */
function solvedIds() {
  try {
    return new Set(JSON.parse(localStorage.getItem(SOLVED_KEY) || "[]"));
  } catch {
    return new Set();
  }
}

/** @param {string} id */
function markSolved(id) {
  const ids = solvedIds();
  ids.add(id);
  try {
    localStorage.setItem(SOLVED_KEY, JSON.stringify([...ids]));
  } catch {
    // private mode: the puzzle counts as solved until the page is left
  }
}

// The exact result of a move for the side to move, as the end of a sentence that
// begins "Mit g8 …" or "Damit …": "gewinnt Ebenholz mit 6 Steinen Vorsprung" …
/** @param {number} score @param {string} turn the side to move ("black" or "white") */
function resultText(score, turn) {
  if (score === 0) return t("puzzles.result.draw");
  const key = score > 0 ? "puzzles.result.win" : "puzzles.result.loss";
  const n = Math.abs(score);
  return t(n === 1 ? `${key}.one` : key, { n, color: colorName(turn) });
}

class PuzzlesPage {
  /** @param {HTMLElement} root @param {PuzzlesData} data */
  constructor(root, data) {
    this.root = root;
    this.data = data;
    this.puzzles = data.puzzles;
    this.today = puzzleOfTheDay(this.puzzles);
    this.solved = solvedIds();
    /** @type {Puzzle | null} */
    this.puzzle = null;
    /** @type {"solve" | "solved" | "playout"} */
    this.phase = "solve";
    /** @type {string | null} the last refused square */
    this.wrong = null;
    /** @type {{ok: boolean | null, text: string} | null} */
    this.feedback = null;
    this.board = new StudyBoard({
      label: t("puzzles.board.label"),
      typing: true, // the page's one board: typing "g", "7" plays g7
      decide: (attempt) => this.decide(attempt),
      onChange: (answer, cause) => this.changed(answer, cause),
    });
  }

  /** @param {Puzzle} puzzle */
  number(puzzle) {
    return this.puzzles.filter((p) => p.step === puzzle.step).indexOf(puzzle) + 1;
  }

  /** @param {Puzzle} puzzle */
  task(puzzle) {
    const color = colorName(puzzle.turn);
    return puzzle.kind === "win" ? t("puzzles.task.win", { color }) : t("puzzles.task.best", { color });
  }

  /** @param {Puzzle} puzzle @param {boolean} [focus] */
  async open(puzzle, focus = false) {
    this.puzzle = puzzle;
    this.phase = "solve";
    this.wrong = null;
    this.feedback = null;
    history.replaceState(null, "", `#${puzzle.id}`);
    this.update();
    await this.board.set({ moves: puzzle.moves });
    if (focus) /** @type {HTMLElement} */ (this.root.querySelector("#puzzle-heading")).focus();
  }

  /** @param {Attempt} attempt */
  decide(attempt) {
    if (this.phase !== "solve" || !attempt.legal) return true;
    const puzzle = this.puzzle;
    const score = puzzle.scores[attempt.square];
    if (attempt.square === puzzle.answer) {
      this.phase = "solved";
      markSolved(puzzle.id);
      this.solved.add(puzzle.id);
      this.feedback = { ok: true, text: t("puzzles.right", { square: attempt.square, result: resultText(score, puzzle.turn) }) };
      this.update();
      return true;
    }
    // the board says it (under the board, read by screen readers); the play-out button appears
    this.wrong = attempt.square;
    this.feedback = null;
    this.update();
    return t("puzzles.wrong", { square: attempt.square, result: resultText(score, puzzle.turn) });
  }

  /** @param {import("../core/types.js").Answer} answer @param {import("../core/types.js").Cause} cause */
  changed(answer, cause) {
    if (cause === "game" && answer.view.result) this.update();
  }

  // The rest of the game from the puzzle after `square`, against the exact solver.
  /** @param {string} square */
  async playOut(square) {
    const puzzle = this.puzzle;
    this.phase = "playout";
    this.feedback = { ok: null, text: t("puzzles.playout.started", { square }) };
    this.update();
    await this.board.game({ level: "schwer", human: puzzle.turn, moves: puzzle.moves + square, exact: true });
  }

  async again() {
    await this.open(this.puzzle, true);
  }

  showAnswer() {
    this.phase = "solved";
    this.feedback = { ok: null, text: t("puzzles.answer", { square: this.puzzle.answer, result: resultText(this.puzzle.score, this.puzzle.turn) }) };
    this.update();
    this.board.set({ moves: this.puzzle.moves + this.puzzle.answer });
  }

  stepList() {
    return this.data.steps.map((empties, i) => {
      const step = i + 1;
      const inStep = this.puzzles.filter((p) => p.step === step);
      const done = inStep.filter((p) => this.solved.has(p.id)).length;
      return html`<li class="puzzle-step"><h3 id="step-${step}">${t("puzzles.step", { step, empties })}</h3>
        <p class="step-done">${t("puzzles.step.done", { done, n: inStep.length })}</p>
        <ul class="puzzle-buttons" aria-labelledby="step-${step}">${inStep.map((p, k) => {
          const solved = this.solved.has(p.id);
          const label = t(solved ? "puzzles.button.solved" : "puzzles.button", { n: k + 1, step });
          return html`<li><button type="button" class="puzzle-button" data-puzzle=${p.id} data-solved=${solved ? "true" : "false"}
            aria-label=${label} aria-current=${this.puzzle === p ? "true" : "false"} @click=${() => this.open(p, true)}>${k + 1}${solved ? " ✓" : ""}</button></li>`;
        })}</ul></li>`;
    });
  }

  actions() {
    const p = this.puzzle;
    if (!p) return "";
    const buttons = [];
    if (this.phase === "solve" && this.wrong) {
      buttons.push(html`<button type="button" id="play-wrong" @click=${() => this.playOut(this.wrong)}>${t("puzzles.playout.wrong", { square: this.wrong })}</button>`);
    }
    if (this.phase === "solve") buttons.push(html`<button type="button" id="show-answer" @click=${() => this.showAnswer()}>${t("puzzles.show")}</button>`);
    if (this.phase === "solved") {
      buttons.push(html`<button type="button" class="primary" id="play-out" @click=${() => this.playOut(p.answer)}>${t("puzzles.playout", { square: p.answer })}</button>`);
    }
    if (this.phase !== "solve" || this.wrong) buttons.push(html`<button type="button" id="again" @click=${() => this.again()}>${t("puzzles.again")}</button>`);
    if (this.phase !== "solve") buttons.push(html`<a class="button-link" id="to-analyse" href=${analysePath({ obf: p.position })}>${t("analyse.open")}</a>`);
    return buttons;
  }

  update() {
    const p = this.puzzle;
    const view = this.board.answer && this.board.answer.view;
    const over = this.phase === "playout" && view && view.result;
    render(html`
      <article class="study puzzles" aria-labelledby="puzzles-heading">
        <h1 id="puzzles-heading">${t("puzzles.heading")}</h1>
        <p class="lead">${t("puzzles.lead")}</p>
        <section class="puzzle" aria-labelledby="puzzle-heading" data-puzzle=${p ? p.id : ""} data-phase=${this.phase}>
          <h2 id="puzzle-heading" tabindex="-1">${p ? t(p === this.today ? "puzzles.title.today" : "puzzles.title", { step: p.step, n: this.number(p), empties: p.empties }) : ""}</h2>
          ${p ? html`<p class="puzzle-task" id="puzzle-task">${this.task(p)}</p>` : ""}
          <div class="puzzle-body">
            ${this.board.element}
            <div class="puzzle-side">
              <div class="puzzle-feedback" id="puzzle-feedback" role="status" aria-live="polite">
                ${this.feedback ? html`<p class=${this.feedback.ok === true ? "ok" : this.feedback.ok === false ? "wrong" : ""}>${this.feedback.text}</p>` : ""}
                ${over ? html`<p>${t("puzzles.playout.over")}</p>` : ""}
              </div>
              <p class="puzzle-actions">${this.actions()}</p>
            </div>
          </div>
        </section>
        <section class="puzzle-about" aria-labelledby="about-heading">
          <h2 id="about-heading">${t("puzzles.about")}</h2>
          ${t("puzzles.intro").split("\n\n").map((text) => html`<p>${text}</p>`)}
        </section>
        <section class="puzzle-index" aria-labelledby="index-heading">
          <h2 id="index-heading">${t("puzzles.index")}</h2>
          <p><button type="button" id="go-today" @click=${() => this.open(this.today, true)}>${t("puzzles.today", { date: berlinDay().iso })}</button></p>
          <ol class="puzzle-steps">${this.stepList()}</ol>
        </section>
        <p class="source">${t("puzzles.source", { games: this.data.games_played })}</p>
      </article>`, this.root);
  }
}

/** @param {HTMLElement} root */
export async function puzzlesPage(root) {
  useStyles();
  document.title = `${t("puzzles.heading")} – ${t("hall.title")}`;
  /** @type {PuzzlesData} */
  const data = await loadData("puzzles");
  root.replaceChildren();
  const page = new PuzzlesPage(root, data);
  const wanted = data.puzzles.find((p) => p.id === decodeURIComponent(location.hash.slice(1)));
  await page.open(wanted || page.today);
}
