// The game page: solo against the computer ("solo") or two on one device ("duo").
// Sends the player's intents to the worker and draws the views it answers with.
import { BoardView, SquareTyping } from "./board.js";
import { Engine } from "./engine.js";
import { colorName, h, stones, t } from "./i18n.js";
import { duelButton } from "./lobby.js";
import * as store from "./store.js";
import { click } from "./sound.js";

const OTHER = { black: "white", white: "black" };

export class GamePage {
  // `engine` may already be booting (app.js starts it before the page is drawn).
  constructor(config, mode, engine = new Engine(config), booting = null) {
    this.config = config;
    this.mode = mode;
    this.settings = store.settings();
    this.view = null;
    this.ready = false;
    this.state = "loading"; // loading | idle | animating | thinking | error
    this.recorded = false;
    this.thinkTimes = []; // the computer's thinking times in ms, for benchmarks/browser.py
    this.queue = Promise.resolve();
    this.board = new BoardView({ onPlay: (square) => this.play(square) });
    this.engine = engine;
    this.engine.onMessage = (message) => this.receive(message);
    this.booting = booting;
  }

  render(main) {
    const title = t(`game.${this.mode}.title`);
    document.title = `${title} – ${t("hall.title")}`;
    this.status = h("p", { class: "status", id: "status" }, t("status.loading"));
    this.notice = h("p", { class: "notice", id: "notice", role: "status", "aria-live": "polite" });
    this.announcer = h("p", { class: "visually-hidden", id: "announce", "aria-live": "polite" });
    this.scoreBlack = h("span", { class: "score-num", id: "count-black" }, "2");
    this.scoreWhite = h("span", { class: "score-num", id: "count-white" }, "2");
    this.scorebar = h("div", { class: "scorebar", id: "scorebar", role: "img", "aria-label": t("score.label", { black: 2, white: 2 }) },
      h("div", { class: "score black" }, h("span", { class: "score-disc", "aria-hidden": "true" }), this.scoreBlack),
      h("div", { class: "score white" }, this.scoreWhite, h("span", { class: "score-disc", "aria-hidden": "true" })));
    this.result = h("div", { class: "result", id: "result", hidden: true });
    this.buttons = {
      first: h("button", { type: "button", id: "undo-all", onclick: () => this.send({ type: "undo", all: true }) }, t("controls.first")),
      undo: h("button", { type: "button", id: "undo", onclick: () => this.send({ type: "undo" }) }, t("controls.undo")),
      redo: h("button", { type: "button", id: "redo", onclick: () => this.send({ type: "redo" }) }, t("controls.redo")),
      last: h("button", { type: "button", id: "redo-all", onclick: () => this.send({ type: "redo", all: true }) }, t("controls.last")),
      fresh: h("button", { type: "button", id: "new-game", class: "primary", onclick: () => this.newGame() }, t("controls.new")),
    };
    for (const button of Object.values(this.buttons)) button.disabled = true;
    this.figure = h("pre", { id: "figure-text", class: "figure" });
    this.moves = h("ol", { id: "move-list", class: "moves" });

    const side = h("div", { class: "side" },
      this.mode === "solo" ? this.setupPanel() : null,
      this.settingsPanel(),
      h("details", { class: "panel", id: "figure" },
        h("summary", {}, t("figure.heading")), this.figure,
        h("button", { type: "button", id: "copy-figure", onclick: () => this.copyFigure() }, t("figure.copy"))),
      h("details", { class: "panel" }, h("summary", {}, t("moves.heading")), this.moves),
    );
    const play = h("section", { class: "play", "aria-labelledby": "game-title" },
      h("h1", { id: "game-title" }, title),
      this.mode === "solo" ? h("p", { class: "subtitle", id: "game-info" }) : null,
      duelButton(), this.scorebar, this.status, this.board.element, this.notice, this.result,
      h("div", { class: "controls", role: "group", "aria-label": t("controls.label") }, Object.values(this.buttons)),
      h("p", { class: "hint" }, t("keys.hint")),
      this.announcer);
    main.replaceChildren(h("div", { class: "game", id: "game", "data-mode": this.mode }, play, side));
    this.root = main.querySelector("#game");
    performance.mark("reversi:board-visible");
    this.applySettings();
    this.setState("loading");
    this.typing = new SquareTyping({ board: this.board, notice: this.notice, play: (square) => this.play(square) });
    this.boot();
  }

