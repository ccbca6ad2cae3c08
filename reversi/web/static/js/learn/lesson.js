// The lesson (/lernen, "Am Brett lernen"): a guided walk at one live board, as seed 000
// orders it – set legally, flip, pass, count – and then a short game against Leicht.
// Legality, flips, passes and results come from the engine (liveboard.js); a step only
// says which of the engine's answers it is looking for.
import { html, render } from "../core/lit.js";
import { colorName, t } from "../core/i18n.js";
import { LiveBoard } from "./liveboard.js";

/** @typedef {import("../core/types.js").Attempt} Attempt */
/**
 * What a step keeps while it runs (a fresh one for each start of the step).
 * @typedef {object} StepState
 * @property {LiveBoard} board
 * @property {Set<string>} found the squares found so far (step "find")
 * @property {boolean} passed the pass was seen (step "pass")
 * @property {(text: string, play?: boolean) => boolean} finish ends the step; returns `play`
 * @property {(text: string) => void} setTask
 */
/**
 * @typedef {object} Step
 * @property {string} key its texts: lesson.<key>.title/.task/.done
 * @property {string} [obf]
 * @property {string} [moves]
 * @property {boolean} [hints] false hides the dots
 * @property {boolean} [choice] the step asks who won
 * @property {import("../core/types.js").GameSetup & {obf: string}} [game] the step is a game from there
 * @property {(attempt: Attempt, step: StepState) => boolean | string} [decide]
 */

const PROGRESS = "reversi.lesson.v1";
const NEXT_STEP_MS = 1600; // time to read "well done" before the next step starts

const refuseWith = (/** @type {Attempt} */ attempt, /** @type {string} */ hint) => attempt.legal ? hint : `${t(`reason.${attempt.reason}`, { square: attempt.square })} ${hint}`;

// Each step: its texts (lesson.<key>.title/.task/.done), its position, and `decide`
// (see LiveBoard): true plays the tap, a string refuses it; `step.finish()` ends the step.
/** @type {Step[]} */
export const STEPS = [
  {
    key: "d3",
    decide: (attempt, step) => {
      if (attempt.legal && attempt.square === "d3") return step.finish(t("lesson.d3.done"));
      return refuseWith(attempt, attempt.legal ? t("lesson.d3.other", { square: attempt.square }) : t("lesson.d3.hint"));
    },
  },
  {
    key: "find", hints: false,
    decide: (attempt, step) => {
      const { square } = attempt;
      if (!attempt.legal) return refuseWith(attempt, t("lesson.find.hint"));
      if (square === "d3") return t("lesson.find.d3");
      if (step.found.has(square)) return t("lesson.find.again", { square });
      step.found.add(square);
      step.board.mark([square]);
      const flipped = attempt.answer.view.last.flipped.join(", ");
      if (step.found.size === 3) return step.finish(t("lesson.find.done", { square, flipped }), false);
      step.board.say(t("lesson.find.right", { square, flipped, left: 3 - step.found.size }));
      return false;
    },
  },
  {
    key: "lines", moves: "e6d6c3f4c4e3c6b7e2f3g3b4",
    decide: (attempt, step) => {
      if (!attempt.legal) return refuseWith(attempt, t("lesson.lines.hint"));
      const lines = step.board.answer.lines[attempt.square];
      if (lines < 2) return t("lesson.lines.one", { square: attempt.square });
      return step.finish(t("lesson.lines.done", { square: attempt.square, n: lines, flipped: attempt.answer.view.last.flipped.join(", ") }));
    },
  },
  {
    key: "gap", moves: "c4c5c6c3e6c7", hints: false,
    decide: (attempt, step) => {
      if (attempt.square === "b6") return refuseWith(attempt, t("lesson.gap.b6"));
      if (attempt.square !== "b4") return refuseWith(attempt, t("lesson.gap.hint"));
      return step.finish(t("lesson.gap.done"));
    },
  },
  {
    key: "pass", moves: "f5f6e6f4f3d6g4h4h5g2",
    decide: (attempt, step) => {
      if (step.passed) {
        if (!attempt.legal) return refuseWith(attempt, t("lesson.pass.again"));
        return step.finish(t("lesson.pass.done"));
      }
      if (!attempt.legal) return refuseWith(attempt, t("lesson.pass.hint"));
      if (!attempt.answer.view.pass) return t("lesson.pass.nopass", { square: attempt.square });
      step.passed = true;
      step.setTask(t("lesson.pass.task2"));
      return true;
    },
  },
  {
    key: "count", moves: "d3c3e6d2d1e1f1e3f2f4b4f5g3f3e2d7g4b3a3h3g5c4f7c8", choice: true,
    decide: (attempt) => refuseWith(attempt, t("lesson.count.hint")),
  },
  {
    key: "game", game: { level: "leicht", human: "black", obf: "XOOO--X--XOXOOX-OOXXOOOXOXXOXX-OOXOOXXO-O-OXXOOXOOOXXX-XO-O-OX-X X" },
  },
];

