// The table page /tisch/{code}: a duel over the hall's WebSocket. The server is the
// only authority; the page sends intents and draws the table it receives
// (docs/protocol.md, "Duels"), with the same BoardView as solo play. Its template is
// duel/view.js; this module holds the page's state and talks to the server.
import { BoardView, SQUARES, SquareTyping } from "../board/board.js";
import { Chat } from "./chat.js";
import { Confirm } from "../board/confirm.js";
import { colorName, stones, t } from "../core/i18n.js";
import { render } from "../core/lit.js";
import { api, ApiError, errorText, OfflineError } from "../core/api.js";
import { JoinForm } from "./open.js";
import { markActive } from "./callbacks.js";
import { newId, normalCode } from "../core/ids.js";
import { theSocket } from "../core/socket.js";
import { PlayerPanel } from "../player/panel.js";
import * as store from "../core/store.js";
import { MoveClock } from "./clock.js";
import { tellEvent } from "./events.js";
import { showResult } from "./result.js";
import { tableTemplate } from "./view.js";
import { isOpen, Status } from "./status.js";
import { nextTable } from "../turniere/follow.js";

/** @typedef {import("../core/types.js").View} View */

/** @type {any} the board before a table is set up */
/** @type {View} the board before a game is set up */
const EMPTY = { version: 1, squares: ".".repeat(64), turn: null, legal: {}, last: null, counts: { black: 0, white: 0 }, pass: null,
  result: null, moves: [], ply: 0, can_undo: false, can_redo: false, figure: "", players: { black: "remote", white: "remote" } };

export class TablePage {
  /** @param {import("../core/config.js").Config} config @param {string} code */
  constructor(config, code) {
    this.config = config;
    this.code = normalCode(code);
    this.socket = theSocket();
    /** @type {Record<string, any>} */
    this.settings = store.settings();
    /** @type {any} the table as the server sent it last */
    this.table = null;
    /** @type {any} */
    this.you = { seat: null };
    this.presence = [false, false];
    this.onlookers = 0; // players watching without a seat, over all processes
    /** @type {number | null} */
    this.version = null;
    /** @type {{black_seat: number, drawn: boolean, text?: string} | null} the start's data: who begins, drawn or swapped */
    this.started = null;
    /** @type {{square: string, cid: string} | null} the move on its way */
    this.sending = null;
    this.clock = new MoveClock();
    this.state = "loading"; // loading | idle | sending | animating | moved | error
    this.animating = 0;
    this.seq = 0;
    this.status = t("duel.loading");
    /** @type {{text: string, offline?: boolean} | null} */
    this.error = null;
    this.conn = "";
    this.connState = "";
    this.synced = false;
    this.notice = "";
    /** the FAQ entry ("Warum?") that explains the notice, while it shows that text
     * @type {{text: string, kind: string} | null} */
    this.noticeFaq = null;
    this.announced = "";
    this.inviteMsg = "";
    this.confirm = new Confirm(() => this.update());
    this.focusResult = false;
    this.refocusResult = false;
    this.board = new BoardView({ onPlay: (/** @type {string} */ square) => this.play(square) });
    this.chat = new Chat(this);
    this.player = new PlayerPanel((text, visible = false) => this.say(text, visible));
    this.join = new JoinForm("join");
    /** @type {HTMLElement | null} */
    this.main = null;
  }

  /** @param {HTMLElement} main */
  render(main) {
    this.main = main;
    document.title = `${t("duel.title", { code: this.code })} – ${t("hall.title")}`;
    this.board.setOptions({ interactive: false });
    this.board.show(EMPTY, false);
    this.join.update();
    this.update();
    this.typing = new SquareTyping({ board: this.board, say: (text) => this.say(text, true), play: (square) => this.play(square) });
    addEventListener("reversi:level", (event) => this.levelChanged(/** @type {CustomEvent} */ (event).detail));
    this.load();
  }

  /** Draws the page from its state (lit-html keeps what did not change, focus included). */
  update() {
    if (!this.main) return;
    const table = this.table;
    if (table) {
      const hints = !!table.rules.hints;
      this.board.setOptions({
        dots: this.settings.dots && hints, counts: this.settings.dots && this.settings.counts && hints,
        interactive: this.you.seat !== null && this.state !== "moved", motion: this.settings.motion,
      });
      this.board.setOverlay(table.status === Status.WAITING ? t("duel.wait.board") : null);
      document.documentElement.classList.toggle("no-motion", !this.settings.motion);
    }
    this.chat.update();
    this.player.update();
    render(tableTemplate(this), this.main);
    showResult(this);
  }

  // --- loading and the socket ---------------------------------------------------------