  setupPanel() {
    const radios = (name, values, current, label) => h("fieldset", { class: "choice" },
      h("legend", {}, label),
      values.map(([value, text]) => h("label", {},
        h("input", { type: "radio", name, value, checked: value === current,
          onchange: () => { this.settings[name] = value; store.saveSetting(name, value); } }),
        " ", text)));
    return h("section", { class: "panel", "aria-labelledby": "setup-heading" },
      h("h2", { id: "setup-heading" }, t("setup.heading")),
      radios("level", [["leicht", t("level.leicht")], ["mittel", t("level.mittel")], ["schwer", t("level.schwer")]], this.settings.level, t("setup.level")),
      radios("begins", [["me", t("begins.me")], ["computer", t("begins.computer")]], this.settings.begins, t("setup.begins")),
      h("button", { type: "button", class: "primary", id: "start-solo", onclick: () => this.newGame() }, t("setup.start")));
  }

  settingsPanel() {
    const toggle = (name, label) => h("label", { class: "switch" },
      h("input", { type: "checkbox", role: "switch", id: `setting-${name}`, checked: this.settings[name],
        onchange: (event) => {
          this.settings[name] = event.target.checked;
          store.saveSetting(name, event.target.checked);
          this.applySettings();
        } }),
      h("span", {}, label));
    return h("section", { class: "panel", "aria-labelledby": "settings-heading" },
      h("h2", { id: "settings-heading" }, t("settings.heading")),
      toggle("dots", t("settings.dots")), toggle("counts", t("settings.counts")),
      toggle("sound", t("settings.sound")), toggle("motion", t("settings.motion")));
  }

  applySettings() {
    const s = this.settings;
    document.documentElement.classList.toggle("no-motion", !s.motion);
    this.board.setOptions({ dots: s.dots, counts: s.counts, motion: s.motion });
  }

  setState(state) {
    this.state = state;
    this.root.dataset.state = state;
    const busy = state !== "idle";
    if (this.view) {
      this.buttons.first.disabled = busy || !this.view.can_undo;
      this.buttons.undo.disabled = busy || !this.view.can_undo;
      this.buttons.redo.disabled = busy || !this.view.can_redo;
      this.buttons.last.disabled = busy || !this.view.can_redo;
    }
    this.buttons.fresh.disabled = state === "loading" || state === "error";
  }

  async boot() {
    try {
      const ready = await (this.booting || this.engine.start());
      this.ready = true;
      this.root.dataset.boot = JSON.stringify(ready);
      this.newGame();
    } catch (error) {
      this.fail(error.kind === "timeout" ? t("error.timeout") : t("error.boot", { detail: error.message }));
    }
  }

  fail(text) {
    this.setState("error");
    this.status.replaceChildren(h("span", { class: "error", id: "error", role: "alert" }, text), " ",
      h("button", { type: "button", onclick: () => location.reload() }, t("error.reload")));
  }

  newGame() {
    this.recorded = false;
    const message = { type: "new", mode: this.mode };
    if (this.mode === "solo") {
      message.level = this.settings.level;
      message.human = this.settings.begins === "me" ? "black" : "white";
    }
    // "gegen den Computer weiterspielen" (/eroeffnungen): the first game starts after the
    // moves of /allein?zuege=f5d6c3, the human plays the side to move (an opening has no pass)
    const line = this.startLine === undefined ? new URLSearchParams(location.search).get("zuege") : null;
    this.startLine = null;
    if (line && /^([a-h][1-8])+$/.test(line)) {
      message.moves = line;
      if (this.mode === "solo") message.human = (line.length / 2) % 2 === 0 ? "black" : "white";
    }
    this.notice.textContent = "";
    this.send(message);
  }

  send(message) {
    if (!this.ready || this.state === "error") return;
    this.engine.send(message);
  }

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


  say(text, visible = false) {
    if (visible) {
      this.notice.textContent = text;
      delete this.notice.dataset.kind;
    }
    this.announcer.textContent = text;
  }

  receive(message) {
    this.queue = this.queue.then(() => this.handle(message)).catch((error) => {
      console.error(error);
    });
  }

  async handle(message) {
    if (message.type === "view") {
      if (message.think_ms !== undefined) this.thinkTimes.push({ level: message.view.level, ms: message.think_ms });
      await this.showView(message.view, message.cause);
      if (!performance.getEntriesByName("reversi:engine-ready").length) performance.mark("reversi:engine-ready");
    } else if (message.type === "thinking") {
      this.setState("thinking");
      this.status.textContent = t("status.thinking");
    } else if (message.type === "illegal") {
      const reason = t(`reason.${message.reason}`, { square: message.square });
      this.say(reason, true);
      const button = this.board.buttons.get(message.square);
      if (button) {
        button.classList.remove("refused");
        void button.offsetWidth;
        button.classList.add("refused");
      }
    } else if (message.type === "error") {
      this.fail(t("error.worker", { detail: message.message }));
    }
  }

