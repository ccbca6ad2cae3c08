// The replay page /partie/{id}: a finished game stepped through move by move, and its
// analysis. The record comes from the device's archive or the server (docs/api.md,
// "The archive"); every position, its flips and its text figure from the engine in the
// worker (the `position` message), the analysis from the worker too.
import { GameLoadError, loadGame } from "../archive/device.js";
import { config } from "../core/config.js";
import { colorName, stones, t } from "../core/i18n.js";
import { html, nothing, render } from "../core/lit.js";
import { bootProgress } from "../board/loading.js";
import { sharedEngine } from "../core/shared_engine.js";
import { figureText, scoreBar } from "../board/panels.js";
import * as store from "../core/store.js";
import { keepSummary } from "../analyse/accuracy.js";
import { addMistakes } from "../analyse/drill.js";
import { syncDrill } from "../analyse/drillsync.js";
import { analysePath } from "../analyse/links.js";
import { Analysis } from "./analysis.js";
import { ReplayBoard } from "./board.js";
import { graph } from "./graph.js";
import { discs, secondsText, transcript } from "./transcript.js";

/** A replay's id: a server game id or table code, or a device's own id. */
export const REPLAY_ID = /^[A-Za-z0-9_-]{4,64}$/;

/** @param {HTMLElement} main @param {string} id */
export function replayPage(main, id) {
  new ReplayPage(id).render(main);
}

class ReplayPage {
  /** @param {string} id */
  constructor(id) {
    this.id = id;
    /** @type {"loading" | "engine" | "ready" | "missing" | "offline" | "error"} */
    this.state = "loading";
    this.error = "";
    /** @type {any} the game's record (GET /api/games/{id}) */
    this.record = null;
    /** @type {any[]} the worker's `position` answer after 0, 1, … placed discs */
    this.answers = [];
    this.step = 0;
    this.notice = "";
    this.announced = "";
    this.settings = store.settings();
    this.board = new ReplayBoard();
    this.board.setOptions({ motion: this.settings.motion, dots: false });
    /** @type {Analysis | null} */
    this.analysis = null;
    /** @type {HTMLElement | null} */
    this.main = null;
  }

  /** @param {HTMLElement} main */
  async render(main) {
    this.main = main;
    document.title = `${t("replay.title")} – ${t("hall.title")}`;
    document.documentElement.classList.toggle("no-motion", !this.settings.motion);
    const sheet = Object.assign(document.createElement("link"), { rel: "stylesheet", href: `${config.app}css/replay.css` });
    document.head.append(sheet);
    document.addEventListener("keydown", (event) => this.keydown(event));
    this.update();
    if (!REPLAY_ID.test(this.id)) return this.fail("missing");
    const engine = sharedEngine(); // Pyodide boots while the record loads
    engine.engine.onProgress(() => this.update());
    this.board.setBusy(true);
    try {
      this.record = await loadGame(this.id);
    } catch (error) {
      if (!(error instanceof GameLoadError) || error.code === "failed") console.error("replay:", error);
      return this.fail(error instanceof GameLoadError && error.code === "offline" ? "offline" : "missing");
    }
    this.state = "engine";
    this.update();
    try {
      const moves = this.record.transcript;
      const placed = moves.length / 2;
      /** @type {Record<string, unknown>} */
      const root = this.record.root ? { obf: this.record.root } : {};
      this.answers = await Promise.all(Array.from({ length: placed + 1 }, (_, i) =>
        engine.ask({ type: "position", ...root, moves: moves.slice(0, 2 * i) })));
    } catch (error) {
      const e = /** @type {Error & {kind?: string}} */ (error);
      this.error = e.kind === "timeout" ? t("error.timeout") : t("error.boot", { detail: e.message });
      return this.fail("error");
    }
    this.analysis = new Analysis(engine, this.record, () => this.analysed());
    this.board.setBusy(false);
    this.state = "ready";
    this.board.show(this.answers[0].view, false);
    this.update();
    if (location.hash === "#analyse") this.analysis.start();
  }

