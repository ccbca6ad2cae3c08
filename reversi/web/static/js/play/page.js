// The game page: solo against the computer ("solo") or two on one device ("duo").
// Sends the player's intents to the worker and draws the views it answers with.
import { BoardView, SquareTyping } from "../board/board.js";
import { Confirm } from "../board/confirm.js";
import { listenUndoKeys } from "./undokeys.js";
import { setupPanel } from "./setup.js";
import { Engine } from "../core/engine.js";
import { colorName, stones, t } from "../core/i18n.js";
import { html, nothing, render } from "../core/lit.js";
import { DuelButton } from "../duel/open.js";
import { bootProgress } from "../board/loading.js";
import { figureText, movesPanel, resultText, scoreBar, settingSwitch, settingsPanel, transcriptOf } from "../board/panels.js";
import * as store from "../core/store.js";
import { click } from "../board/sound.js";
import { faqPart } from "../learn/faq.js";
import { recordOf, saveGame } from "../archive/device.js";
import { replayLinks, replayPath } from "../archive/links.js";
import { analysePath } from "../analyse/links.js";
import { legendeInfo, legendePanel, legendeRecord, legendeResult, legendeTitle } from "../legenden/game.js";

/** @typedef {import("../core/types.js").View} View */

const OTHER = { black: "white", white: "black" };

export class GamePage {
  /**
   * `engine` may already be booting (app.js starts it before the page is drawn).
   * @param {import("../core/config.js").Config} config the page's config (reversi/server/http/assets.py)
   * @param {"solo" | "duo"} mode
   * @param {Engine} [engine]
   * @param {Promise<any> | null} [booting]
   * @param {import("../legenden/rules.js").Opponent | null} [legende] an opponent of /legenden, instead of the level
   */
  constructor(config, mode, engine = new Engine(config), booting = null, legende = null) {
    this.config = config;
    this.mode = mode;
    this.legende = legende;
    this.stars = /** @type {number | null} the last game's stars against it, once it ended */ (null);
    this.settings = store.settings();
    /** @type {View | null} the view the page drew last (docs/protocol.md) */
    this.view = null;
    this.ready = false;
    this.state = "loading"; // loading | idle | animating | thinking | error
    this.status = t("status.loading");
    this.error = "";
    /** @type {{text: string, kind: string, faq?: string}} */
    this.notice = { text: "", kind: "" };
    /** the line of /allein?zuege=… until the first game has used it (null afterwards)
     * @type {string | null | undefined} */
    this.startLine = undefined;
    /** whether the first game has used the position of /allein?stellung=… */
    this.startObf = false;
    this.announced = "";
    this.recorded = false;
    /** the finished game's device id, once it is kept (its replay's link) @type {string | null} */
    this.gameId = null;
    /** when the game began, seconds @type {number | null} */
    this.startedAt = null;
    this.boot = "";
    this.queue = Promise.resolve();
    this.board = new BoardView({ onPlay: (/** @type {string} */ square) => this.play(square) });
    this.duelBar = new DuelButton({ bar: true });
    this.confirm = new Confirm(() => this.update());
    this.engine = engine;
    this.engine.onMessage = (message) => this.receive(message);
    this.engine.onProgress(() => this.update());
    this.booting = booting;
    /** @type {HTMLElement | null} */
    this.main = null;
  }

  /** @param {HTMLElement} main */
  render(main) {
    this.main = main;
    document.title = `${legendeTitle(this)} – ${t("hall.title")}`;
    this.duelBar.update();
    this.board.setBusy(true);
    this.applySettings();
    this.typing = new SquareTyping({ board: this.board, say: (text) => this.say(text, true), play: (square) => this.play(square) });
    listenUndoKeys((redo) => this.undoKey(redo));
    performance.mark("reversi:board-visible");
    this.start();
  }

  update() {
    if (this.main) render(this.template(), this.main);
  }