  statusText(view) {
    if (view.result) return t("status.over");
    const color = colorName(view.turn);
    if (view.mode === "duo") return t("status.turn.duo", { color });
    return view.players[view.turn] === "human" ? t("status.turn.you", { color }) : t("status.turn.computer", { color });
  }

  async showView(view, cause) {
    const animate = cause === "move" || cause === "computer";
    this.view = view;
    if (cause === "new") this.recorded = false;
    this.setState("animating");
    if (animate && this.settings.sound) click();
    // a player's own action clears the last notice; the computer's move keeps it, so
    // "you must pass" stays readable while the computer moves again
    if (cause !== "computer" && cause !== "sync") {
      this.notice.textContent = "";
      delete this.notice.dataset.kind;
    }
    this.updatePanels(view);
    const shown = this.board.show(view, animate);
    this.announce(view, cause);
    await shown;
    this.status.textContent = this.statusText(view);
    this.showResult(view);
    this.setState(view.turn && view.players[view.turn] === "computer" && !view.result ? "thinking" : "idle");
  }

  updatePanels(view) {
    const { black, white } = view.counts;
    this.scoreBlack.textContent = String(black);
    this.scoreWhite.textContent = String(white);
    this.scorebar.style.setProperty("--black", black);
    this.scorebar.style.setProperty("--white", white);
    this.scorebar.setAttribute("aria-label", t("score.label", { black, white }));
    this.figure.textContent = view.figure;
    this.moves.replaceChildren(...view.moves.map((m) => h("li", { class: m.color },
      `${colorName(m.color)}: ${m.square ?? t("moves.pass")}`)));
    if (view.mode === "solo") {
      const info = this.root.querySelector("#game-info");
      info.textContent = t("setup.current", { level: t(`level.${view.level}`), color: colorName(view.players.black === "human" ? "black" : "white") });
    }
  }

  announce(view, cause) {
    const parts = [];
    if ((cause === "move" || cause === "computer") && view.last) {
      const { square, color, flipped } = view.last;
      parts.push(t("announce.move", { color: colorName(color), square, count: stones(flipped.length), flipped: flipped.join(" ") }));
    } else if (cause === "undo") parts.push(t("announce.undo", { status: this.statusText(view) }));
    else if (cause === "redo") parts.push(t("announce.redo", { status: this.statusText(view) }));
    else if (cause === "new") parts.push(t("announce.new", { status: this.statusText(view) }));
    if (view.pass && (cause === "move" || cause === "computer")) {
      const text = t("notice.pass", { color: colorName(view.pass.color), other: colorName(OTHER[view.pass.color]) });
      parts.push(text);
      this.notice.textContent = text;
      this.notice.dataset.kind = "pass";
    }
    if (view.result) parts.push(this.resultText(view));
    this.announcer.textContent = parts.join(" ");
  }

  resultText(view) {
    const r = view.result;
    const params = { black: r.black, white: r.white };
    if (!r.winner) return t("result.draw", params);
    if (view.mode === "solo") {
      return view.players[r.winner] === "human" ? t("result.you.win", params) : t("result.you.loss", params);
    }
    return t("result.win", { ...params, color: colorName(r.winner) });
  }

  showResult(view) {
    if (!view.result) {
      this.result.hidden = true;
      return;
    }
    this.result.hidden = false;
    this.result.replaceChildren(
      h("h2", {}, t("result.heading")),
      h("p", { id: "result-text" }, this.resultText(view)),
      h("button", { type: "button", class: "primary", onclick: () => this.newGame() }, t("controls.new")));
    if (!this.recorded) {
      this.recorded = true;
      const r = view.result;
      const entry = { mode: view.mode, black: r.black, white: r.white, winner: r.winner };
      if (view.mode === "solo") {
        const human = view.players.black === "human" ? "black" : "white";
        Object.assign(entry, { level: view.level, human, outcome: !r.winner ? "draw" : r.winner === human ? "win" : "loss" });
      }
      store.saveResult(entry);
    }
  }

  async copyFigure() {
    const text = this.figure.textContent;
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      const range = document.createRange();
      range.selectNodeContents(this.figure);
      getSelection().removeAllRanges();
      getSelection().addRange(range);
    }
    this.say(t("figure.copied"), true);
  }
}
