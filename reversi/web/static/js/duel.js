// The table page /tisch/{code}: a duel over the hall's WebSocket. The server is the
// only authority; the page sends intents and draws the table it receives
// (docs/protocol.md, "Duels"), with the same BoardView as solo play.
import { BoardView, SQUARES, SquareTyping } from "./board.js";
import { colorName, h, stones, t } from "./i18n.js";
import { copyButton, errorText, joinForm, markActive, notificationButton, playerPanel } from "./lobby.js";
import { api, ApiError, newCid, normalCode, OfflineError, theHall } from "./net.js";
import { ChatPanel } from "./chat.js";
import { click } from "./sound.js";
import * as store from "./store.js";
import { appendFaqLink } from "./learn/faq.js";

const EMPTY = { squares: ".".repeat(64), turn: null, legal: {}, last: null, players: {}, moves: [], counts: { black: 0, white: 0 }, ply: 0 };
// the move times offered until the server names its own (table.move_times)
const MOVE_TIMES = [15, 30, 60, 120, 300];

function moveTimeText(n) {
  return n < 60 ? t("rules.seconds", { n }) : t("rules.minutes", { n: n / 60 });
}

function clockText(seconds) {
  const s = Math.max(0, Math.ceil(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

export class TablePage {
  constructor(config, code) {
    this.config = config;
    this.code = normalCode(code);
    this.hall = theHall();
    this.settings = store.settings();
    this.table = null;
    this.you = { seat: null };
    this.presence = [false, false];
    this.version = null;
    this.draw = null;
    this.sending = null; // the move on its way: {square, cid}
    this.clockBase = null;
    this.state = "loading";
    this.board = new BoardView({ onPlay: (square) => this.play(square) });
  }

  // --- building the page ------------------------------------------------------------

  render(main) {
    document.title = `${t("duel.title", { code: this.code })} – ${t("hall.title")}`;
    const el = (tag, attrs, ...children) => h(tag, attrs, ...children);
    this.status = el("p", { class: "status", id: "duel-status" }, t("duel.loading"));
    this.conn = el("p", { class: "conn", id: "conn", role: "status", hidden: true });
    this.drawLine = el("p", { class: "draw", id: "draw", hidden: true });
    this.notice = el("p", { class: "notice", id: "duel-notice", role: "status", "aria-live": "polite" });
    this.announcer = el("p", { class: "visually-hidden", id: "announce", "aria-live": "polite" });
    this.seatsBox = el("div", { class: "seats", id: "seats" });
    this.scoreBlack = el("span", { class: "score-num", id: "count-black" }, "0");
    this.scoreWhite = el("span", { class: "score-num", id: "count-white" }, "0");
    this.scorebar = el("div", { class: "scorebar", id: "scorebar", role: "img", "aria-label": t("score.label", { black: 0, white: 0 }) },
      el("div", { class: "score black" }, el("span", { class: "score-disc", "aria-hidden": "true" }), this.scoreBlack),
      el("div", { class: "score white" }, this.scoreWhite, el("span", { class: "score-disc", "aria-hidden": "true" })));
    this.overlay = el("p", { class: "board-overlay", id: "board-wait", hidden: true }, t("duel.wait.board"));
    this.board.element.append(this.overlay);
    this.prompt = el("div", { class: "prompt", id: "prompt", hidden: true, role: "group", "aria-live": "polite" });
    this.confirmBox = el("div", { class: "prompt confirm", id: "confirm", hidden: true, role: "alertdialog", "aria-labelledby": "confirm-text" });
    this.result = el("section", { class: "result", id: "duel-result", hidden: true, "aria-labelledby": "duel-result-heading", tabindex: "-1" });
    this.buttons = {
      abort: el("button", { type: "button", id: "abort", onclick: () => this.intent({ type: "abort" }) }, t("duel.abort")),
      resign: el("button", { type: "button", id: "resign", onclick: () => this.confirmResign() }, t("duel.resign")),
      takeback: el("button", { type: "button", id: "takeback", onclick: () => this.intent({ type: "takeback" }, t("duel.takeback.sent")) }, t("duel.takeback")),
      callback: el("button", { type: "button", id: "callback", onclick: () => this.intent({ type: "callback" }, t("duel.callback.sent")) }, t("duel.callback")),
    };
    this.actions = el("div", { class: "controls duel-controls", role: "group", "aria-label": t("controls.label") }, Object.values(this.buttons));
    this.onlooker = el("p", { class: "onlooker", id: "onlooker", hidden: true }, t("duel.onlooker"));
    this.moves = el("ol", { id: "move-list", class: "moves" });
    this.heading = el("h1", { id: "duel-title" }, t("duel.title", { code: this.code }));
    this.inviteSlot = el("div", { class: "invite-slot" });

    const play = el("section", { class: "play", "aria-labelledby": "duel-title" },
      this.heading, this.conn, this.seatsBox, this.drawLine, this.scorebar, this.status, this.inviteSlot,
      this.board.element, this.notice, this.prompt, this.confirmBox, this.result, this.onlooker,
      this.actions, el("p", { class: "hint" }, t("keys.hint")), this.announcer);
    this.side = el("div", { class: "side" });
    main.replaceChildren(el("div", { class: "game duel", id: "duel", "data-state": "loading" }, play, this.side));
    this.root = main.querySelector("#duel");
    this.setBusy("loading");
    this.animating = 0;
    this.board.setOptions({ interactive: false });
    this.board.show(EMPTY, false);
    this.typing = new SquareTyping({ board: this.board, notice: this.notice, play: (square) => this.play(square) });
    this.load();
  }

  sidePanels() {
    const el = h;
    this.inviteCode = el("code", { id: "table-code", class: "big-code" }, this.code);
    this.inviteLink = el("code", { id: "table-link" }, `${location.origin}/tisch/${this.code}`);
    this.inviteMsg = el("p", { class: "form-msg", id: "invite-msg", role: "status" });
    const sayInvite = (text) => { this.inviteMsg.textContent = text; this.announcer.textContent = text; };
    this.resumeBox = el("details", { class: "resume", id: "resume", hidden: true },
      el("summary", {}, t("duel.resume.heading")),
      el("p", { class: "hint" }, t("duel.resume.text")),
      el("div", { class: "copyrow" }, el("code", { id: "resume-link" }),
        copyButton("copy-resume", t("copy.link"), () => this.resumeLink(), sayInvite)));
    this.invite = el("section", { class: "panel invite", id: "invite", "aria-labelledby": "invite-heading" },
      el("h2", { id: "invite-heading" }, t("duel.invite.heading")),
      el("p", { class: "hint", id: "invite-text" }, t("duel.invite.text")),
      el("p", { class: "label" }, t("duel.invite.code")),
      el("div", { class: "copyrow" }, this.inviteCode, copyButton("copy-code", t("copy.code"), this.code, sayInvite)),
      el("p", { class: "label" }, t("duel.invite.link")),
      el("div", { class: "copyrow" }, this.inviteLink, copyButton("copy-link", t("copy.link"), () => this.inviteLink.textContent, sayInvite)),
      this.inviteMsg, this.resumeBox);

    this.rulesBox = el("section", { class: "panel rules", id: "rules", "aria-labelledby": "rules-heading" },
      el("h2", { id: "rules-heading" }, t("rules.heading")));
    this.rulesForm = this.buildRulesForm();
    this.rulesText = el("dl", { class: "rules-text", id: "rules-text" });
    this.rulesBox.append(this.rulesForm, this.rulesText);

    this.chatPanel = new ChatPanel(this);
    this.chatBox = this.chatPanel.element;

    const toggle = (name, label) => el("label", { class: "switch" },
      el("input", { type: "checkbox", role: "switch", id: `setting-${name}`, checked: this.settings[name],
        onchange: (event) => {
          this.settings[name] = event.target.checked;
          store.saveSetting(name, event.target.checked);
          this.refresh();
        } }),
      el("span", {}, label));
    const settings = el("section", { class: "panel", "aria-labelledby": "settings-heading" },
      el("h2", { id: "settings-heading" }, t("settings.heading")),
      toggle("dots", t("settings.dots")), toggle("counts", t("settings.counts")), toggle("sound", t("settings.sound")),
      toggle("motion", t("settings.motion")),
      el("p", { class: "hint", id: "hints-off", hidden: true }, t("rules.hints.off")));
    this.hintsOff = settings.querySelector("#hints-off");

    const notify = notificationButton((text) => { this.notice.textContent = text; });
    this.movesBox = el("details", { class: "panel" }, el("summary", {}, t("moves.heading")), this.moves);
    const player = playerPanel((text) => { this.announcer.textContent = text; });
    if (notify) player.querySelector("#nick-form").after(el("p", {}, notify));
    this.otherPanels = [settings,
      el("section", { class: "panel", "aria-labelledby": "join-heading" },
        el("h2", { id: "join-heading" }, t("join.heading")), joinForm("join")),
      player];
    this.side.replaceChildren(this.invite, this.rulesBox, this.chatBox, this.movesBox, ...this.otherPanels);
  }

  // Waiting: the invitation stands above the board and the rules lead the side;
  // playing: the chat leads (on a phone it comes right after the board).
  arrangeSide() {
    const waiting = this.table.status === "waiting";
    if (waiting && this.you.seat !== null) {
      if (this.invite.parentElement !== this.inviteSlot) this.inviteSlot.append(this.invite);
    }
    const order = waiting
      ? [this.rulesBox, this.chatBox, this.movesBox, ...(this.you.seat === null ? [this.invite] : []), ...this.otherPanels]
      : [this.chatBox, this.movesBox, this.invite, this.rulesBox, ...this.otherPanels];
    const now = [...this.side.children];
    if (order.length !== now.length || order.some((panel, i) => panel !== now[i])) {
      const focused = document.activeElement;
      this.side.replaceChildren(...order);
      if (focused && focused !== document.activeElement && document.contains(focused)) focused.focus();
    }
  }

  buildRulesForm() {
    const el = h;
    const change = (patch) => this.intent({ type: "rules", ...patch }, t("rules.saved"));
    this.moveTimes = el("fieldset", { class: "choice", id: "rule-move-times" }, el("legend", {}, t("rules.move_time")));
    this.setMoveTimes(MOVE_TIMES);
    const hints = el("label", { class: "switch" },
      el("input", { type: "checkbox", id: "rule-hints", onchange: (event) => change({ hints: event.target.checked }) }),
      el("span", {}, t("rules.hints")));
    const counting = el("fieldset", { class: "choice" }, el("legend", {}, t("rules.counting")),
      ["nobody", "winner"].map((c) => el("label", {},
        el("input", { type: "radio", name: "counting", value: c, onchange: () => change({ counting: c }) }), " ",
        t(`rules.counting.${c}`))));
    return el("form", { id: "rules-form", onsubmit: (event) => event.preventDefault() }, this.moveTimes, hints, counting);
  }

  /** The move times to choose from: the ones this server accepts. */
  setMoveTimes(seconds) {
    const shown = [...this.moveTimes.querySelectorAll("input[name=move_time]")].map((input) => Number(input.value));
    if (shown.length === seconds.length && shown.every((s, i) => s === seconds[i])) return;
    const change = (move_time) => this.intent({ type: "rules", move_time }, t("rules.saved"));
    this.moveTimes.replaceChildren(this.moveTimes.querySelector("legend"),
      ...seconds.map((s) => h("label", {},
        h("input", { type: "radio", name: "move_time", value: String(s), onchange: () => change(s) }), " ",
        moveTimeText(s))));
  }

  // --- loading and the socket ---------------------------------------------------------

  async load() {
    let state;
    // a typed link (lower case, dashes) becomes the table's own address
    if (location.pathname !== `/tisch/${this.code}`) history.replaceState(null, "", `/tisch/${this.code}${location.hash}`);
    try {
      await api("/api/me");
      const secret = new URLSearchParams(location.hash.slice(1)).get("platz");
      if (secret) {
        history.replaceState(null, "", location.pathname);
        try {
          await api(`/api/tables/${this.code}/resume`, { secret });
        } catch (error) {
          if (!(error instanceof ApiError)) throw error;
          this.notice.textContent = error.message;
        }
      }
      state = await api(`/api/tables/${this.code}`);
      const table = state.table;
      if (state.you.seat === null && table.status === "waiting" && table.seats.some((s) => s.free)) {
        try {
          state = await api(`/api/tables/${this.code}/join`, {});
          this.notice.textContent = t("duel.joined");
        } catch (error) {
          if (!(error instanceof ApiError)) throw error;
          this.notice.textContent = error.message;
          state = await api(`/api/tables/${this.code}`);
        }
      }
    } catch (error) {
      if (error instanceof ApiError && error.code === "unknown_table") this.unknown(error.message);
      else this.offline(error);
      return;
    }
    this.sidePanels();
    this.applyState(state);
    this.hall.on((message) => this.receive(message));
    // from the start: the replay brings the draw's sentence along
    this.hall.watch(this.code, state.table.status === "waiting" ? state.version : 0);
    this.clockTimer = setInterval(() => this.tick(), 250);
  }

  unknown(message) {
    this.setBusy("error");
    this.status.textContent = message;
    this.status.classList.add("error");
    this.side.replaceChildren(h("section", { class: "panel" }, h("h2", {}, t("join.heading")), joinForm("join")));
  }

  offline(error) {
    this.setBusy("error");
    const text = error instanceof OfflineError || !navigator.onLine ? t("duel.offline.page") : errorText(error);
    this.status.replaceChildren(h("span", { class: "error", id: "error", role: "alert" }, text), " ",
      h("button", { type: "button", onclick: () => location.reload() }, t("error.reload")), " ",
      h("a", { href: "/allein" }, t("duel.offline.solo")));
  }

  receive(message) {
    if (message.type === "connection") {
      this.showConnection(message);
      return;
    }
    if (message.code !== this.code) {
      if (message.type === "error" && message.code === "unknown_table") this.notice.textContent = message.message;
      return;
    }
    if (message.type === "state" || message.type === "events") this.root.dataset.synced = "1";
    if (message.type === "state") this.applyState(message);
    else if (message.type === "events") this.applyEvents(message);
    else if (message.type === "presence") {
      this.presence = message.seats;
      this.refresh();
    }
  }

  showConnection(message) {
    this.root.dataset.conn = message.state;
    const queued = this.hall.queuedMoves();
    let text = "";
    if (message.state === "moved") text = t("transfer.moved");
    else if (message.state === "waiting" || (message.state === "connecting" && this.hall.opens > 0)) {
      text = navigator.onLine ? t("conn.lost") : t("conn.offline");
      if (queued && this.sending) text += ` ${t("conn.queued", { square: this.sending.square })}`;
    }
    this.conn.textContent = text;
    this.conn.hidden = !text;
    if (message.state === "moved") {
      this.setBusy("moved");
      this.refresh();
    }
  }

  applyState(state) {
    this.table = state.table;
    this.version = state.version;
    this.you = state.you;
    if (state.presence) this.presence = state.presence;
    this.setClock();
    this.chatPanel.setLines(state.chat || []);
    this.refresh();
    this.syncActive();
  }

  applyEvents(message) {
    const fresh = message.events.filter((e) => this.version === null || e.version > this.version);
    for (const event of message.events) {
      if (event.kind === "started") this.draw = event.data.text;
    }
    const previous = this.table;
    if (this.version === null || message.version >= this.version) {
      this.table = message.table;
      this.version = message.version;
    }
    if (this.you.seat !== null) this.you.color = this.table.seats[this.you.seat].color;
    const moves = fresh.filter((e) => e.kind === "move");
    for (const event of fresh) this.event(event, previous);
    this.setClock();
    this.update(moves.length === 1 && fresh.length === 1, moves[0]).catch((error) => console.error(error));
    this.syncActive();
  }

  event(event, previous) {
    const d = event.data;
    const mine = this.you.seat;
    const name = (seat) => this.name(seat);
    switch (event.kind) {
      case "joined":
        this.say(t("duel.ev.joined", { name: d.name }), true);
        break;
      case "started":
        this.say(d.text, false);
        break;
      case "rules":
        if (mine !== 0) this.say(t("rules.changed"), true);
        break;
      case "takeback_asked":
        if (d.seat !== mine) this.say(t("takeback.asked", { name: name(d.seat) }), true);
        break;
      case "takeback_declined":
        this.say(d.seat === mine ? t("takeback.you.declined") : t("takeback.declined", { name: name(d.seat) }), true);
        break;
      case "takeback":
        this.say(t("takeback.done"), true);
        break;
      case "ended":
        this.say(this.resultText(), false);
        // the hall looks for new points and milestones
        if (this.table.status === "finished") dispatchEvent(new CustomEvent("reversi:duel-ended", { detail: { code: this.code } }));
        break;
      case "rematch_offered":
        if (d.seat !== mine) this.say(t("rematch.offered", { name: name(d.seat) }), true);
        break;
      case "rematch_declined":
        this.say(t("rematch.declined", { name: name(d.seat) }), true);
        break;
      case "rematch":
        this.say(t("rematch.go"), true);
        if (mine !== null) {
          this.hall.unwatch(this.code);
          location.assign(`/tisch/${d.code}`);
        }
        break;
      case "chat":
        this.chatPanel.add({ seat: d.seat, text: d.text, at: d.at, id: event.version });
        break;
      case "mute":
        this.you.muted = d.muted;
        this.chatPanel.render();
        break;
      case "callback":
        if (d.seat === mine) this.say(t("duel.callback.sent"), true);
        break;
      case "resumed":
        this.say(t("duel.resumed"), true);
        break;
      case "renamed":
        if (d.seat !== mine) this.say(t("duel.ev.renamed", { before: d.before ?? "?", name: d.name }), true);
        break;
      case "move":
        if (d.seat !== mine && this.settings.sound) click();
        break;
      default:
        break;
    }
    return previous;
  }

  syncActive() {
    if (this.you.seat !== null && this.table && ["waiting", "playing"].includes(this.table.status)) markActive(true);
  }

  // --- drawing ------------------------------------------------------------------------

  name(seat) {
    const s = this.table?.seats[seat];
    return s && !s.free ? s.name : t("duel.nobody");
  }

  nameWithLevel(seat) {
    const s = this.table?.seats[seat];
    if (!s || s.free) return this.name(seat);
    return Number.isInteger(s.level) && s.level >= 1 ? `${s.name} ⭐ ${s.level}` : s.name;
  }

  opponent() {
    return this.you.seat === null ? null : 1 - this.you.seat;
  }

  myTurn() {
    const table = this.table;
    return !!table && table.status === "playing" && !!table.clock && table.clock.seat === this.you.seat && this.you.seat !== null;
  }

  boardView() {
    const game = this.table?.game;
    if (!game) return EMPTY;
    const players = { black: "remote", white: "remote" };
    if (this.you.color && this.table.status === "playing" && this.state !== "moved") players[this.you.color] = "human";
    return { ...game, players };
  }

  setBusy(state) {
    this.state = state;
    this.root.dataset.state = state;
  }

  refresh() {
    this.update(false).catch((error) => console.error(error));
  }

  async update(animate, moveEvent) {
    const table = this.table;
    if (!table) return;
    const root = this.root;
    root.dataset.status = table.status;
    root.dataset.version = String(this.version);
    root.dataset.seat = this.you.seat === null ? "" : String(this.you.seat);
    root.dataset.mine = this.myTurn() ? "1" : "0";
    const hints = !!table.rules.hints;
    this.board.setOptions({
      dots: this.settings.dots && hints, counts: this.settings.counts && hints,
      interactive: this.you.seat !== null && this.state !== "moved", motion: this.settings.motion,
    });
    document.documentElement.classList.toggle("no-motion", !this.settings.motion);
    this.hintsOff.hidden = hints;
    this.renderSeats();
    this.renderDraw();
    this.renderStatus();
    this.renderScore();
    this.renderInvite();
    this.renderRules();
    this.renderActions();
    this.renderPrompt();
    this.renderResult();
    this.chatPanel.renderForm();
    this.onlooker.hidden = !(this.you.seat === null && table.status !== "waiting");
    this.overlay.hidden = table.status !== "waiting";
    this.scorebar.hidden = table.status === "waiting";
    const view = this.boardView();
    this.moves.replaceChildren(...(view.moves || []).map((m) => h("li", { class: m.color },
      `${colorName(m.color)}: ${m.square ?? t("moves.pass")}`)));
    if (this.state === "moved" || this.state === "error") {
      this.board.show(view, false);
      return;
    }
    const seq = (this.seq = (this.seq || 0) + 1);
    if (animate && moveEvent && view.last) {
      this.animating = seq;
      this.refreshBusy();
      this.announceMove(view, moveEvent);
      await this.board.show(view, this.settings.motion);
      if (this.animating !== seq) return; // a newer table took over
    } else {
      this.board.show(view, false);
    }
    this.animating = 0;
    this.refreshBusy();
  }

  refreshBusy() {
    if (this.state === "moved" || this.state === "error") return;
    this.setBusy(this.sending ? "sending" : this.animating ? "animating" : "idle");
  }

  announceMove(view, event) {
    const { square, color, flipped } = view.last;
    const parts = [t("announce.move", { color: colorName(color), square, count: stones(flipped.length), flipped: flipped.join(" ") })];
    if (event.data.pass) {
      const other = event.data.pass === "black" ? "white" : "black";
      const text = t("notice.pass", { color: colorName(event.data.pass), other: colorName(other) });
      parts.push(text);
      this.notice.textContent = text;
      appendFaqLink(this.notice, "pass");
    } else if (event.data.seat === this.you.seat) {
      this.notice.textContent = "";
    }
    this.announcer.textContent = parts.join(" ");
  }

  renderSeats() {
    const table = this.table;
    let order = [0, 1];
    if (table.seats[1].color === "black") order = [1, 0];
    this.seatsBox.replaceChildren(...order.map((seat) => {
      const s = table.seats[seat];
      const mine = seat === this.you.seat;
      const here = this.presence[seat] || (mine && this.hall.state === "open");
      const toMove = table.clock && table.clock.seat === seat;
      const level = Number.isInteger(s.level) && s.level >= 1
        ? h("span", { class: "level", "aria-label": t("seat.level", { n: s.level }) }, `⭐ ${s.level}`) : null;
      return h("div", { class: `seat${s.free ? " free" : ""}${toMove ? " to-move" : ""}${mine ? " mine" : ""}`, id: `seat-${seat}`,
        "data-color": s.color || "" },
      h("span", { class: `seat-disc ${s.color || "none"}`, "aria-hidden": "true" }),
      h("span", { class: "seat-main" },
        h("span", { class: "seat-name" }, h("span", { class: "seat-label" }, s.label), level, mine ? h("span", { class: "you" }, ` (${t("seat.you")})`) : null),
        h("span", { class: "seat-info" },
          s.color ? colorName(s.color) : (s.free ? t("seat.free.hint") : t("seat.waiting")),
          s.free ? null : h("span", { class: `presence ${here ? "on" : "off"}` }, here ? t("seat.here") : t("seat.away")))),
      h("span", { class: `clock${this.isLow(seat) ? " low" : ""}`, id: `clock-${seat}`, role: "timer", "aria-label": t("seat.clock") }, this.clockFor(seat)));
    }));
  }

  renderDraw() {
    const show = !!this.draw && this.table.status !== "waiting";
    this.drawLine.hidden = !show;
    if (show) this.drawLine.textContent = `🎲 ${this.draw}`;
  }

  statusText() {
    const table = this.table;
    if (this.state === "moved") return t("transfer.moved");
    if (table.status === "waiting") {
      return this.you.seat === null ? t("duel.status.waiting.other") : t("duel.status.waiting");
    }
    if (table.status !== "playing") return t("status.over");
    const seat = table.clock?.seat;
    if (seat === undefined || seat === null) return "";
    const color = colorName(table.seats[seat].color);
    if (seat === this.you.seat) return t("duel.status.you", { color });
    return t("duel.status.other", { name: this.name(seat), color });
  }

  renderStatus() {
    this.status.classList.remove("error");
    let text = this.statusText();
    if (this.sending) text = t("duel.sending", { square: this.sending.square });
    this.status.textContent = text;
  }

  renderScore() {
    const game = this.table.game;
    const black = game ? game.counts.black : 0;
    const white = game ? game.counts.white : 0;
    this.scoreBlack.textContent = String(black);
    this.scoreWhite.textContent = String(white);
    this.scorebar.style.setProperty("--black", game ? black : 1);
    this.scorebar.style.setProperty("--white", game ? white : 1);
    this.scorebar.setAttribute("aria-label", t("score.label", { black, white }));
  }

  resumeLink() {
    return `${location.origin}/tisch/${this.code}#platz=${this.you.secret || ""}`;
  }

  renderInvite() {
    const waiting = this.table.status === "waiting";
    // while the table waits, inviting is the one thing to do: it stands above the board
    this.arrangeSide();
    this.invite.classList.toggle("quiet", !waiting);
    this.invite.querySelector("#invite-text").textContent = waiting ? t("duel.invite.text") : t("duel.invite.later");
    this.resumeBox.hidden = !this.you.secret;
    if (this.you.secret) this.resumeBox.querySelector("#resume-link").textContent = this.resumeLink();
  }

  renderRules() {
    const table = this.table;
    const rules = table.rules;
    const editable = this.you.seat === 0 && table.status === "waiting" && this.state !== "moved";
    this.rulesForm.hidden = !editable;
    this.rulesText.hidden = editable;
    if (table.move_times) this.setMoveTimes(table.move_times);
    for (const input of this.rulesForm.querySelectorAll("input[name=move_time]")) input.checked = Number(input.value) === rules.move_time;
    for (const input of this.rulesForm.querySelectorAll("input[name=counting]")) input.checked = input.value === rules.counting;
    this.rulesForm.querySelector("#rule-hints").checked = !!rules.hints;
    const item = (term, value) => [h("dt", {}, term), h("dd", {}, value)];
    this.rulesText.replaceChildren(
      ...item(t("rules.move_time"), moveTimeText(rules.move_time)),
      ...item(t("rules.hints.short"), rules.hints ? t("rules.yes") : t("rules.no")),
      ...item(t("rules.counting"), t(`rules.counting.${rules.counting}`)));
    if (!editable) {
      this.rulesText.setAttribute("aria-describedby", "rules-who");
      const who = this.rulesBox.querySelector("#rules-who") || h("p", { class: "hint", id: "rules-who" });
      who.textContent = { waiting: t("rules.opener"), playing: t("rules.fixed") }[table.status] || "";
      who.hidden = !who.textContent;
      this.rulesBox.append(who);
    } else {
      this.rulesBox.querySelector("#rules-who")?.remove();
    }
  }

  renderActions() {
    const table = this.table;
    const seated = this.you.seat !== null && this.state !== "moved";
    const playing = table.status === "playing";
    const first = !!table.clock?.first_moves;
    const opp = this.opponent();
    const hasOpp = opp !== null && !table.seats[opp].free;
    const placed = (table.game?.moves || []).some((m) => m.square && m.color === this.you.color);
    const b = this.buttons;
    b.abort.hidden = !seated || !(table.status === "waiting" || (playing && first));
    b.abort.textContent = table.status === "waiting" ? t("duel.close") : t("duel.abort");
    b.resign.hidden = !seated || !playing || first;
    b.takeback.hidden = !seated || !playing;
    b.takeback.disabled = !placed || table.offers.takeback !== null;
    b.callback.hidden = !seated || !hasOpp || !["waiting", "playing"].includes(table.status);
    b.callback.disabled = !!this.presence[opp];
    b.callback.title = this.presence[opp] ? t("duel.callback.here") : "";
    this.actions.hidden = Object.values(b).every((button) => button.hidden);
    if (!playing) this.confirmBox.hidden = true;
  }

  renderPrompt() {
    const table = this.table;
    const asker = table.offers.takeback;
    const mine = this.you.seat;
    if (asker === null || asker === undefined || table.status !== "playing" || mine === null) {
      this.prompt.hidden = true;
      this.prompt.replaceChildren();
      return;
    }
    this.prompt.hidden = false;
    if (asker === mine) {
      this.prompt.replaceChildren(h("p", { id: "takeback-wait" }, t("takeback.waiting", { name: this.name(1 - mine) })));
      return;
    }
    if (this.prompt.querySelector("#takeback-accept")) return;
    this.prompt.replaceChildren(
      h("p", { id: "takeback-question" }, t("takeback.question", { name: this.name(asker) })),
      h("div", { class: "row" },
        h("button", { type: "button", class: "primary", id: "takeback-accept",
          onclick: () => this.intent({ type: "takeback_reply", accept: true }) }, t("takeback.accept")),
        h("button", { type: "button", id: "takeback-decline",
          onclick: () => this.intent({ type: "takeback_reply", accept: false }) }, t("takeback.decline"))));
  }

  confirmResign() {
    this.confirmBox.hidden = false;
    const no = h("button", { type: "button", id: "confirm-no", onclick: () => { this.confirmBox.hidden = true; this.buttons.resign.focus(); } }, t("duel.resign.no"));
    this.confirmBox.replaceChildren(
      h("p", { id: "confirm-text" }, t("duel.resign.confirm")),
      h("div", { class: "row" },
        h("button", { type: "button", class: "danger", id: "confirm-yes",
          onclick: () => { this.confirmBox.hidden = true; this.intent({ type: "resign" }); } }, t("duel.resign.yes")),
        no));
    no.focus();
  }

  resultText() {
    const table = this.table;
    const end = table.end;
    if (!end) return "";
    const mine = this.you.seat;
    if (table.status === "aborted") {
      if (end.reason === "closed") return t("end.closed");
      if (end.reason === "no_first_move") return t("end.no_first_move");
      return end.by === mine ? t("end.aborted.you") : t("end.aborted", { name: this.name(end.by) });
    }
    const score = { black: end.black, white: end.white };
    const w = end.winner_seat;
    // after a resignation or a loss on time the discs are only the standing, not the score
    const early = end.reason !== "game_over";
    const key = (name) => (early ? `${name}.early` : name);
    let head;
    if (w === null || w === undefined) head = t("end.draw", score);
    else if (mine === w) head = t(key("end.you.win"), score);
    else if (mine !== null) head = t(key("end.you.loss"), score);
    else head = t(key("end.win"), { ...score, name: this.name(w), color: colorName(table.seats[w].color) });
    const loser = w === null || w === undefined ? null : 1 - w;
    const why = {
      resign: loser === mine ? t("end.why.resign.you") : t("end.why.resign", { name: this.name(loser) }),
      timeout: loser === mine ? t("end.why.timeout.you") : t("end.why.timeout", { name: this.name(loser) }),
      game_over: t("end.why.game_over"),
    }[end.reason] || "";
    const standing = early ? t("end.standing", score) : "";
    return `${head} ${why} ${standing}`.trim();
  }

  renderResult() {
    const table = this.table;
    const over = table.status === "finished" || table.status === "aborted";
    const wasHidden = this.result.hidden;
    this.result.hidden = !over;
    if (!over) return;
    const mine = this.you.seat;
    const opp = this.opponent();
    const offers = table.offers.rematch || [];
    const canRematch = mine !== null && !table.seats[1].free && !table.rematch && this.state !== "moved";
    let rematch = null;
    if (table.rematch) {
      rematch = h("p", {}, h("a", { href: `/tisch/${table.rematch}`, id: "rematch-link" }, t("rematch.link")));
    } else if (canRematch && offers.includes(mine)) {
      rematch = h("p", { id: "rematch-wait" }, t("rematch.waiting", { name: this.name(opp) }));
    } else if (canRematch && offers.includes(opp)) {
      rematch = h("div", {},
        h("p", { id: "rematch-question" }, t("rematch.offered", { name: this.name(opp) })),
        h("div", { class: "row" },
          h("button", { type: "button", class: "primary", id: "rematch", onclick: () => this.intent({ type: "rematch" }) }, t("rematch.accept")),
          h("button", { type: "button", id: "rematch-decline", onclick: () => this.intent({ type: "rematch_decline" }) }, t("rematch.decline"))));
    } else if (canRematch) {
      rematch = h("button", { type: "button", class: "primary", id: "rematch", onclick: () => this.intent({ type: "rematch" }, t("rematch.sent")) }, t("rematch.offer"));
    }
    const focusId = document.activeElement?.id;
    this.result.replaceChildren(
      h("h2", { id: "duel-result-heading" }, table.status === "aborted" ? t("end.heading.aborted") : t("result.heading")),
      h("p", { id: "result-text" }, this.resultText()),
      table.status === "finished" ? h("p", { class: "hint" }, t("end.counted")) : null,
      h("div", { class: "result-actions" }, rematch, h("a", { href: "/", class: "button-link", id: "back-hall" }, t("duel.back"))));
    if (focusId && this.result.querySelector(`#${focusId}`)) this.result.querySelector(`#${focusId}`).focus();
    else if (wasHidden && this.root.contains(document.activeElement) && document.activeElement.closest(".controls, .board, .prompt")) this.result.focus();
  }

  // --- the clock ----------------------------------------------------------------------

  setClock() {
    const clock = this.table?.clock;
    this.clockBase = clock && this.table.status === "playing" ? { seat: clock.seat, remaining: clock.remaining, at: performance.now() } : null;
    this.warned = false;
  }

  /** Seconds left for `seat`'s move, or null when its clock does not run. */
  secondsLeft(seat) {
    const base = this.clockBase;
    if (!base || base.seat !== seat) return null;
    return base.remaining - (performance.now() - base.at) / 1000;
  }

  isLow(seat) {
    const left = this.secondsLeft(seat);
    return left !== null && left <= 10;
  }

  clockFor(seat) {
    if (!this.table || this.table.status !== "playing") return "";
    const left = this.secondsLeft(seat);
    return clockText(left === null ? this.table.rules.move_time : left);
  }

  tick() {
    const base = this.clockBase;
    if (!base) return;
    const el = document.getElementById(`clock-${base.seat}`);
    if (!el) return;
    const left = this.secondsLeft(base.seat);
    el.textContent = clockText(left);
    el.classList.toggle("low", this.isLow(base.seat));
    if (left <= 10 && !this.warned && base.seat === this.you.seat) {
      this.warned = true;
      this.announcer.textContent = t("clock.low");
    }
  }

  // --- intents --------------------------------------------------------------------------

  play(square) {
    this.typing?.reset();
    const table = this.table;
    if (!table || this.state === "moved") return;
    if (this.you.seat === null) {
      this.say(t("duel.onlooker.tap"), true);
      return;
    }
    if (table.status === "waiting") {
      this.say(t("duel.status.waiting"), true);
      return;
    }
    if (table.status !== "playing") {
      this.say(t("reason.game_over"), true);
      return;
    }
    if (this.sending || !this.myTurn()) {
      this.say(t("reason.not_your_turn"), true);
      return;
    }
    const game = table.game;
    if (game.squares[SQUARES.indexOf(square)] !== ".") {
      this.refuse(square, t("reason.occupied", { square }));
      appendFaqLink(this.notice, "occupied");
      return;
    }
    if (table.rules.hints && !(square in game.legal)) {
      this.refuse(square, t("reason.no_flips", { square }));
      appendFaqLink(this.notice, "no_flips");
      return;
    }
    const cid = newCid();
    this.sending = { square, cid };
    this.refreshBusy();
    this.renderStatus();
    const sent = this.hall.request({ type: "move", code: this.code, square, cid, ply: game.ply });
    if (this.hall.state !== "open") this.showConnection({ type: "connection", state: this.hall.state });
    sent.then(() => {
      this.sending = null;
      this.showConnection({ type: "connection", state: this.hall.state });
      this.renderStatus();
      this.refreshBusy();
    }, (error) => {
      this.sending = null;
      this.say(errorText(error), true);
      this.renderStatus();
      this.refreshBusy();
    });
  }

  refuse(square, text) {
    this.say(text, true);
    const button = this.board.buttons.get(square);
    if (button) {
      button.classList.remove("refused");
      void button.offsetWidth;
      button.classList.add("refused");
    }
  }

  async intent(message, done) {
    try {
      await this.hall.request({ ...message, code: this.code });
      if (done) this.say(done, true);
      return true;
    } catch (error) {
      this.say(error instanceof OfflineError ? t("duel.offline.intent") : errorText(error), true);
      if (message.type === "rules") this.refresh();
      return false;
    }
  }

  say(text, visible) {
    if (visible) this.notice.textContent = text;
    this.announcer.textContent = text;
  }
}
