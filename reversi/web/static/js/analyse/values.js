// The analysis board's values: hidden until asked (the switch "Werte zeigen", kept with
// the other settings, or a press-and-hold on the board), then deepened by the worker
// step by step for the shown position (docs/protocol.md, "Values on the analysis
// board"); the page cancels them when the player hides them.
import { t } from "../core/i18n.js";
import { html, nothing } from "../core/lit.js";
import { settingSwitch } from "../board/panels.js";
import { valueLabel, valueText } from "./board.js";

/** How long a press on the board is held before it shows the values. */
export const HOLD_MS = 400;

/** @typedef {import("./board.js").AnalyseBoard} AnalyseBoard */

export class Values {
  /**
   * @param {{engine: any, board: AnalyseBoard, settings: Record<string, any>, changed: () => void}} options
   *   engine: the page's shared worker (core/shared_engine.js), whose stream comes here
   */
  constructor({ engine, board, settings, changed }) {
    this.engine = engine;
    this.board = board;
    this.settings = settings;
    this.changed = changed;
    engine.gameListener = (/** @type {any} */ message) => this.receive(message);
    this.next = 0;
    this.id = "";
    /** the shown position's OBF @type {string | null} */
    this.obf = null;
    /** the latest values of `obf` @type {any} */
    this.result = null;
    /** @type {"idle" | "running" | "done" | "cancelled" | "failed"} */
    this.state = "idle";
    this.holding = false;
    this.listenForHold(board.element);
  }

  get shown() {
    return !!this.settings.values || this.holding;
  }

  /** The board shows another position. @param {string} obf */
  position(obf) {
    if (obf === this.obf) return;
    this.cancel();
    this.obf = obf;
    this.result = null;
    this.state = "idle";
    this.refresh();
  }

  /** Asks for values when they are shown and not yet there; draws them or hides them. */
  refresh() {
    if (this.shown && this.obf && this.state === "idle") {
      this.id = `v${++this.next}`;
      this.state = "running";
      this.engine.sendGame({ type: "values", id: this.id, obf: this.obf });
    }
    this.board.setValues(this.shown && this.result ? { scores: this.result.scores, best: this.result.best } : null);
    this.changed();
  }

  cancel() {
    if (this.state !== "running") return;
    this.engine.sendGame({ type: "values-cancel", id: this.id });
    this.state = "cancelled";
  }

  /** @param {any} message */
  receive(message) {
    if (message.id !== this.id) return;
    if (message.type === "values") {
      if (this.state !== "running") return; // cancelled meanwhile
      this.result = message;
      if (message.done) this.state = "done";
    } else if (message.type === "error") {
      console.error("values:", message.message);
      this.state = "failed"; // not asked again for this position
    } else {
      return;
    }
    this.refresh();
  }

  /** A press held on the board shows the values while it lasts; the tap it ends in is no move. @param {HTMLElement} element */
  listenForHold(element) {
    let timer = 0;
    let swallow = false;
    const end = () => {
      clearTimeout(timer);
      if (!this.holding) return;
      this.holding = false;
      swallow = true;
      setTimeout(() => { swallow = false; }, 0);
      if (!this.settings.values) this.cancel();
      this.refresh();
    };
    element.addEventListener("pointerdown", (event) => {
      if (!event.isPrimary || event.button !== 0) return;
      timer = window.setTimeout(() => {
        this.holding = true;
        this.again();
        this.refresh();
      }, HOLD_MS);
    });
    for (const name of ["pointerup", "pointercancel", "pointerleave"]) element.addEventListener(name, end);
    element.addEventListener("click", (event) => {
      if (swallow) {
        event.stopPropagation();
        event.preventDefault();
        swallow = false;
      }
    }, true);
    element.addEventListener("contextmenu", (event) => { if (this.holding) event.preventDefault(); });
  }

  /** Values stopped before the end are asked for again. */
  again() {
    if (this.state === "cancelled") this.state = "idle";
  }

  toggled() {
    if (this.settings.values) this.again();
    else this.cancel();
    this.refresh();
  }

  statusText() {
    const r = this.result;
    if (!r) return this.state === "running" ? t("analyse.values.thinking") : "";
    const scores = Object.values(r.scores);
    if (!scores.length) return t("analyse.values.none");
    const exact = scores.every((/** @type {any} */ s) => s.exact);
    const depth = Math.min(...scores.map((/** @type {any} */ s) => s.depth));
    const reached = exact ? t("analyse.values.exact") : t("analyse.values.depth", { depth });
    return t(`analyse.values.${this.state === "running" ? "running" : this.state === "cancelled" ? "stopped" : "done"}`, { reached });
  }

  template() {
    const r = this.shown ? this.result : null;
    const best = r && r.best ? r.scores[r.best] : null;
    // how many engines compute them (several: one per core, js/engines.js)
    const engines = this.result ? this.result.engines : nothing;
    return html`<section class="panel values" id="values" data-state=${this.state} data-engines=${engines} aria-labelledby="values-heading">
      <h2 id="values-heading">${t("analyse.values.heading")}</h2>
      ${settingSwitch(this.settings, () => this.toggled(), "values", t("analyse.values.switch"))}
      <p class="hint">${t("analyse.values.hold")}</p>
      ${this.shown ? html`<p id="values-status" role="status">${this.statusText()}</p>` : nothing}
      ${best ? html`<p id="values-best">${t("analyse.values.best", { square: r.best, value: valueText(best.score), how: valueLabel(best) })}</p>
        <p id="values-line">${t("analyse.values.line", { line: r.line.join(" ") })}</p>` : nothing}
      ${this.shown && this.state === "running" ? html`<button type="button" id="values-stop" @click=${() => { this.cancel(); this.refresh(); }}>${t("analyse.values.stop")}</button>` : nothing}
    </section>`;
  }
}
