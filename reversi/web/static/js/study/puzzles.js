// /aufgaben: puzzles mined from the engine's self-play (data/puzzles.json, tools/puzzles,
// docs/puzzles.md): endgames solved exactly, midgames by deep search. A wrong try is
// refused with its result; the first try at each puzzle is rated (puzzleprogress.js). The
// page offers the puzzle of the day, a custom mix by themes and steps, a streak, and the
// player's strong and weak themes. Everything runs on the device; attempts sync online.
import { html, render } from "../core/lit.js";
import { colorName, t } from "../core/i18n.js";
import { StudyBoard, loadData, useStyles } from "./common.js";
import { analysePath } from "../analyse/links.js";
import { attempts, bestStreak, noteStreak, provisional, puzzleRating, record, syncPuzzles, themeResults, THEME_MINIMUM } from "./puzzleprogress.js";
import { berlinDay, inMix, pickFrom, puzzleOfTheDay, streakPuzzle } from "./puzzlepick.js";

export { berlinDay, puzzleOfTheDay };

/** @typedef {import("../core/types.js").Attempt} Attempt */
/**
 * A puzzle of data/puzzles.json (tools/puzzles/build.py): the moves from the start to its
 * position, the mover, the answer and every legal move's score (exact in the endgame,
 * the deep search's estimate in the midgame), its themes, rating and step (1–5).
 * @typedef {object} Puzzle
 * @property {string} id
 * @property {string} moves
 * @property {import("../core/types.js").Color} turn
 * @property {number} empties
 * @property {"endgame" | "midgame"} phase
 * @property {"win" | "best"} kind
 * @property {string} answer
 * @property {number} score the answer's
 * @property {Record<string, number>} scores
 * @property {string[]} themes
 * @property {number} rating
 * @property {number} step
 */
/** @typedef {{themes: string[], games_played: number, puzzles: Puzzle[]}} PuzzlesData */

// The exact result of a move for the side to move, as the end of a sentence that
// begins "Mit g8 …" or "Damit …": "gewinnt Ebenholz mit 6 Steinen Vorsprung" …
/** @param {number} score @param {string} turn the side to move ("black" or "white") */
function resultText(score, turn) {
  if (score === 0) return t("puzzles.result.draw");
  const key = score > 0 ? "puzzles.result.win" : "puzzles.result.loss";
  const n = Math.abs(score);
  return t(n === 1 ? `${key}.one` : key, { n, color: colorName(turn) });
}

// The key of a text about `n` things: its ".one" form for one.
/** @param {string} key @param {number} n */
const counted = (key, n) => (n === 1 ? `${key}.one` : key);

/** @param {Puzzle} p */
const margin = (p) => p.score - Math.max(...Object.entries(p.scores).filter(([sq]) => sq !== p.answer).map(([, s]) => s));

class PuzzlesPage {
  /** @param {HTMLElement} root @param {PuzzlesData} data */
  constructor(root, data) {
    this.root = root;
    this.data = data;
    this.puzzles = data.puzzles;
    this.byId = new Map(this.puzzles.map((p) => [p.id, p]));
    this.today = puzzleOfTheDay(this.puzzles);
    /** @type {Puzzle | null} */
    this.puzzle = null;
    /** @type {"solve" | "solved" | "playout"} */
    this.phase = "solve";
    this.tried = false;
    /** @type {string | null} the last refused square */
    this.wrong = null;
    /** @type {{ok: boolean | null, text: string} | null} */
    this.feedback = null;
    /** @type {"day" | "mix" | "streak"} */
    this.mode = "day";
    /** @type {{themes: string[], steps: number[]}} */
    this.mix = { themes: [], steps: [] };
    this.streak = { solved: 0, over: false, used: new Set() };
    this.online = true;
    this.board = new StudyBoard({
      label: t("puzzles.board.label"),
      typing: true, // the page's one board: typing "g", "7" plays g7
      decide: (attempt) => this.decide(attempt),
      onChange: (answer, cause) => this.changed(answer, cause),
    });
  }

