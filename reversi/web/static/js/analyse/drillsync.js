// The drill's progress on the server (docs/api.md, /api/drill), so that it follows the
// player to another device: the items changed since the last acknowledged send go up in
// batches, the server answers every item it keeps, and the device merges them
// (drill.js `adopt`). Without a connection the drill goes on with the device's items.
import { api, ApiError } from "../core/api.js";
import { adopt, allItems } from "./drill.js";

/** the newest change the server has acknowledged, seconds */
const SENT = "reversi.fehler-gesendet.v1";
const BATCH = 50;
const FIELDS = ["id", "game", "ply", "obf", "color", "played", "playedScore", "best", "bestScore", "loss", "mark",
  "due", "streak", "solved", "missed", "changed_at"];

function sentUpTo() {
  const at = Number(localStorage.getItem(SENT));
  return Number.isFinite(at) ? at : -1;
}

/** @param {import("./drill.js").Item} item */
const body = (item) => Object.fromEntries(FIELDS.map((name) => [name, /** @type {any} */ (item)[name]]));

async function exchange() {
  const pending = allItems().filter((i) => i.changed_at > sentUpTo()).sort((a, b) => a.changed_at - b.changed_at);
  if (!pending.length) {
    adopt((await api("/api/drill")).items || []);
    return;
  }
  for (let start = 0; start < pending.length; start += BATCH) {
    const batch = pending.slice(start, start + BATCH);
    try {
      adopt((await api("/api/drill", { method: "PUT", body: { items: batch.map(body) } })).items || []);
    } catch (error) {
      // a batch the server refuses would block the others forever: it stays on this device only
      if (!(error instanceof ApiError && error.status === 400)) throw error;
    }
    localStorage.setItem(SENT, String(batch[batch.length - 1].changed_at));
  }
}

/** @type {Promise<boolean> | null} */
let running = null;
let again = false;

/** Sends and takes the drill's progress; resolves true when it is in step with the
 * server, false without a connection. Asked again while it runs, it runs once more. */
export function syncDrill() {
  if (running) {
    again = true;
    return running;
  }
  again = false;
  running = exchange().then(() => true, () => false).finally(() => {
    running = null;
    if (again) syncDrill();
  });
  return running;
}
