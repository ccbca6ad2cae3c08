// The hall's HTTP API (docs/api.md): the one fetch wrapper, its two errors, and how an
// error becomes a line for the player.
import { t } from "./i18n.js";

export class ApiError extends Error {
  /** @param {string} code @param {string} message @param {number} [status] */
  constructor(code, message, status) {
    super(message);
    this.code = code;
    this.status = status;
  }
}

// Thrown when the server cannot be reached at all.
export class OfflineError extends Error {
  constructor() {
    super("offline");
    this.code = "offline";
  }
}

// Calls that may make a new player (the first one sets the cookie) go one at a time:
// two at once from a device without a cookie would make two players.
let writes = Promise.resolve();

/**
 * The hall's one fetch wrapper: JSON in and out, the cookie along, never cached.
 * With a `body` and no `method` it POSTs. Rejects with ApiError (the server's code
 * and German message) or OfflineError (no answer at all).
 * @param {string} path
 * @param {{method?: string, body?: unknown}} [options]
 */
export function api(path, { method, body } = {}) {
  const verb = method ?? (body === undefined ? "GET" : "POST");
  if (verb === "GET" && path !== "/api/me") return send(path, verb, body);
  const run = writes.then(() => send(path, verb, body));
  writes = run.catch(() => {});
  return run;
}

/** @param {string} path @param {string} method @param {unknown} body */
async function send(path, method, body) {
  /** @type {RequestInit} */
  const init = { method, credentials: "same-origin", cache: "no-store" };
  if (body !== undefined) {
    init.headers = { "Content-Type": "application/json" };
    init.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(path, init);
  } catch {
    throw new OfflineError();
  }
  /** @type {any} */
  const data = await response.json().catch(() => /** @type {any} */ (null));
  if (!response.ok) {
    throw new ApiError(data?.error ?? "http", data?.message ?? `HTTP ${response.status}`, response.status);
  }
  return data;
}

/** What the player reads when a call failed: the server's German message, else "offline".
 * @param {unknown} error */
export function errorText(error) {
  if (error instanceof ApiError) return error.message;
  return t("duel.offline");
}