  async sync() {
    this.online = await syncPuzzles();
    this.update();
  }

  /** @param {Puzzle} puzzle */
  task(puzzle) {
    const color = colorName(puzzle.turn);
    if (puzzle.phase === "midgame") return t("puzzles.task.mid", { color });
    return puzzle.kind === "win" ? t("puzzles.task.win", { color }) : t("puzzles.task.best", { color });
  }

  /** @param {Puzzle} puzzle @param {string} square */
  verdict(puzzle, square) {
    if (puzzle.phase === "endgame") return resultText(puzzle.scores[square], puzzle.turn);
    return t("puzzles.estimate", { n: Math.round(puzzle.score - puzzle.scores[square]) });
  }

  /** @param {Puzzle} puzzle @param {boolean} [focus] */
  async open(puzzle, focus = false) {
    this.puzzle = puzzle;
    this.phase = "solve";
    this.tried = false;
    this.wrong = null;
    this.feedback = null;
    history.replaceState(null, "", `#${puzzle.id}`);
    this.update();
    await this.board.set({ moves: puzzle.moves });
    if (focus) /** @type {HTMLElement} */ (this.root.querySelector("#puzzle-heading")).focus();
  }

  // The first try at a puzzle is its rated attempt; in a streak a miss ends the streak.
  /** @param {boolean} ok */
  attempted(ok) {
    if (this.tried) return;
    this.tried = true;
    record(this.puzzle.id, ok);
    if (this.mode === "streak" && !this.streak.over) {
      if (ok) this.streak.solved += 1;
      else this.streak.over = true;
      noteStreak(this.streak.solved);
    }
    this.sync();
  }

  /** @param {Attempt} attempt */
  decide(attempt) {
    if (this.phase !== "solve" || !attempt.legal) return true;
    const puzzle = this.puzzle;
    const right = attempt.square === puzzle.answer;
    this.attempted(right);
    if (right) {
      this.phase = "solved";
      const text = puzzle.phase === "endgame"
        ? t("puzzles.right", { square: attempt.square, result: resultText(puzzle.score, puzzle.turn) })
        : t("puzzles.right.mid", { square: attempt.square, n: margin(puzzle) });
      this.feedback = { ok: true, text };
      this.update();
      return true;
    }
    // the board says it (under the board, read by screen readers); the play-out button appears
    this.wrong = attempt.square;
    this.feedback = null;
    this.update();
    const key = puzzle.phase === "endgame" ? "puzzles.wrong" : "puzzles.wrong.mid";
    return t(key, { square: attempt.square, result: this.verdict(puzzle, attempt.square) });
  }

  /** @param {import("../core/types.js").Answer} answer @param {import("../core/types.js").Cause} cause */
  changed(answer, cause) {
    if (cause === "game" && answer.view.result) this.update();
  }

  // The rest of the game from the puzzle after `square`, against Schwer (exact when it can).
  /** @param {string} square */
  async playOut(square) {
    const puzzle = this.puzzle;
    this.phase = "playout";
    this.feedback = { ok: null, text: t("puzzles.playout.started", { square }) };
    this.update();
    await this.board.game({ level: "schwer", human: puzzle.turn, moves: puzzle.moves + square, exact: true });
  }

  showAnswer() {
    const p = this.puzzle;
    this.attempted(false);
    this.phase = "solved";
    const text = p.phase === "endgame"
      ? t("puzzles.answer", { square: p.answer, result: resultText(p.score, p.turn) })
      : t("puzzles.answer.mid", { square: p.answer, n: margin(p) });
    this.feedback = { ok: null, text };
    this.update();
    this.board.set({ moves: p.moves + p.answer });
  }

  triedIds() {
    return new Set(attempts().map((a) => a.puzzle));
  }

  /** @param {"mix" | "streak"} mode @param {string[]} [themes] only these themes */
  start(mode, themes) {
    this.mode = mode;
    if (themes) this.mix = { themes, steps: [] };
    this.streak = { solved: 0, over: false, used: new Set() };
    this.next();
  }