  async load() {
    let state;
    // a typed link (lower case, dashes) becomes the table's own address
    if (location.pathname !== `/tisch/${this.code}`) history.replaceState(null, "", `/tisch/${this.code}${location.hash}`);
    try {
      // no player for this device (too many new ones from its address): watch without one
      const refusal = await this.socket.me();
      if (refusal) this.notice = t("duel.no_player", { why: refusal.message });
      const secret = !refusal && new URLSearchParams(location.hash.slice(1)).get("platz");
      if (secret) {
        history.replaceState(null, "", location.pathname);
        try {
          await api(`/api/tables/${this.code}/resume`, { body: { secret } });
        } catch (error) {
          if (!(error instanceof ApiError)) throw error;
          this.notice = error.message;
        }
      }
      state = await api(`/api/tables/${this.code}`);
      const table = state.table;
      if (!refusal && state.you.seat === null && table.status === Status.WAITING && table.seats.some((/** @type {any} */ s) => s.free)) {
        try {
          state = await api(`/api/tables/${this.code}/join`, { body: {} });
          this.notice = t("duel.joined");
        } catch (error) {
          if (!(error instanceof ApiError)) throw error;
          this.notice = error.message;
          state = await api(`/api/tables/${this.code}`);
        }
      }
    } catch (error) {
      this.state = "error";
      if (error instanceof ApiError && error.code === "unknown_table") this.error = { text: error.message };
      else this.error = { text: error instanceof OfflineError || !navigator.onLine ? t("duel.offline.page") : errorText(error), offline: true };
      this.update();
      return;
    }
    this.applyState(state);
    this.socket.on((/** @type {any} */ message) => this.receive(message));
    // from the start: the replay brings the start's event (who begins, drawn or swapped) along
    this.socket.watch(this.code, state.table.status === Status.WAITING ? state.version : 0);
    setInterval(() => this.tick(), 250);
  }

  /** @param {any} message */
  receive(message) {
    if (message.type === "connection") {
      this.showConnection(message.state);
      return;
    }
    if (message.type === "paired") return nextTable(this, message);
    if (message.code !== this.code) {
      if (message.type === "error" && message.code === "unknown_table") this.say(message.message, true);
      return;
    }
    if (message.type === "state" || message.type === "events") this.synced = true;
    if (message.type === "state") this.applyState(message);
    else if (message.type === "events") this.applyEvents(message);
    else if (message.type === "presence") {
      Object.assign(this, { presence: message.seats, onlookers: message.onlookers || 0 });
      this.update();
    }
  }

  /** @param {string} state the socket's: connecting | open | waiting | moved */
  showConnection(state) {
    this.connState = state;
    let text = "";
    if (state === "moved") text = t("transfer.moved");
    else if (state === "waiting" || (state === "connecting" && this.socket.opens > 0)) {
      text = navigator.onLine ? t("conn.lost") : t("conn.offline");
      if (this.socket.queuedMoves() && this.sending) text += ` ${t("conn.queued", { square: this.sending.square })}`;
    }
    this.conn = text;
    if (state === "moved") this.state = "moved";
    this.update();
  }

  /** @param {any} state */
  applyState(state) {
    this.table = state.table;
    this.version = state.version;
    this.you = state.you;
    if (state.presence) Object.assign(this, { presence: state.presence, onlookers: state.onlookers || 0 });
    this.clock.set(this.table);
    this.chat.setLines(state.chat || []);
    this.show(false);
    this.syncActive();
  }

  /** @param {any} message */
  applyEvents(message) {
    const fresh = message.events.filter((/** @type {any} */ e) => this.version === null || e.version > this.version);
    for (const event of message.events) {
      if (event.kind === "started") this.started = event.data;
    }
    if (this.version === null || message.version >= this.version) {
      this.table = message.table;
      this.version = message.version;
    }
    if (this.you.seat !== null) this.you.color = this.table.seats[this.you.seat].color;
    const moves = fresh.filter((/** @type {any} */ e) => e.kind === "move");
    for (const event of fresh) tellEvent(this, event);
    this.clock.set(this.table);
    this.show(moves.length === 1 && fresh.length === 1, moves[0]);
    this.syncActive();
  }

  /** The start's sentence: who plays Ebenholz, and whether the lot decided it. */
  startText() {
    const start = this.started;
    if (!start || !this.table) return "";
    const name = this.name(start.black_seat);
    return start.drawn === false ? t("duel.started.swapped", { name }) : t("duel.started.drawn", { name });
  }

  /**
   * The hall's notice after a finished duel: the seat shows the new level at once.
   * @param {{level: number}} detail
   */
  levelChanged(detail) {
    const seat = this.you.seat;
    if (seat === null || !this.table) return;
    this.table.seats[seat].level = detail.level;
    this.update();
  }

  syncActive() {
    if (this.you.seat !== null && this.table && isOpen(this.table)) markActive(true);
  }

  // --- what the page reads of its table ------------------------------------------------

