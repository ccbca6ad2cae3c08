// What this device sends the server and takes from it (docs/api.md): computer games
// from its queue and the settings, at start, when back online and after each game.
import { api } from "./api.js";
import * as store from "./store.js";

const BATCH = 50;

// --- what the device sends -------------------------------------------------------------

/** @type {Promise<void> | null} */
let sending = null;
let again = false;

/** One queued game; a computer game whose moves the server refuses goes again without them.
 * @param {Record<string, any>} entry */
async function sendOne(entry) {
  const { moves, started_at: _started, ...bare } = entry;
  try {
    return await api("/api/results", { method: "POST", body: { results: [entry] } });
  } catch (error) {
    if (error.status !== 400 || !moves || !entry.level) throw error;
    return api("/api/results", { method: "POST", body: { results: [bare] } });
  }
}

// Sends the queued games (computer games, and every game with its moves for the
// archive); an entry leaves the queue only once acknowledged. Asked again while a send
// runs, it sends once more afterwards.
export function sendResults() {
  if (sending) {
    again = true;
    return sending;
  }
  again = false;
  sending = (async () => {
    for (let round = 0; round < 20; round += 1) {
      const queue = store.outbox().slice(0, BATCH);
      if (!queue.length) return;
      let answer;
      try {
        answer = await api("/api/results", { method: "POST", body: { results: queue } });
      } catch (error) {
        // a refused entry would block the queue forever: one by one, drop what the
        // server refused (a computer game whose moves it refused still counts)
        if (error.status === 400) {
          for (const entry of queue) {
            try {
              await sendOne(entry);
              store.acknowledge([entry.id]);
            } catch (single) {
              if (single.status === 400) store.acknowledge([entry.id]);
              else return;
            }
          }
          continue;
        }
        return;
      }
      store.acknowledge(answer.acknowledged || []);
    }
  })().finally(() => {
    sending = null;
    if (again) sendResults();
  });
  return sending;
}

// Loads the server's settings and takes them when they are newer (another device,
// a transfer); then tells the server about newer ones of this device.
export async function syncSettings() {
  try {
    const server = await api("/api/settings");
    const local = store.settingsChangedAt();
    if (server.settings && server.changed_at > local) store.adoptSettings(server.settings, server.changed_at);
    // newer here: this device's change, or the Legenden's progress merged with the server's
    const mine = store.settingsChangedAt();
    if (mine > 0 && mine > (server.changed_at || 0)) {
      await api("/api/settings", { method: "PUT", body: { settings: store.storedSettings(), changed_at: mine } });
    }
  } catch {
    // offline: the device's settings stay; the next game end or start tries again
  }
}

async function saveSettings() {
  const local = store.settingsChangedAt();
  if (!local) return;
  try {
    await api("/api/settings", { method: "PUT", body: { settings: store.storedSettings(), changed_at: local } });
  } catch {
    // offline: sent at the next start
  }
}

let settingsLoaded = Promise.resolve();

// A game page waits briefly for the server's settings: longer on a device without
// settings of its own (e.g. right after a transfer); a server that is gone fails fast.
export function waitForSettings() {
  const wait = store.settingsChangedAt() ? 1500 : 5000;
  return Promise.race([settingsLoaded, new Promise((resolve) => { setTimeout(resolve, wait); })]);
}

// Starts the device's part: call once per page. Resolves when the settings are in.
export function startSync() {
  const settings = syncSettings();
  settingsLoaded = settings;
  const afterSettings = settings.then(() => {
    sendResults();
  });
  addEventListener("online", () => { syncSettings(); sendResults(); });
  // a finished game (store.saveResult): its result and the settings go to the server
  addEventListener("reversi:result", () => { sendResults(); saveSettings(); });
  // a finished duel, once the hall has recorded it (duel/events.js, the table's "booked"
  // event): the settings are saved (ranks/milestones.js looks for a new milestone)
  addEventListener("reversi:duel-ended", () => { saveSettings(); });
  afterSettings.catch(() => {});
  return settings;
}