/** @returns {number} the step to go on with: the address's (#schritt-3), else the kept one */
function loadProgress() {
  const asked = /^#schritt-(\d+)$/.exec(location.hash);
  if (asked && Number(asked[1]) >= 1 && Number(asked[1]) <= STEPS.length) return Number(asked[1]) - 1;
  try {
    const saved = JSON.parse(localStorage.getItem(PROGRESS) || "{}");
    return Number.isInteger(saved.step) && saved.step >= 0 && saved.step <= STEPS.length ? saved.step : 0;
  } catch {
    return 0;
  }
}

/** @param {number} step */
function saveProgress(step) {
  try {
    localStorage.setItem(PROGRESS, JSON.stringify({ step }));
  } catch {
    // blocked storage: the lesson still works, it just starts over next time
  }
}

class Lesson {
  /** @param {HTMLElement} main */
  constructor(main) {
    this.main = main;
    this.index = loadProgress();
    this.task = "";
    this.feedback = "";
    this.finished = false;
    this.loaded = false;
    /** @type {StepState | null} */
    this.state = null;
    // the board starts at the kept step's position, so the start cross does not flash first
    const first = STEPS[this.index] ?? STEPS[0];
    this.board = new LiveBoard({
      obf: first.game ? first.game.obf : null, moves: first.moves ?? "",
      label: t("lesson.board"), typing: true, reset: false,
      decide: (attempt) => this.decide(attempt),
      onChange: (answer, cause) => this.changed(answer, cause),
    });
  }

  get step() {
    return STEPS[this.index];
  }

  /** @param {number} index */
  async start(index) {
    this.index = index;
    saveProgress(index);
    // the address names the step: a reload or a shared link comes back to it
    history.replaceState(null, "", index < STEPS.length ? `#schritt-${index + 1}` : location.pathname);
    this.finished = false;
    this.loaded = false;
    this.feedback = "";
    const step = this.step;
    if (!step) {
      this.draw();
      return;
    }
    // a step's own state lives on a fresh object, so restarting a step forgets it
    this.state = { board: this.board, found: new Set(), passed: false,
      finish: (text, play = true) => this.finish(text, play),
      setTask: (text) => { this.task = text; this.draw(); } };
    this.task = t(`lesson.${step.key}.task`);
    this.draw();
    // the task says whose turn it is; only the game shows the board's status line
    this.board.setOptions({ hints: step.hints !== false, status: !!step.game });
    if (step.game) {
      await this.board.set({ obf: step.game.obf });
      await this.board.game(step.game);
    } else {
      await this.board.set({ obf: step.obf ?? null, moves: step.moves ?? "" });
    }
    if (this.index === index) {
      this.loaded = true; // the step's position is drawn (the game's comes from the worker)
      this.draw();
    }
  }

  /**
   * @param {Attempt} attempt
   * @returns {boolean | string}
   */
  decide(attempt) {
    if (this.finished) return t("lesson.wait");
    return this.step.decide(attempt, this.state);
  }

  // The step is done: say so, then go on by itself. `play` says whether the tap that
  // finished it is drawn (a move) or not (the find step only marks squares).
  /** @param {string} text @param {boolean} [play] */
  finish(text, play = true) {
    this.finished = true;
    this.feedback = text;
    this.draw();
    this.board.say(text);
    const from = this.index;
    // a restart in the meantime wins: it cleared `finished`
    setTimeout(() => { if (this.finished && this.index === from) this.start(from + 1); }, NEXT_STEP_MS);
    return play;
  }

