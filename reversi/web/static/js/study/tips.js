// /tipps: strategy tips, each at a live board where the reader tries the good and
// the weak move and sees what Schwer's analysis in the worker thinks of both.
import { html, render } from "../core/lit.js";
import { colorName, t } from "../core/i18n.js";
import { StudyBoard, analyse, kindText, scoreText, useStyles } from "./common.js";

/** @typedef {import("../core/lit.js").TemplateResult} TemplateResult */
/** @typedef {{moves: string, good: string, weak: string}} TipSpec */
/** @typedef {{id: string, boards: TipSpec[]}} Tip */

// Positions from self-play games of the levels (moves from the start); `good` and
// `weak` are the two moves the text compares. The verdicts come from the worker.
/** @type {Tip[]} */
export const TIPS = [
  { id: "ecken", boards: [{ moves: "d3c3c4e3f4c5e2e1b4a3f1g4f3g3d1e6f5g5g6f2g1", good: "h1", weak: "g2" }] },
  {
    id: "xc",
    boards: [
      { moves: "d3c5f6e3f3f4f5g4g3g5h5h3h6g6", good: "e6", weak: "g7" },
      { moves: "d3c5f6e3f3f4f5g4g3g5h5h3h6g6e6c2c6e7h7d6f7h2d8d2d7f8", good: "e8", weak: "g8" },
    ],
  },
  { id: "beweglichkeit", boards: [{ moves: "d3c5f6e3f3f4f5g4g3g5h5h3", good: "h6", weak: "b5" }] },
  { id: "front", boards: [{ moves: "d3e3f4c3d2e2f3g3e1d1c1d6f2g1", good: "c2", weak: "d7" }] },
  { id: "kanten", boards: [{ moves: "d3c3c4e3f2c5f4e2d2c2b3d1e1f1c1b1b4b5f6a2a3", good: "a4", weak: "a5" }] },
  { id: "paritaet", boards: [{ moves: "d3c3c4e3f2c5f4e2d2c2b3d1e1f1c1b1b4b5f6a2a3a4d6g3c6f3a6b6h3c7a5a7d7e8c8d8f8e7e6g5h4f7f5g4g8h6g6b7b8h5h7g2", good: "h2", weak: "b2" }] },
  { id: "stabil", boards: [{ moves: "f5d6c4g5d7c7h5d8b8b7b6a5e7f6f7h4h3f8g7f4g6h8g4g3h7", good: "g8", weak: "d3" }] },
];

const ANALYSIS_SECONDS = 1;

/** @param {string} key */
function paragraphs(key) {
  return t(key).split("\n\n").map((text) => html`<p>${text}</p>`);
}

// One tip board: the position, two buttons to try the moves, and the verdicts.
class TipBoard {
  /** @param {Tip} tip @param {TipSpec} spec @param {number} index the board's among the tip's */
  constructor(tip, spec, index) {
    this.spec = spec;
    this.id = `${tip.id}-${index + 1}`;
    this.verdict = document.createElement("div");
    this.verdict.className = "tip-verdict";
    this.verdict.setAttribute("aria-live", "polite");
    this.board = new StudyBoard({
      moves: spec.moves,
      label: t("tips.board.label", { title: t(`tips.${tip.id}.title`), n: index + 1 }),
      decide: (attempt) => this.decide(attempt),
    });
    this.board.element.dataset.tip = this.id;
    this.board.ready.then(() => this.prefetch(), () => {});
  }

  get turn() {
    return this.board.answer ? this.board.answer.view.turn : null;
  }

  prefetch() {
    analyse({ moves: this.spec.moves }, ANALYSIS_SECONDS).catch(() => {});
  }

  // Every legal try is played (the reader sees the flips); the verdicts come first.
  /** @param {import("../core/types.js").Attempt} attempt */
  async decide(attempt) {
    if (!attempt.legal) return true; // the board explains the refusal itself
    const color = this.turn;
    this.renderVerdict(html`<p>${t("tips.thinking")}</p>`);
    /** @type {Record<string, import("./common.js").Score>} */
    let scores;
    try {
      scores = await analyse({ moves: this.spec.moves }, ANALYSIS_SECONDS);
    } catch (error) {
      this.renderVerdict(html`<p class="error">${t("tips.analysis.failed", { detail: error.message })}</p>`);
      return true;
    }
    const line = (/** @type {string} */ square, /** @type {string} */ role) => {
      const entry = scores[square];
      return html`<li data-square=${square} data-score=${entry.score}>
        <strong>${t(`tips.role.${role}`, { square })}</strong>
        ${scoreText(entry.score, color)} <span class="tip-kind">(${kindText(entry)})</span></li>`;
    };
    const { good, weak } = this.spec;
    const tried = attempt.square;
    const others = tried === good || tried === weak ? [] : [line(tried, "tried")];
    this.renderVerdict(html`
      <p>${t("tips.verdict.intro", { color: colorName(color) })}</p>
      <ul class="tip-scores">${others}${line(good, "good")}${line(weak, "weak")}</ul>
      <p class="tip-after">${t(tried === good ? "tips.verdict.good" : tried === weak ? "tips.verdict.weak" : "tips.verdict.other")}</p>`);
    return true;
  }

  /** @param {TemplateResult} content */
  renderVerdict(content) {
    render(content, this.verdict);
  }

  /** @param {string} square */
  async tryMove(square) {
    await this.board.reset();
    await this.board.play(square);
  }

  template() {
    const { good, weak } = this.spec;
    return html`
      <figure class="tip-board">
        ${this.board.element}
        <figcaption>
          <p>${t("tips.try", { good, weak })}</p>
          <p class="tip-buttons">
            <button type="button" @click=${() => this.tryMove(good)}>${t("tips.button.try", { square: good })}</button>
            <button type="button" @click=${() => this.tryMove(weak)}>${t("tips.button.try", { square: weak })}</button>
          </p>
          ${this.verdict}
        </figcaption>
      </figure>`;
  }
}

/** @param {HTMLElement} root */
export function tipsPage(root) {
  useStyles();
  document.title = `${t("tips.heading")} – ${t("hall.title")}`;
  root.replaceChildren();
  const sections = TIPS.map((tip) => ({ tip, boards: tip.boards.map((spec, i) => new TipBoard(tip, spec, i)) }));
  render(html`
    <article class="study tips" aria-labelledby="tips-heading">
      <h1 id="tips-heading">${t("tips.heading")}</h1>
      ${paragraphs("tips.intro")}
      <nav class="study-toc" aria-label=${t("tips.toc")}>
        <ol>${TIPS.map((tip) => html`<li><a href="#${tip.id}">${t(`tips.${tip.id}.title`)}</a></li>`)}</ol>
      </nav>
      ${sections.map(({ tip, boards }) => html`
        <section class="tip" id=${tip.id} aria-labelledby="${tip.id}-heading">
          <h2 id="${tip.id}-heading">${t(`tips.${tip.id}.title`)}</h2>
          ${paragraphs(`tips.${tip.id}.text`)}
          ${boards.map((board) => board.template())}
        </section>`)}
      <p class="study-more">${t("tips.more")} <a href="/eroeffnungen">${t("openings.heading")}</a> · <a href="/aufgaben">${t("puzzles.heading")}</a></p>
    </article>`, root);
}