  template() {
    const view = this.view;
    const busy = this.state !== "idle";
    const button = (/** @type {string} */ id, /** @type {string} */ label, /** @type {boolean} */ off, /** @type {() => void} */ go) =>
      html`<button type="button" id=${id} ?disabled=${off} @click=${go}>${label}</button>`;
    const undo = !view || busy || !view.can_undo;
    const redo = !view || busy || !view.can_redo;
    const solo = this.mode === "solo";
    return html`<div class="game" id="game" data-mode=${this.mode} data-state=${this.state} data-ply=${view ? view.ply : nothing}
        data-level=${view && solo ? view.level : nothing} data-legende=${view?.legende || nothing} data-human=${view && solo ? (view.players.black === "human" ? "black" : "white") : nothing}
        data-boot=${this.boot || nothing} data-xot=${view?.xot || nothing}>
      <section class="play" aria-labelledby="game-title">
        <div class="play-top">
        <div class="play-head">
          <h1 id="game-title">${legendeTitle(this)}</h1>
          ${solo ? html`<p class="subtitle" id="game-info">${view ? (this.legende ? legendeInfo(this, view) : t("setup.current", { level: t(`level.${view.level}`), color: colorName(view.players.black === "human" ? "black" : "white") })) : ""}${view?.xot ? html` <span id="game-xot">${t("setup.current.xot")}</span>` : nothing}</p>` : nothing}
          ${this.duelBar.element}
        </div>
        ${scoreBar(view ? view.counts : null)}
        <p class="status" id="status">${this.error ? html`<span class="error" id="error" role="alert">${this.error}</span>
          <button type="button" @click=${() => location.reload()}>${t("error.reload")}</button>` : this.state === "loading" ? bootProgress(this.engine.progress) : this.status}</p>
        </div>
        ${this.board.element}
        <div class="play-under">
        <p class="notice" id="notice" role="status" aria-live="polite" data-kind=${this.notice.kind || nothing}>${this.notice.text}${this.notice.text ? faqPart(this.notice.faq) : nothing}</p>
        ${this.resultBox()}
        <div class="controls" role="group" aria-label=${t("controls.label")}>
          ${button("undo-all", t("controls.first"), undo, () => this.send({ type: "undo", all: true }))}
          ${button("undo", t("controls.undo"), undo, () => this.send({ type: "undo" }))}
          ${button("redo", t("controls.redo"), redo, () => this.send({ type: "redo" }))}
          ${button("redo-all", t("controls.last"), redo, () => this.send({ type: "redo", all: true }))}
          <button type="button" id="new-game" class="primary" ?disabled=${this.state === "loading" || this.state === "error"}
            @click=${() => this.askNew("new")}>${t("controls.new")}</button>
        </div>
        ${this.confirmNew("new", "new-game")}
        <p class="hint">${t("keys.hint")} ${t("keys.hint.undo")}</p>
        ${this.legende ? legendePanel(this) : solo ? setupPanel(this) : nothing}
        </div>
        <p class="visually-hidden" id="announce" aria-live="polite">${this.announced}</p>
      </section>
      <div class="side">
        ${settingsPanel(this.settings, () => this.applySettings(),
          solo ? settingSwitch(this.settings, () => this.applySettings(), "analyse", t("settings.analyse")) : nothing)}
        <details class="panel" id="figure"><summary>${t("figure.heading")}</summary>
          <pre id="figure-text" class="figure">${view ? figureText(view.figure) : ""}</pre>
          <button type="button" id="copy-figure" @click=${() => this.copyFigure()}>${t("figure.copy")}</button>
        </details>
        ${movesPanel(view ? view.moves : [])}
      </div>
    </div>`;
  }

  resultBox() {
    const view = this.view;
    if (!view || !view.result) return nothing;
    const again = this.mode === "solo" ? t("result.next.solo") : t("result.next.duo");
    return html`<section class="result" id="result" aria-labelledby="result-heading">
      <h2 id="result-heading">${t("result.heading")}</h2>
      <p id="result-text">${resultText(view)}</p>
      ${scoreBar(view.result, "result-bar")}${legendeResult(this)}
      ${this.legende ? nothing : html`<p class="hint">${again}</p>`}
      <div class="result-actions">
        <button type="button" class="primary" id="result-new" @click=${() => this.newGame()}>${t("result.again")}</button>
        ${replayLinks(this.gameId)}
        <a href=${analysePath({ obf: this.rootObf, tree: transcriptOf(view) })} class="button-link" id="result-board">${t("analyse.open")}</a>
        <a href="/bilanz" class="button-link">${t("result.to.bilanz")}</a>
        ${this.legende ? html`<a href="/legenden" class="button-link">${t("legenden.back")}</a>` : html`<a href="/" class="button-link">${t("duel.back")}</a>`}
      </div>
    </section>`;
  }

  /** A new game at once, or first the question when a game is running.
   * @param {string} from "new" (the buttons) or "setup" (the solo panel): the question shows below it */
  askNew(from) {
    const view = this.view;
    const start = view && view.xot ? view.xot.length / 2 : 0; // a XOT start's moves are no play yet
    if (view && view.ply > start && !view.result) this.confirm.ask(from);
    else this.newGame();
  }

  /** @param {string} from @param {string} back the button that asked */
  confirmNew(from, back) {
    return this.confirm.template(from, { text: t("controls.new.confirm"), yes: t("controls.new.yes"), no: t("controls.new.no"), onYes: () => this.newGame(), back });
  }

