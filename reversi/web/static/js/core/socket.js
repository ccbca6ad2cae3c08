// The page's one WebSocket to the server (docs/protocol.md, "Duels"). It reconnects by
// itself, follows tables from their last version and resends moves that were never
// acknowledged (same cid: the server answers `duplicate` if it stored them after all).
import { api, ApiError, OfflineError } from "./api.js";

const PING_EVERY_MS = 20_000;
const PONG_WAIT_MS = 10_000;
const MAX_DELAY_MS = 15_000;

export class Socket {
  constructor() {
    this.ws = null;
    this.state = "idle"; // idle | connecting | open | waiting | moved
    this.attempts = 0;
    this.opens = 0;
    this.retryAt = 0;
    this.timer = null;
    this.pingTimer = null;
    this.pongTimer = null;
    this.nextId = 1;
    this.pending = new Map(); // id → {message, resolve, reject}
    this.tables = new Map(); // code → {version, listener}
    this.listeners = new Set(); // every message and connection change
    this.nickname = null;
    /** @type {string[]} the total clocks ("3+2") and Fernpartien ("2d") an opener may choose, from the hello */
    this.clocks = [];
    this.serverOffset = 0;
    this.lobby = false; // following the Halle's lobby (sent again after a reconnect)
    // the server made no player for this device: a read-only socket, to watch (docs/protocol.md)
    this.onlooker = false;
    addEventListener("online", () => { if (this.state === "waiting") this.connect(); });
    addEventListener("offline", () => this.emit({ type: "connection", state: this.state, offline: true }));
  }

  start() {
    if (this.state === "idle") this.connect();
    return this;
  }

  /** @param {(message: any) => void} listener @returns {() => void} the way to stop listening */
  on(listener) {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** @param {any} message */
  emit(message) {
    for (const listener of [...this.listeners]) {
      try {
        listener(message);
      } catch (error) {
        console.error(error);
      }
    }
  }

  /** @param {string} state */
  setState(state) {
    this.state = state;
    // on the page for all to see (and for the browser tests): the socket's state
    document.documentElement.dataset.socket = state;
    this.emit({ type: "connection", state, retryAt: this.retryAt, offline: !navigator.onLine });
  }

  connect() {
    clearTimeout(this.timer);
    if (this.state === "moved") return;
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    let ws;
    try {
      ws = new WebSocket(`${scheme}://${location.host}/ws${this.onlooker ? "?onlooker=1" : ""}`);
    } catch {
      this.retry();
      return;
    }
    this.ws = ws;
    this.setState("connecting");
    ws.onmessage = (event) => {
      if (this.ws === ws) this.receive(event.data);
    };
    ws.onclose = (event) => {
      if (this.ws === ws) this.closed(event.code);
    };
  }

  /** @param {number} code the close code */
  closed(code) {
    this.ws = null;
    clearInterval(this.pingTimer);
    clearTimeout(this.pongTimer);
    // intents in flight: moves wait in their place and go again; others fail now
    for (const [id, entry] of this.pending) {
      if (entry.message.type === "move") continue;
      this.pending.delete(id);
      entry.reject(new OfflineError());
    }
    if (code === 4001) {
      this.setState("moved");
      return;
    }
    if (code === 4003) {
      // no valid cookie: GET /api/me gives one, then try again; when the server makes no
      // player (too many new ones from this address), the pages say why (a "refused") and
      // the socket comes back without a player, to watch
      api("/api/me")
        .then(() => this.emit({ type: "refused", message: null }))
        .catch((error) => {
          if (error instanceof ApiError) this.refused(error);
        })
        .finally(() => this.retry());
      return;
    }
    this.retry();
  }

  /** GET /api/me for a page that needs the player: null, or the refusal when the server
   * makes no player for this device (429: the socket then watches without one).
   * @returns {Promise<ApiError | null>} */
  async me() {
    try {
      await api("/api/me");
      return null;
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 429) throw error;
      this.refused(error);
      return error;
    }
  }

  /** The server made no player for this device: watch without one, and say why.
   * @param {ApiError} error the refusal of GET /api/me */
  refused(error) {
    if (error.status === 429) this.onlooker = true;
    this.emit({ type: "refused", message: error.message });
  }