  /** @param {number | null} seat */
  name(seat) {
    const s = seat === null ? null : this.table?.seats[seat];
    return s && !s.free ? s.name : t("duel.nobody");
  }

  /** @param {number} seat */
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
    return !!table && table.status === Status.PLAYING && !!table.clock && table.clock.seat === this.you.seat && this.you.seat !== null;
  }

  boardView() {
    const game = this.table?.game;
    if (!game) return EMPTY;
    /** @type {Record<string, string>} */
    const players = { black: "remote", white: "remote" };
    if (this.you.color && this.table.status === Status.PLAYING && this.state !== "moved") players[this.you.color] = "human";
    return { ...game, players };
  }

  // --- drawing a new table ---------------------------------------------------------------

  /** @param {boolean} animate @param {any} [moveEvent] */
  async show(animate, moveEvent) {
    if (!this.table) return;
    const view = this.boardView();
    if (this.state === "moved" || this.state === "error") {
      this.update();
      this.board.show(view, false);
      return;
    }
    const seq = (this.seq += 1);
    if (animate && moveEvent && view.last) {
      this.animating = seq;
      this.announceMove(view, moveEvent);
      this.refreshBusy();
      await this.board.show(view, this.settings.motion);
      if (this.animating !== seq) return; // a newer table took over
    } else {
      this.update();
      this.board.show(view, false);
    }
    this.animating = 0;
    this.refreshBusy();
  }

  refreshBusy() {
    if (this.state !== "moved" && this.state !== "error") {
      this.state = this.sending ? "sending" : this.animating ? "animating" : "idle";
    }
    this.update();
  }

  /** @param {View} view @param {any} event */
  announceMove(view, event) {
    const { square, color, flipped } = view.last;
    const parts = [t("announce.move", { color: colorName(color), square, count: stones(flipped.length), flipped: flipped.join(" ") })];
    if (event.data.pass) {
      const other = event.data.pass === "black" ? "white" : "black";
      const text = t("notice.pass", { color: colorName(event.data.pass), other: colorName(other) });
      parts.push(text);
      this.notice = text;
      this.noticeFaq = { text, kind: "pass" };
    } else if (event.data.seat === this.you.seat) {
      this.notice = "";
    }
    this.announced = parts.join(" ");
  }

  // --- the clock ----------------------------------------------------------------------

  /** Seconds left for `seat`'s move, or null when its clock does not run. @param {number} seat */
  secondsLeft(seat) {
    return this.clock.left(seat);
  }

  tick() {
    if (!this.clock.base) return;
    if (this.clock.low(this.you.seat)) this.announced = t("clock.low");
    this.update();
  }

  // --- intents --------------------------------------------------------------------------

  /** @param {string} square */
  play(square) {
    this.typing?.reset();
    const table = this.table;
    if (!table || this.state === "moved") return;
    if (this.you.seat === null) return this.say(t("duel.onlooker.tap"), true);
    if (table.status === Status.WAITING) return this.say(t("duel.status.waiting"), true);
    if (table.status !== Status.PLAYING) return this.say(t("reason.game_over"), true);
    if (this.sending || !this.myTurn()) return this.say(t("reason.not_your_turn"), true);
    const game = table.game;
    if (game.squares[SQUARES.indexOf(square)] !== ".") return this.refuse(square, t("reason.occupied", { square }), "occupied");
    if (table.rules.hints && !(square in game.legal)) return this.refuse(square, t("reason.no_flips", { square }), "no_flips");
    const cid = newId();
    this.sending = { square, cid };
    this.refreshBusy();
    const sent = this.socket.request({ type: "move", code: this.code, square, cid, ply: game.ply });
    if (this.socket.state !== "open") this.showConnection(this.socket.state);
    sent.then(() => {
      this.sending = null;
      this.showConnection(this.socket.state);
      this.refreshBusy();
    }, (/** @type {unknown} */ error) => {
      this.sending = null;
      this.say(errorText(error), true);
      this.refreshBusy();
    });
    return undefined;
  }

  /** @param {string} square @param {string} text @param {string} kind the refusal's reason */
  refuse(square, text, kind) {
    this.say(text, true);
    this.noticeFaq = { text, kind };
    this.board.refuse(square);
  }

  /** @param {Record<string, any>} message @param {string} [done] said when the server took it */
  async intent(message, done) {
    try {
      await this.socket.request({ ...message, code: this.code });
      if (done) this.say(done, true);
      return true;
    } catch (error) {
      this.say(error instanceof OfflineError ? t("duel.offline.intent") : errorText(error), true);
      return false;
    }
  }

  /** @param {string} text @param {boolean} visible also in the notice under the board */
  say(text, visible) {
    if (visible) this.notice = text;
    this.announced = text;
    this.update();
  }
}