  next() {
    let puzzle;
    if (this.mode === "streak") {
      puzzle = streakPuzzle(inMix(this.puzzles, this.mix), this.streak.solved, this.streak.used);
      if (puzzle) this.streak.used.add(puzzle.id);
    } else {
      puzzle = pickFrom(inMix(this.puzzles, this.mix), this.triedIds());
    }
    if (puzzle) this.open(puzzle, true);
  }

  /** @param {"themes" | "steps"} field @param {string | number} value @param {boolean} on */
  choose(field, value, on) {
    const list = /** @type {(string | number)[]} */ (this.mix[field]).filter((v) => v !== value);
    if (on) list.push(value);
    this.mix = { ...this.mix, [field]: list };
    this.update();
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
    const ended = this.mode === "streak" && this.streak.over;
    if (this.mode !== "day" && !ended && (this.phase !== "solve" || this.wrong)) {
      buttons.push(html`<button type="button" class="primary" id="next-puzzle" @click=${() => this.next()}>${t("puzzles.next")}</button>`);
    }
    if (this.phase !== "solve" || this.wrong) buttons.push(html`<button type="button" id="again" @click=${() => this.open(p, true)}>${t("puzzles.again")}</button>`);
    if (this.phase !== "solve") buttons.push(html`<a class="button-link" id="to-analyse" href=${analysePath({ tree: p.moves })}>${t("analyse.open")}</a>`);
    return buttons;
  }

  ratingPart() {
    const rating = puzzleRating(attempts(), this.byId);
    const value = Math.round(rating.value);
    const deviation = Math.round(rating.deviation);
    const text = rating.games === 0
      ? t("puzzles.rating.none")
      : t(counted(provisional(rating) ? "puzzles.rating.provisional" : "puzzles.rating.value", rating.games), { value, deviation, n: rating.games });
    return html`<section class="puzzle-rating" aria-labelledby="rating-heading">
      <h2 id="rating-heading">${t("puzzles.rating.heading")}</h2>
      <p id="puzzle-rating" data-value=${rating.games ? value : ""}>${text}</p>
      ${this.online ? "" : html`<p id="puzzle-offline">${t("puzzles.sync.offline")}</p>`}
      <p class="source">${t("puzzles.rating.about")}</p></section>`;
  }

  trainPart() {
    const pool = inMix(this.puzzles, this.mix);
    const status = this.mode === "streak"
      ? t(this.streak.over ? counted("puzzles.streak.over", this.streak.solved) : "puzzles.streak.running", { n: this.streak.solved, best: bestStreak() })
      : "";
    return html`<section class="puzzle-train" aria-labelledby="train-heading">
      <h2 id="train-heading">${t("puzzles.train.heading")}</h2>
      <fieldset><legend>${t("puzzles.train.themes")}</legend>${this.data.themes.map((theme) => html`
        <label><input type="checkbox" name="theme" value=${theme} .checked=${this.mix.themes.includes(theme)}
          @change=${(/** @type {Event} */ e) => this.choose("themes", theme, /** @type {HTMLInputElement} */ (e.target).checked)}> ${t(`puzzles.theme.${theme}`)}</label>`)}
      </fieldset>
      <fieldset><legend>${t("puzzles.train.steps")}</legend>${[1, 2, 3, 4, 5].map((step) => html`
        <label><input type="checkbox" name="step" value=${step} .checked=${this.mix.steps.includes(step)}
          @change=${(/** @type {Event} */ e) => this.choose("steps", step, /** @type {HTMLInputElement} */ (e.target).checked)}> ${t("puzzles.train.step", { step })}</label>`)}
      </fieldset>
      <p id="mix-count" aria-live="polite">${t(pool.length ? counted("puzzles.train.count", pool.length) : "puzzles.train.count.none", { n: pool.length })}</p>
      <p class="puzzle-actions">
        <button type="button" id="start-mix" ?disabled=${!pool.length} @click=${() => this.start("mix")}>${t("puzzles.train.mix")}</button>
        <button type="button" id="start-streak" ?disabled=${!pool.length} @click=${() => this.start("streak")}>${t("puzzles.train.streak")}</button>
        <button type="button" id="go-today" @click=${() => { this.mode = "day"; this.open(this.today, true); }}>${t("puzzles.today", { date: berlinDay().iso })}</button>
      </p>
      <p class="source">${t("puzzles.train.streak.about")}</p>
      ${status ? html`<p id="streak-status" role="status">${status}</p>` : ""}</section>`;
  }