  /** @param {import("../core/types.js").Answer} answer @param {import("../core/types.js").Cause} cause */
  changed(answer, cause) {
    if (cause === "move" && this.finished) this.board.say(this.feedback);
    if (cause === "game" && answer.view.result && this.step?.game && !this.finished) {
      const r = answer.view.result;
      const text = r.winner === "black" ? t("lesson.game.won", r) : r.winner ? t("lesson.game.lost", { ...r, level: t("level.leicht") }) : t("lesson.game.draw", r);
      this.finish(text, true);
    }
  }

  /** @param {string} choice "black", "white" or "draw" */
  count(choice) {
    if (this.finished) return;
    const result = this.board.answer.view.result;
    const winner = result.winner ?? "draw";
    const params = { black: result.black, white: result.white, empty: 64 - result.black - result.white };
    if (choice === winner) {
      this.finish(t("lesson.count.done", params), false);
    } else {
      this.board.say(t("lesson.count.wrong", { ...params, choice: choice === "draw" ? t("lesson.count.draw") : t("lesson.count.win", { color: colorName(choice) }) }));
    }
  }

  restart() {
    this.start(0);
    /** @type {HTMLElement | null} */ (this.main.querySelector("#lesson-task"))?.focus();
  }

  draw() {
    const n = STEPS.length;
    const step = this.step;
    const done = !step;
    render(html`<article class="learn lesson" id="lesson" aria-labelledby="lesson-title"
        data-step=${done ? "done" : String(this.index + 1)} data-finished=${this.finished ? "yes" : "no"}
        data-loaded=${this.loaded ? "yes" : "no"}>
      <h1 id="lesson-title">${t("lesson.title")}</h1>
      <p class="lesson-intro">${t("lesson.intro")}</p>
      <div class="lesson-progress">
        <p id="lesson-step">${done ? t("lesson.progress.done", { n }) : t("lesson.progress", { i: this.index + 1, n })}</p>
        <progress max=${n} .value=${done ? n : this.index} aria-labelledby="lesson-step"></progress>
        <button type="button" id="lesson-restart" @click=${() => this.restart()}>${t("lesson.restart")}</button>
      </div>
      ${done ? html`<section class="lesson-done" aria-labelledby="lesson-done-h">
          <h2 id="lesson-done-h">${t("lesson.done.title")}</h2>
          <p>${t("lesson.done.text")}</p>
          <ul class="learn-links"><li><a href="/regeln">${t("learn.rules")}</a></li><li><a href="/tipps">${t("learn.tips")}</a></li>
            <li><a href="/eroeffnungen">${t("learn.openings")}</a></li><li><a href="/allein">${t("lesson.done.solo")}</a></li></ul>
        </section>`
      : html`<div class="lesson-body">
        <section class="lesson-text" aria-labelledby="lesson-step-title">
          <h2 id="lesson-step-title">${t(`lesson.${step.key}.title`)}</h2>
          <p id="lesson-task" tabindex="-1" aria-live="polite">${this.task}</p>
          ${step.choice ? html`<div class="lesson-choice" role="group" aria-label=${t("lesson.count.question")}>
            ${["black", "white", "draw"].map((c) => html`<button type="button" data-choice=${c} @click=${() => this.count(c)}>
              ${c === "draw" ? t("lesson.count.draw") : t("lesson.count.win", { color: colorName(c) })}</button>`)}</div>` : null}
          <p class="lesson-feedback">${this.feedback}</p>
        </section>
        <div class="lesson-board">${this.board.element}<p class="hint">${t("lesson.keys")}</p></div>
      </div>`}
    </article>`, this.main);
  }
}

/** @param {HTMLElement} main */
export function lessonPage(main) {
  document.title = `${t("lesson.title")} – ${t("hall.title")}`;
  main.replaceChildren();
  const lesson = new Lesson(main);
  lesson.start(lesson.index);
}