  /** @param {boolean} redo Ctrl+Y, else Ctrl+Z */
  undoKey(redo) {
    const view = this.view;
    if (view && this.state === "idle" && (redo ? view.can_redo : view.can_undo)) this.send({ type: redo ? "redo" : "undo" });
  }

  applySettings() {
    const s = this.settings;
    document.documentElement.classList.toggle("no-motion", !s.motion);
    this.board.setOptions({ dots: s.dots, counts: s.counts, motion: s.motion });
    this.update();
  }

  /** @param {string} state */
  setState(state) {
    this.state = state;
    this.update();
  }

  async start() {
    this.update();
    try {
      const ready = await (this.booting || this.engine.start());
      this.ready = true;
      this.board.setBusy(false);
      this.boot = JSON.stringify(ready);
      this.newGame();
    } catch (error) {
      const e = /** @type {Error & {kind?: string}} */ (error);
      this.fail(e.kind === "timeout" ? t("error.timeout") : t("error.boot", { detail: e.message }));
    }
  }

  /** @param {string} text */
  fail(text) {
    this.error = text;
    this.setState("error");
  }

  newGame() {
    this.confirm.reset();
    this.recorded = false;
    /** @type {Record<string, any>} */
    const message = { type: "new", mode: this.mode };
    if (this.mode === "solo") {
      Object.assign(message, this.legende ? { level: this.legende.level, legende: this.legende.key } : { level: this.settings.level });
      message.human = this.settings.begins === "me" ? "black" : "white";
      // ?los=N replays the computer's choices among equal moves (Leicht)
      const seed = Number(new URLSearchParams(location.search).get("los"));
      if (Number.isInteger(seed) && seed > 0) message.seed = seed;
    }
    // "Zufallseröffnung (XOT)": the worker chooses the start (not with a line or a position below)
    const params = new URLSearchParams(location.search);
    const given = (this.startLine === undefined && params.has("zuege")) || (!this.startObf && params.has("stellung"));
    if (this.mode === "solo" && this.settings.xot && !given && !this.legende) message.xot = true;
    // "gegen den Computer weiterspielen" (/eroeffnungen): the first game starts after the
    // moves of /allein?zuege=f5d6c3, the human plays the side to move (an opening has no pass)
    const line = this.startLine === undefined ? new URLSearchParams(location.search).get("zuege") : null;
    this.startLine = null;
    if (line && /^([a-h][1-8])+$/.test(line)) {
      message.moves = line;
      if (this.mode === "solo") message.human = (line.length / 2) % 2 === 0 ? "black" : "white";
      // "Diese Eröffnung gegen den Computer" (/eroeffnungstrainer): &stufe=schwer plays that level
      const level = params.get("stufe");
      if (this.mode === "solo" && !this.legende && level && ["leicht", "mittel", "schwer"].includes(level)) message.level = level;
    }
    // "Ab hier gegen den Computer" (/partie/…): /allein?stellung=<OBF>, the human plays
    // the side to move
    const obf = this.startObf ? null : new URLSearchParams(location.search).get("stellung");
    this.startObf = true;
    if (obf && /^[XO-]{64} [XO]$/.test(obf)) {
      message.obf = obf;
      if (this.mode === "solo") message.human = obf.endsWith("X") ? "black" : "white";
    }
    /** where the game began, for the analysis board (none: the start) @type {string | null} */
    this.rootObf = message.obf || null;
    this.notice = { text: "", kind: "" };
    this.send(message);
  }

  /** @param {Record<string, any>} message */
  send(message) {
    if (!this.ready || this.state === "error") return;
    this.engine.send(message);
  }

  /** @param {string} square */
  play(square) {
    this.typing?.reset();
    const view = this.view;
    if (!view || !this.ready || this.state === "error") return;
    if (this.state === "thinking" || (view.turn && view.players[view.turn] !== "human")) {
      this.say(t("reason.not_your_turn"), true);
      return;
    }
    // during an animation the view is already the new one: the tap is answered in order
    this.engine.send({ type: "move", square });
  }

  /** @param {string} text @param {boolean} [visible] */
  say(text, visible = false) {
    if (visible) this.notice = { text, kind: "" };
    this.announced = text;
    this.update();
  }

  /** @param {any} message */
  receive(message) {
    this.queue = this.queue.then(() => this.handle(message)).catch((error) => {
      console.error(error);
    });
  }