  /** @param {"missing" | "offline" | "error"} state */
  fail(state) {
    this.state = state;
    if (state === "missing") document.title = `${t("replay.missing.title")} – ${t("hall.title")}`;
    this.update();
  }

  update() {
    if (this.main) render(this.template(), this.main);
  }

  get total() {
    return this.answers.length - 1;
  }

  /** The analysis changed: the page, and the ghost disc of the best move. */
  analysed() {
    if (this.analysis?.result) {
      keepSummary(this.id, this.analysis.result.summary);
      if (addMistakes(this.id, this.record.you || "", this.analysis.moves.values(), (ply) => this.answers[ply - 1].obf)) syncDrill();
    }
    this.board.setBest(this.bestAt(this.step));
    this.update();
  }

  /** @param {number} step @returns {{square: string, color: string} | null} */
  bestAt(step) {
    const next = this.analysis && this.analysis.moves.get(step + 1);
    return next ? { square: next.best.square, color: next.color } : null;
  }

  /** @param {number} ply the placed discs of the position to show */
  async go(ply) {
    if (this.state !== "ready") return;
    const target = Math.max(0, Math.min(this.total, ply));
    if (target === this.step) return;
    const from = this.step;
    this.step = target;
    this.board.best = this.bestAt(target);
    this.announced = this.stepText();
    this.update();
    const view = this.answers[target].view;
    if (target === from + 1) await this.board.show(view, true);
    else if (target === from - 1) await this.board.back(view, this.answers[from].view.last);
    else await this.board.show(view, false);
  }

  /** @param {KeyboardEvent} event */
  keydown(event) {
    if (event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented) return;
    const target = /** @type {HTMLElement} */ (event.target);
    if (target.closest && target.closest(".board, input, textarea, select, summary, .graph")) return;
    /** @type {Record<string, () => number>} */
    const keys = { ArrowLeft: () => this.step - 1, ArrowRight: () => this.step + 1, Home: () => 0, End: () => this.total };
    if (!(event.key in keys) || this.state !== "ready") return;
    event.preventDefault();
    this.go(keys[event.key]());
  }

  /** The player of `color`: their name, the computer with its level, "Du" for this
   * device's player against the computer; null for a player without a name (two on one
   * device). @param {string} color */
  name(color) {
    const side = this.record[color];
    if (side.name) return side.name;
    if (side.level) return t("replay.computer", { level: t(`level.${side.level}`) });
    return this.record.you === color ? t("replay.you") : null;
  }

  /** "Anna (Ebenholz)", "Computer Leicht (Perlmutt)", or the colour alone for a player
   * without a name. @param {string} color */
  label(color) {
    const level = this.record[color].level;
    if (!this.record[color].name && level) return t("replay.player.computer", { level: t(`level.${level}`), color: colorName(color) });
    const name = this.name(color);
    return name ? t("replay.player", { name, color: colorName(color) }) : colorName(color);
  }

  /** The record's entry of the move that led to the shown position. */
  shownMove() {
    return this.record.moves.find((/** @type {any} */ m) => m.ply === this.step) || null;
  }

  stepText() {
    if (this.step === 0) return t("replay.step.start", { total: this.total });
    const move = this.shownMove();
    const last = this.answers[this.step].view.last;
    const parts = [t("replay.step.move", { ply: this.step, total: this.total, color: colorName(move.color), square: move.square }),
      t("replay.step.flips", { count: stones(last ? last.flipped.length : 0) })];
    if (this.record.clocks && move.seconds !== null) parts.push(secondsText(move.seconds));
    return parts.join(", ");
  }