  themesPart() {
    const results = themeResults(attempts(), this.byId, this.data.themes);
    return html`<section class="puzzle-themes" aria-labelledby="themes-heading">
      <h2 id="themes-heading">${t("puzzles.themes.heading")}</h2>
      <p>${t("puzzles.themes.lead", { min: THEME_MINIMUM })}</p>
      <ul class="theme-list">${results.map((r) => html`<li class="theme" data-theme=${r.theme} data-verdict=${r.verdict}>
        <span class="theme-name">${t(`puzzles.theme.${r.theme}`)}</span>
        <span class="theme-result">${r.tried ? t("puzzles.themes.result", { solved: r.solved, tried: r.tried }) : t("puzzles.themes.untried")}${r.verdict ? html` · <strong>${t(`puzzles.themes.${r.verdict}`)}</strong>` : ""}</span>
        <span class="theme-about">${t(`puzzles.theme.${r.theme}.about`)}</span>
        <button type="button" class="theme-practise" @click=${() => this.start("mix", [r.theme])}>${t("puzzles.themes.practise", { theme: t(`puzzles.theme.${r.theme}`) })}</button></li>`)}</ul></section>`;
  }

  update() {
    const p = this.puzzle;
    const view = this.board.answer && this.board.answer.view;
    const over = this.phase === "playout" && view && view.result;
    const themes = p ? p.themes.map((theme) => t(`puzzles.theme.${theme}`)).join(", ") : "";
    render(html`
      <article class="study puzzles" aria-labelledby="puzzles-heading">
        <h1 id="puzzles-heading">${t("puzzles.heading")}</h1>
        <p class="lead">${t("puzzles.lead")}</p>
        <section class="puzzle" aria-labelledby="puzzle-heading" data-puzzle=${p ? p.id : ""} data-phase=${this.phase}>
          <h2 id="puzzle-heading" tabindex="-1">${p ? t(p === this.today ? "puzzles.title.today" : "puzzles.title", { step: p.step, empties: p.empties }) : ""}</h2>
          ${p ? html`<p class="puzzle-meta" id="puzzle-meta">${t(themes && this.phase !== "solve" ? "puzzles.meta" : "puzzles.meta.none", { themes, rating: p.rating })}</p>
            <p class="puzzle-task" id="puzzle-task">${this.task(p)}</p>` : ""}
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
        ${this.trainPart()}
        ${this.ratingPart()}
        ${this.themesPart()}
        <section class="puzzle-about" aria-labelledby="about-heading">
          <h2 id="about-heading">${t("puzzles.about")}</h2>
          ${t("puzzles.intro").split("\n\n").map((text) => html`<p>${text}</p>`)}
        </section>
        <p class="source">${t("puzzles.source", { games: this.data.games_played, n: this.puzzles.length })}</p>
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
  const wanted = () => page.byId.get(decodeURIComponent(location.hash.slice(1)));
  await page.open(wanted() || page.today);
  page.sync();
  // while this page is shown: sync when the device is online again, open a linked puzzle
  const here = () => root.isConnected && !!root.querySelector(".puzzles");
  const online = () => (here() ? page.sync() : removeEventListener("online", online));
  const linked = () => {
    if (!here()) return removeEventListener("hashchange", linked);
    const puzzle = wanted();
    if (puzzle && puzzle !== page.puzzle) page.open(puzzle, true);
  };
  addEventListener("online", online);
  addEventListener("hashchange", linked);
}