  retry() {
    const delay = Math.min(MAX_DELAY_MS, 500 * 2 ** this.attempts) * (0.8 + Math.random() * 0.4);
    this.attempts += 1;
    this.retryAt = Date.now() + delay;
    this.setState("waiting");
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.connect(), delay);
  }

  // Drop the socket as a network failure would (and reconnect).
  drop() {
    this.ws?.close(4000);
  }

  /** @param {Record<string, unknown>} message */
  raw(message) {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) {
      this.ws.send(JSON.stringify(message));
      return true;
    }
    return false;
  }

  /** @param {string} text */
  receive(text) {
    let message;
    try {
      message = JSON.parse(text);
    } catch {
      return;
    }
    if (message.type === "hello") {
      this.opened(message);
      return;
    }
    if (message.type === "pong") {
      clearTimeout(this.pongTimer);
      return;
    }
    if ((message.type === "ack" || message.type === "error") && message.id != null && this.pending.has(message.id)) {
      const entry = this.pending.get(message.id);
      this.pending.delete(message.id);
      if (message.type === "ack" || message.code === "duplicate") entry.resolve(message);
      else entry.reject(new ApiError(message.code, message.message));
      return;
    }
    if (message.type === "state" || message.type === "events") {
      const table = this.tables.get(message.code);
      if (table && message.version != null && (table.version == null || message.version > table.version || message.type === "state")) {
        table.version = message.version;
      }
    }
    if (message.type === "transferred") this.state = "moved";
    this.emit(message);
  }

  /** @param {any} hello */
  opened(hello) {
    this.attempts = 0;
    this.opens += 1;
    this.nickname = hello.nickname;
    this.clocks = hello.clocks || [];
    this.serverOffset = hello.server_time * 1000 - Date.now();
    this.setState("open");
    this.emit(hello);
    for (const [code, table] of this.tables) this.raw({ type: "watch", code, version: table.version });
    if (this.lobby) this.raw({ type: "lobby" });
    for (const [id, entry] of this.pending) this.raw({ ...entry.message, id });
    clearInterval(this.pingTimer);
    this.pingTimer = setInterval(() => this.ping(), PING_EVERY_MS);
  }

  ping() {
    if (!this.raw({ type: "ping" })) return;
    clearTimeout(this.pongTimer);
    // a silent network: no pong in time means the socket is dead
    this.pongTimer = setTimeout(() => this.ws?.close(4000), PONG_WAIT_MS);
  }

  /** @param {string} code @param {number | null} version */
  watch(code, version) {
    this.tables.set(code, { version });
    if (this.state === "open") this.raw({ type: "watch", code, version });
    this.start();
  }

  /** Follow the Halle's lobby: `lobby_state`, then `lobby_events` (docs/protocol.md). */
  followLobby() {
    this.lobby = true;
    if (this.state === "open") this.raw({ type: "lobby" });
    this.start();
  }

  /** @param {string} code */
  unwatch(code) {
    this.tables.delete(code);
    this.raw({ type: "unwatch", code });
  }

  /** @param {string} code */
  version(code) {
    return this.tables.get(code)?.version ?? null;
  }

  // An intent; resolves on `ack`, rejects with ApiError or OfflineError. A move sent
  // while offline waits and goes out after the reconnect; other intents fail at once.
  /**
   * @param {Record<string, any>} message
   * @returns {Promise<any>}
   */
  request(message) {
    return new Promise((resolve, reject) => {
      const id = this.nextId++;
      if (message.type !== "move" && this.state !== "open") {
        reject(new OfflineError());
        return;
      }
      this.pending.set(id, { message, resolve, reject });
      if (this.state === "open") this.raw({ ...message, id });
    });
  }

  queuedMoves() {
    return [...this.pending.values()].filter((e) => e.message.type === "move").length;
  }
}

/** @type {Socket | null} */
let socket = null;
/** The page's one socket (made on first use, opened by `start`, `watch` or `followLobby`). */
export function theSocket() {
  socket ??= new Socket();
  return socket;
}
