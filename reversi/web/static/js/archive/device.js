// The device's archive: every finished solo and two-on-one game, kept in IndexedDB
// (database "reversi", store "games"; localStorage when IndexedDB is missing), the
// newest 200. A record has the shape of the server's GET /api/games/{id} (docs/api.md,
// "Client storage"), so the replay page reads both alike; its id is the device id
// that the results outbox sends as the game's `id` (the server's `client_id`).
import { t } from "../core/i18n.js";
import { api, ApiError, OfflineError } from "../core/api.js";

const DB = "reversi";
const STORE = "games";
const FALLBACK = "reversi.archive.v1";
export const KEEP = 200;

/** @typedef {{name: string | null, level: string | null}} Side */
/** @typedef {{index: number, ply: number | null, color: string, square: string | null, seconds: null}} Move */
/**
 * @typedef {{id: string, kind: "device", mode: "solo" | "duo", black: Side, white: Side,
 *   you: "black" | "white" | "both", root: null, transcript: string, moves: Move[], clocks: false,
 *   result: {black: number, white: number, winner: string | null, reason: string},
 *   counting: string, started_at: number | null, finished_at: number, tags: Record<string, unknown>}} GameRecord
 */

/**
 * The record of a game the worker's view shows finished (docs/protocol.md, "The view").
 * @param {import("../core/types.js").View} view
 * @param {{id: string, startedAt: number | null, finishedAt: number}} when
 * @returns {GameRecord}
 */
export function recordOf(view, { id, startedAt, finishedAt }) {
  let ply = 0;
  /** @type {Move[]} */
  const moves = view.moves.map((/** @type {{color: string, square: string | null}} */ m, /** @type {number} */ index) => {
    if (m.square) ply += 1;
    return { index, ply: m.square ? ply : null, color: m.color, square: m.square || null, seconds: /** @type {null} */ (null) };
  });
  const solo = view.mode === "solo";
  /** @type {(color: string) => Side} */
  const side = (color) => ({ name: null, level: solo && view.players[/** @type {"black" | "white"} */ (color)] === "computer" ? view.level : null });
  const r = view.result;
  return {
    id, kind: "device", mode: solo ? "solo" : "duo",
    black: side("black"), white: side("white"),
    you: solo ? (view.players.black === "human" ? "black" : "white") : "both",
    root: null, transcript: moves.map((m) => m.square || "").join(""), moves, clocks: false,
    result: { black: r.black, white: r.white, winner: r.winner || null, reason: "game_over" },
    counting: "nobody", started_at: startedAt, finished_at: finishedAt, tags: {},
  };
}

/** @type {Promise<IDBDatabase | null> | null} */
let opening = null;

/** The database, or null when this browser has none (then localStorage). */
function database() {
  opening ||= new Promise((resolve) => {
    try {
      if (!globalThis.indexedDB) {
        resolve(null);
        return;
      }
      const request = indexedDB.open(DB, 1);
      request.onupgradeneeded = () => {
        const games = request.result.createObjectStore(STORE, { keyPath: "id" });
        games.createIndex("finished_at", "finished_at");
      };
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => resolve(null);
      request.onblocked = () => resolve(null);
    } catch {
      resolve(null);
    }
  });
  return opening;
}

/**
 * @template T
 * @param {IDBDatabase} db @param {IDBTransactionMode} mode
 * @param {(store: IDBObjectStore) => IDBRequest<T> | void} work
 * @returns {Promise<T | undefined>}
 */
function transact(db, mode, work) {
  return new Promise((resolve, reject) => {
    const tx = db.transaction(STORE, mode);
    const request = work(tx.objectStore(STORE));
    tx.oncomplete = () => resolve(request ? request.result : undefined);
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error);
  });
}

/** @returns {GameRecord[]} */
function readFallback() {
  try {
    const list = JSON.parse(localStorage.getItem(FALLBACK) || "[]");
    return Array.isArray(list) ? list : [];
  } catch {
    return [];
  }
}

/** @param {GameRecord[]} list */
function writeFallback(list) {
  try {
    localStorage.setItem(FALLBACK, JSON.stringify(list));
  } catch {
    // full or blocked: the game is still on the server once the outbox is sent
  }
}

/** Newest first; equal ends by id, so the order is the same on every read. @param {GameRecord[]} list */
const newestFirst = (list) => list.sort((a, b) => b.finished_at - a.finished_at || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));

/**
 * Keeps a finished game; the oldest beyond the newest 200 are dropped.
 * @param {GameRecord} game
 */
export async function saveGame(game) {
  const db = await database();
  if (!db) {
    writeFallback(newestFirst([game, ...readFallback().filter((g) => g.id !== game.id)]).slice(0, KEEP));
    return;
  }
  await transact(db, "readwrite", (store) => {
    store.put(game);
    // then walk from the newest down and drop what lies beyond the newest KEEP
    let seen = 0;
    const cursor = store.index("finished_at").openCursor(null, "prev");
    cursor.onsuccess = () => {
      const at = cursor.result;
      if (!at) return;
      seen += 1;
      if (seen > KEEP) at.delete();
      at.continue();
    };
  });
}

/** Every kept game, newest first. @returns {Promise<GameRecord[]>} */
export async function listGames() {
  const db = await database();
  if (!db) return newestFirst(readFallback());
  const all = await transact(db, "readonly", (store) => /** @type {IDBRequest<GameRecord[]>} */ (store.getAll()));
  return newestFirst(all || []);
}

/** @param {string} id @returns {Promise<GameRecord | null>} */
export async function getGame(id) {
  const db = await database();
  if (!db) return readFallback().find((g) => g.id === id) || null;
  const game = await transact(db, "readonly", (store) => /** @type {IDBRequest<GameRecord | undefined>} */ (store.get(id)));
  return game || null;
}

/** A game that cannot be loaded: `code` "unknown", "foreign", "offline" or "failed"; a German message. */
export class GameLoadError extends Error {
  /** @param {string} code @param {string} message */
  constructor(code, message) {
    super(message);
    this.name = "GameLoadError";
    this.code = code;
  }
}

/**
 * A game to replay: this device's copy, else the server's (a duel by its table code, a
 * device game of the player by its server id).
 * @param {string} id
 * @returns {Promise<any>} a record as above
 */
export async function loadGame(id) {
  const mine = await getGame(id);
  if (mine) return mine;
  try {
    return await api(`/api/games/${encodeURIComponent(id)}`);
  } catch (error) {
    if (error instanceof OfflineError) throw new GameLoadError("offline", t("archive.load.offline"));
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) {
      throw new GameLoadError("unknown", t("archive.load.unknown"));
    }
    if (error instanceof ApiError && error.status === 403) throw new GameLoadError("foreign", t("archive.load.foreign"));
    throw new GameLoadError("failed", t("archive.load.failed"));
  }
}