  resultText() {
    const r = this.record.result;
    const score = { black: r.black, white: r.white };
    const text = r.winner ? t("result.win", { ...score, color: colorName(r.winner) }) : t("result.draw", score);
    if (!r.reason || r.reason === "game_over") return text;
    const loser = r.winner === "black" ? "white" : "black"; // who resigned or ran out of time
    return `${text} ${t(`replay.reason.${r.reason}`, { color: colorName(loser) })}`;
  }

  template() {
    if (this.state === "missing" || this.state === "offline") {
      return html`<section class="replay-missing" id="replay" data-state=${this.state}>
        <h1>${t(`replay.${this.state}.title`)}</h1><p>${t(`replay.${this.state}.text`)}</p>
        <p><a href="/bilanz" class="button-link">${t("result.to.bilanz")}</a> <a href="/" class="button-link">${t("duel.back")}</a></p>
      </section>`;
    }
    const ready = this.state === "ready";
    const answer = ready ? this.answers[this.step] : null;
    const view = answer ? answer.view : null;
    const button = (/** @type {string} */ id, /** @type {string} */ label, /** @type {boolean} */ off, /** @type {() => void} */ go) =>
      html`<button type="button" id=${id} ?disabled=${!ready || off} @click=${go}>${label}</button>`;
    return html`<div class="game replay" id="replay" data-state=${this.state} data-step=${ready ? this.step : nothing} data-total=${ready ? this.total : nothing}>
      <section class="play" aria-labelledby="replay-title">
        <div class="play-top">
        <div class="play-head">
          <h1 id="replay-title">${t("replay.title")}</h1>
          <p class="subtitle" id="replay-players">${this.record ? t("replay.players", { black: this.label("black"), white: this.label("white") }) : ""}</p>
        </div>
        ${scoreBar(view ? view.counts : null)}
        <p class="status" id="status">${this.state === "error" ? html`<span class="error" role="alert">${this.error}</span>`
          : ready ? this.stepText() : bootProgress(sharedEngine().engine.progress)}</p>
        </div>
        ${this.board.element}
        <div class="play-under">
        ${ready ? this.judgement() : nothing}
        <div class="controls replay-steps" role="group" aria-label=${t("replay.steps.label")}>
          ${button("step-first", t("replay.first"), this.step === 0, () => this.go(0))}
          ${button("step-back", t("replay.back"), this.step === 0, () => this.go(this.step - 1))}
          ${button("step-next", t("replay.next"), this.step === this.total, () => this.go(this.step + 1))}
          ${button("step-last", t("replay.last"), this.step === this.total, () => this.go(this.total))}
        </div>
        <p class="hint">${t("replay.keys")}</p>
        ${this.actions(answer)}
        </div>
        <p class="visually-hidden" id="announce" aria-live="polite">${this.announced}</p>
      </section>
      <div class="side">
        ${this.analysis ? this.analysis.template((color) => this.label(color)) : nothing}
        ${this.analysis ? graph({ points: this.analysis.points(), total: this.total, step: this.step, go: (ply) => this.go(ply) }) : nothing}
        ${this.record ? this.facts() : nothing}
        <section class="panel" aria-labelledby="moves-heading"><h2 id="moves-heading">${t("moves.heading")}</h2>
          ${this.record ? transcript({ moves: this.record.moves, step: this.step, clocks: this.record.clocks,
            marks: this.analysis ? this.analysis.moves : new Map(), go: (ply) => this.go(ply) }) : nothing}
        </section>
        <details class="panel" id="figure"><summary>${t("figure.heading")}</summary>
          <pre id="figure-text" class="figure">${view ? figureText(view.figure) : ""}</pre>
        </details>
      </div>
    </div>`;
  }