  /** @param {any} message */
  async handle(message) {
    if (message.type === "view") {
      if (message.think_ms !== undefined) {
        // the computer's thinking time, for benchmarks/browser.py
        const end = performance.now();
        performance.measure("reversi:think", { start: end - message.think_ms, end, detail: { level: message.view.level } });
      }
      await this.showView(message.view, message.cause);
      if (!performance.getEntriesByName("reversi:engine-ready").length) performance.mark("reversi:engine-ready");
    } else if (message.type === "thinking") {
      this.status = t("status.thinking");
      this.setState("thinking");
    } else if (message.type === "illegal") {
      this.notice = { text: t(`reason.${message.reason}`, { square: message.square }), kind: "", faq: message.reason };
      this.say(this.notice.text);
      this.board.refuse(message.square);
    } else if (message.type === "error") {
      this.fail(t("error.worker", { detail: message.message }));
    }
  }

  /** @param {View} view */
  statusText(view) {
    if (view.result) return t("status.over");
    const color = colorName(view.turn);
    if (view.mode === "duo") return t("status.turn.duo", { color });
    return view.players[view.turn] === "human" ? t("status.turn.you", { color }) : t("status.turn.computer", { color });
  }

  /** @param {View} view @param {string} cause */
  async showView(view, cause) {
    const animate = cause === "move" || cause === "computer";
    this.view = view;
    if (cause === "new") Object.assign(this, { recorded: false, gameId: null, startedAt: Date.now() / 1000, stars: null });
    if (animate && this.settings.sound) click();
    // a player's own action clears the last notice; the computer's move keeps it, so
    // "you must pass" stays readable while the computer moves again — until the end
    if ((cause !== "computer" && cause !== "sync") || (view.result && this.notice.kind === "pass")) {
      this.notice = { text: "", kind: "" };
    }
    // whose turn it is now, from the first frame of the move's animation on
    this.status = this.statusText(view);
    this.announce(view, cause);
    this.state = "animating";
    this.update();
    await this.board.show(view, animate);
    if (view.result) this.record(view);
    this.setState(view.turn && view.players[view.turn] === "computer" && !view.result ? "thinking" : "idle");
  }

  /** @param {View} view @param {string} cause */
  announce(view, cause) {
    const parts = [];
    if ((cause === "move" || cause === "computer") && view.last) {
      const { square, color, flipped } = view.last;
      parts.push(t("announce.move", { color: colorName(color), square, count: stones(flipped.length), flipped: flipped.join(" ") }));
    } else if (cause === "undo") parts.push(t("announce.undo", { status: this.statusText(view) }));
    else if (cause === "redo") parts.push(t("announce.redo", { status: this.statusText(view) }));
    else if (cause === "new") parts.push(t("announce.new", { status: this.statusText(view) }));
    if (view.pass && (cause === "move" || cause === "computer") && !view.result) {
      const text = t("notice.pass", { color: colorName(view.pass.color), other: colorName(OTHER[/** @type {"black" | "white"} */ (view.pass.color)]) });
      parts.push(text);
      this.notice = { text, kind: "pass", faq: "pass" };
    }
    if (view.result) parts.push(resultText(view));
    this.announced = parts.join(" ");
  }

  /** @param {View} view */
  record(view) {
    if (this.recorded) return;
    this.recorded = true;
    const r = view.result;
    /** @type {Record<string, any>} */
    const entry = { mode: view.mode, black: r.black, white: r.white, winner: r.winner };
    if (view.mode === "solo") {
      const human = view.players.black === "human" ? "black" : "white";
      Object.assign(entry, { level: view.level, human, outcome: !r.winner ? "draw" : r.winner === human ? "win" : "loss" });
      legendeRecord(this, view, entry);
    }
    const moves = transcriptOf(view);
    const saved = store.saveResult(entry, { moves, started_at: this.startedAt });
    const game = recordOf(view, { id: saved.id, startedAt: this.startedAt, finishedAt: Date.parse(saved.date) / 1000 });
    // the result box links to the replay once the device keeps the game
    saveGame(game).catch((error) => console.warn(error)).finally(() => {
      if (this.recorded && this.view?.result) {
        this.gameId = saved.id;
        this.update();
        // "Nach der Partie analysieren": straight to the replay, where the analysis starts
        if (view.mode === "solo" && this.settings.analyse) location.assign(`${replayPath(saved.id)}#analyse`);
      }
    });
  }

  async copyFigure() {
    const text = this.view ? this.view.figure : "";
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      const range = document.createRange();
      range.selectNodeContents(/** @type {Node} */ (document.getElementById("figure-text")));
      getSelection()?.removeAllRanges();
      getSelection()?.addRange(range);
    }
    this.say(t("figure.copied"), true);
  }
}
