// "Analyse starten": the worker reviews every position of the game with Schwer's
// analysis (docs/protocol.md, "Reviewing a game"), one message per position; this part
// shows the progress, lets the player cancel, and sums the result up per side.
import { colorName, t } from "../core/i18n.js";
import { html, nothing } from "../core/lit.js";
import { discs } from "./transcript.js";

/** @typedef {{ply: number, color: string, square: string, loss: number, mark: string | null, label: string, exact: boolean,
 *   played: {score: number, exact: boolean}, best: {square: string, score: number, exact: boolean},
 *   value_before: number, value_after: number}} Reviewed */

let next = 0;

export class Analysis {
  /**
   * @param {{sendGame: (message: Record<string, unknown>) => Promise<void>, gameListener: any}} engine
   *   the page's shared worker (../core/shared_engine.js)
   * @param {{root: string | null, transcript: string, counting: string}} record
   * @param {() => void} changed the page draws again
   */
  constructor(engine, record, changed) {
    this.engine = engine;
    this.record = record;
    this.changed = changed;
    /** @type {"idle" | "running" | "cancelling" | "cancelled" | "done" | "error"} */
    this.state = "idle";
    this.id = "";
    this.total = 0;
    /** @type {Map<number, Reviewed>} by ply */
    this.moves = new Map();
    /** @type {any} the worker's review-done message */
    this.result = null;
    this.error = "";
    this.ms = 0;
    engine.gameListener = (/** @type {any} */ message) => this.receive(message);
  }

  start() {
    this.id = `rv${++next}`;
    this.moves = new Map();
    this.result = null;
    this.error = "";
    this.total = 0;
    this.state = "running";
    this.started = performance.now();
    this.changed();
    /** @type {Record<string, unknown>} */
    const message = { type: "review", id: this.id, moves: this.record.transcript, counting: this.record.counting };
    if (this.record.root) message.obf = this.record.root;
    this.engine.sendGame(message);
  }

  cancel() {
    if (this.state !== "running") return;
    this.state = "cancelling";
    this.changed();
    this.engine.sendGame({ type: "review-cancel", id: this.id });
  }

  /** @param {any} message */
  receive(message) {
    if (message.id !== this.id) return;
    if (message.type === "review-start") {
      this.total = message.total;
    } else if (message.type === "review-move") {
      this.total = message.total;
      this.moves.set(message.ply, message);
    } else if (message.type === "review-done") {
      this.result = message;
      this.state = "done";
      this.ms = message.ms;
      // the whole analysis in the worker, for benchmarks/browser.py
      performance.measure("reversi:analysis", { start: this.started, end: performance.now(), detail: { positions: message.graph.length } });
    } else if (message.type === "review-cancelled") {
      this.state = "cancelled";
      this.moves = new Map();
    } else if (message.type === "error") {
      this.state = "error";
      this.error = message.message;
    }
    this.changed();
  }

  /** The graph's points: the worker's at the end, before that the positions so far. */
  points() {
    if (this.result) return this.result.graph;
    return [...this.moves.values()].map((m) => ({ ply: m.ply - 1, value: m.value_before, exact: m.best.exact }));
  }

  /** @param {(color: string) => string} name a side's name */
  template(name) {
    const running = this.state === "running" || this.state === "cancelling";
    const done = this.moves.size;
    return html`<section class="panel analysis" id="analysis" aria-labelledby="analysis-heading" data-state=${this.state}
        data-exact=${this.result ? [...this.moves.values()].filter((m) => m.exact).length : nothing}>
      <h2 id="analysis-heading">${t("replay.analysis.heading")}</h2>
      ${running ? html`
        <p class="analysis-progress"><progress id="analysis-progress" max=${this.total || 1} .value=${done}
          aria-label=${t("replay.analysis.progress")}></progress>
          <span aria-hidden="true">${t("replay.analysis.count", { done, total: this.total || "…" })}</span></p>
        <button type="button" id="analysis-cancel" ?disabled=${this.state === "cancelling"} @click=${() => this.cancel()}>${t("replay.analysis.cancel")}</button>`
      : html`
        <p class="hint">${this.state === "done" ? t("replay.analysis.done", { seconds: (this.ms / 1000).toFixed(1).replace(".", ",") })
          : this.state === "cancelled" ? t("replay.analysis.cancelled")
          : this.state === "error" ? html`<span class="error" role="alert">${t("replay.analysis.error", { detail: this.error })}</span>`
          : t("replay.analysis.intro")}</p>
        <button type="button" class=${this.state === "done" ? "" : "primary"} id="analysis-start" @click=${() => this.start()}>${this.state === "done" ? t("replay.analysis.again") : t("replay.analysis.start")}</button>`}
      <p class="visually-hidden" role="status">${this.state === "done" ? t("replay.analysis.finished") : this.state === "cancelled" ? t("replay.analysis.cancelled") : ""}</p>
      ${this.result ? this.summary(name) : nothing}
    </section>`;
  }

  /** @param {(color: string) => string} name a side's label ("Du (Ebenholz)") */
  summary(name) {
    const r = this.result;
    const turn = r.turning_point;
    const side = (/** @type {string} */ color) => {
      const s = r.summary[color];
      const marks = [...r.marks].reverse().map((/** @type {string} */ m) => t("replay.summary.mark", { mark: t(`mark.${m}`), n: s.marks[m] }));
      return html`<li id=${`summary-${color}`}><strong>${name(color)}</strong>:
        ${t("replay.summary.accuracy", { accuracy: s.accuracy.toFixed(1).replace(".", ",") })};
        ${t("replay.summary.loss", { loss: s.average_loss.toFixed(1).replace(".", ",") })}; ${marks.join(", ")}</li>`;
    };
    return html`<ul class="summary">${side("black")}${side("white")}</ul>
      <p><a href="/aus-fehlern-lernen" id="to-drill">${t("drill.title")}</a></p>
      <p id="turning-point">${turn ? t("replay.summary.turn", { ply: turn.ply, color: colorName(turn.color), square: turn.square, loss: discs(-turn.loss) })
        : t("replay.summary.no_turn")}</p>`;
  }
}