  /** What the analysis says of the move just shown and of the best move from here. */
  judgement() {
    const shown = this.analysis && this.analysis.moves.get(this.step);
    const best = this.analysis && this.analysis.moves.get(this.step + 1);
    if (!shown && !best) return nothing;
    const exact = (/** @type {boolean} */ yes) => (yes ? ` (${t("replay.exact")})` : "");
    return html`<div class="judgement" id="judgement">
      ${shown ? html`<p id="judgement-move" data-mark=${shown.mark || nothing}>${t("replay.judge.move", {
        ply: shown.ply, square: shown.square, score: discs(shown.played.score) })}${exact(shown.played.exact)}${shown.mark
        ? ` – ${t(`mark.${shown.mark}`)}, ${t("replay.judge.best", { square: shown.best.square, score: discs(shown.best.score), loss: shown.loss.toFixed(1).replace(".", ",") })}` : ` – ${t(`label.${shown.label || "good"}`)}`}</p>` : nothing}
      ${best ? html`<p id="judgement-best">${t("replay.judge.now", { color: colorName(best.color), square: best.best.square,
        score: discs(best.best.score) })}${exact(best.best.exact)}</p>` : nothing}
    </div>`;
  }

  facts() {
    const r = this.record;
    const when = r.finished_at ? new Date(r.finished_at * 1000).toLocaleString("de-DE", { dateStyle: "medium", timeStyle: "short" }) : "";
    return html`<section class="panel" aria-labelledby="facts-heading"><h2 id="facts-heading">${t("replay.facts.heading")}</h2>
      <dl class="facts">
        <dt>${colorName("black")}</dt><dd id="fact-black">${this.name("black") ?? "–"}</dd>
        <dt>${colorName("white")}</dt><dd id="fact-white">${this.name("white") ?? "–"}</dd>
        <dt>${t("replay.facts.result")}</dt><dd id="fact-result">${this.resultText()}</dd>
        <dt>${t("replay.facts.counting")}</dt><dd>${t(`replay.counting.${r.counting}`)}</dd>
        ${when ? html`<dt>${t("replay.facts.when")}</dt><dd>${when}</dd>` : nothing}
        ${r.clocks ? html`<dt>${t("replay.facts.time")}</dt><dd id="fact-time">${this.timeText()}</dd>` : nothing}
      </dl>
    </section>`;
  }

  timeText() {
    /** @type {Record<string, number>} */
    const used = { black: 0, white: 0 };
    for (const m of this.record.moves) used[m.color] += m.seconds || 0;
    return t("replay.facts.time.text", { black: Math.round(used.black), white: Math.round(used.white) });
  }

  /** @param {any} answer the shown position's */
  actions(answer) {
    const over = !answer || !!answer.view.result;
    return html`<div class="replay-actions" role="group" aria-label=${t("replay.actions.label")}>
      ${over ? html`<button type="button" id="play-from-here" disabled>${t("replay.play")}</button>`
        : html`<a class="button-link primary" id="play-from-here" href=${`/allein?stellung=${encodeURIComponent(answer.obf)}`}>${t("replay.play")}</a>`}
      <button type="button" id="copy-obf" ?disabled=${!answer} @click=${() => this.copy(answer.obf, "replay.copied.obf")}>${t("replay.copy.obf")}</button>
      <button type="button" id="copy-game" ?disabled=${!this.record} @click=${() => this.copy(this.record.transcript, "replay.copied.game")}>${t("replay.copy.game")}</button>
      <a class="button-link" id="ggf" href=${`/api/games/${encodeURIComponent(this.id)}.ggf`} download>${t("replay.ggf")}</a>
      ${this.record ? html`<a class="button-link" id="to-analyse" href=${analysePath({ obf: this.record.root, tree: this.record.transcript,
        at: this.record.transcript.slice(0, 2 * this.step) })}>${t("analyse.open")}</a>` : nothing}
    </div>
    <p class="notice" id="notice" role="status" aria-live="polite">${this.notice}</p>`;
  }

  /** @param {string} text @param {string} done the confirmation's key */
  async copy(text, done) {
    try {
      await navigator.clipboard.writeText(text);
      this.notice = t(done, { text });
    } catch {
      this.notice = t("replay.copy.failed", { text });
    }
    this.update();
  }
}
