// /aus-fehlern-lernen: the player's own Fehler and Patzer, one position at a time
// (drill.js keeps them and says which are due). A tapped move is scored by the worker's
// analysis of the position (`analyse`, 2 s); within MARGIN discs of the best move it is
// solved (so is the best move of the game's analysis), else the page rings the best move
// and writes the line expected after it. Works offline: the worker and the device; the
// progress is exchanged with the server (drillsync.js) at the start and after each answer.
import { BoardView } from "../board/board.js";
import { config } from "../core/config.js";
import { colorName, t } from "../core/i18n.js";
import { html, nothing, render } from "../core/lit.js";
import { sharedEngine } from "../core/shared_engine.js";
import { valueText } from "./board.js";
import { MARGIN, allItems, answer, dueItems } from "./drill.js";
import { syncDrill } from "./drillsync.js";

/** how long the page waits for the server's progress before it asks from the device's */
const SYNC_WAIT_MS = 2500;

/** @param {HTMLElement} main */
export function drillPage(main) {
  new DrillPage(main).start();
}

class DrillPage {
  /** @param {HTMLElement} main */
  constructor(main) {
    this.main = main;
    this.engine = sharedEngine();
    this.board = new BoardView({ onPlay: (square) => this.tap(square) });
    /** @type {import("./drill.js").Item | null} */
    this.item = null;
    /** @type {"loading" | "ask" | "checking" | "solved" | "missed" | "none"} */
    this.phase = "loading";
    this.feedback = "";
    /** the best move's expected line after a miss */
    this.line = "";
    this.view = null;
  }

  async start() {
    document.title = `${t("drill.title")} – ${t("hall.title")}`;
    document.head.append(Object.assign(document.createElement("link"), { rel: "stylesheet", href: `${config.app}css/analyse.css` }));
    const synced = syncDrill();
    await Promise.race([synced, new Promise((resolve) => { setTimeout(resolve, SYNC_WAIT_MS); })]);
    await this.next();
    // a late answer of the server: new items show at once when nothing was asked yet
    synced.then(() => (this.phase === "none" ? this.next() : this.update()));
  }

  async next() {
    this.item = dueItems()[0] || null;
    this.feedback = "";
    this.line = "";
    this.ring(null);
    if (!this.item) {
      this.phase = "none";
      return this.update();
    }
    this.phase = "loading";
    this.update();
    const position = await this.engine.ask({ type: "position", obf: this.item.obf });
    this.view = position.view;
    this.phase = "ask";
    this.board.show(position.view, false);
    this.update();
  }

  /** @param {string} square */
  async tap(square) {
    const item = this.item;
    if (this.phase !== "ask" || !item || !this.view) return;
    if (!(square in this.view.legal)) {
      this.board.refuse(square);
      this.feedback = t("drill.illegal", { square });
      return this.update();
    }
    if (square === item.played) {
      this.feedback = t("drill.same", { square });
      return this.update();
    }
    this.phase = "checking";
    this.update();
    const analysis = await this.engine.ask({ type: "analyse", obf: item.obf, seconds: 2, line: true });
    const scores = analysis.scores;
    const bestSquare = analysis.best;
    const best = scores[bestSquare].score;
    // the game's analysis's best move always counts: the two analyses may differ a little
    const solved = square === item.best || scores[square].score >= best - MARGIN;
    answer(item.id, solved);
    syncDrill();
    this.phase = solved ? "solved" : "missed";
    this.feedback = solved
      ? t("drill.solved", { square, value: valueText(scores[square].score), margin: MARGIN })
      : t("drill.missed", { square, value: valueText(scores[square].score), best: bestSquare, best_value: valueText(best) });
    if (!solved) {
      this.line = t("drill.line", { line: analysis.line.join(" ") });
      this.ring(bestSquare);
    }
    this.update();
  }

  /** Rings the best move on the board after a miss (null: none). @param {string | null} square */
  ring(square) {
    for (const [name, button] of this.board.buttons) button.toggleAttribute("data-top", name === square);
  }

  update() {
    const item = this.item;
    const due = dueItems().length;
    render(html`<section class="drill" id="drill" data-phase=${this.phase} aria-labelledby="drill-heading">
      <h1 id="drill-heading">${t("drill.title")}</h1>
      <p>${t("drill.intro", { margin: MARGIN })}</p>
      <p id="drill-count">${t("drill.count", { due, all: allItems().length })}</p>
      ${this.phase === "none" ? html`<p id="drill-none">${t(allItems().length ? "drill.done" : "drill.empty")}</p>` : nothing}
      ${item && this.phase !== "none" ? html`
        <p class="status" id="drill-task">${t("drill.task", { square: item.played, value: valueText(item.playedScore), color: colorName(item.color) })}</p>
        ${this.board.element}
        <p class="notice" id="drill-feedback" role="status" aria-live="polite">${this.phase === "checking" ? t("drill.checking") : this.feedback}</p>
        ${this.phase === "missed" ? html`<p id="drill-line">${this.line}</p>` : nothing}
        ${this.phase === "solved" || this.phase === "missed"
          ? html`<p><button type="button" class="primary" id="drill-next" @click=${() => this.next()}>${t("drill.next")}</button>
            <a class="button-link" href=${`/partie/${encodeURIComponent(item.game)}`}>${t("drill.game")}</a></p>` : nothing}` : nothing}
    </section>`, this.main);
  }
}
