// The hall's entry point: texts, the service worker, and the page for the path.
import { config } from "./core/config.js";
import { Engine } from "./core/engine.js";
import { loadTexts, t } from "./core/i18n.js";
import { normalCode } from "./core/ids.js";
import { startSync, waitForSettings } from "./core/sync.js";
import { watchUpdates } from "./core/update.js";
import { listenForCallbacks } from "./duel/callbacks.js";
import { watchMilestones } from "./ranks/milestones.js";
import { LEARN_ROUTES } from "./learn/routes.js";
import { STUDY_ROUTES } from "./study/routes.js";
import { ANALYSE_ROUTES } from "./analyse/routes.js";
import { legendeOf, unlockedCount } from "./legenden/rules.js";
import { legendenStars } from "./core/store.js";
import { showFernBadge } from "./fern/badge.js";

/**
 * The pages by path: each draws itself into `main`. A page that needs the engine
 * (`engine: true`) gets it booting before anything else: Pyodide takes longest.
 * @typedef {{engine?: Engine, booting?: Promise<any> | null, path: string}} Context
 * @type {{match: (path: string) => boolean, engine?: boolean, table?: boolean,
 *   page: (main: HTMLElement, context: Context) => Promise<void> | void}[]}
 */
const ROUTES = [
  { match: (path) => path === "/allein" || path === "/zu-zweit", engine: true, page: gamePage },
  // /legenden?gegner=<key>: a game against an open opponent; else the path
  { match: (path) => path === "/legenden" && openOpponent() !== null, engine: true, page: legendeGame },
  { match: (path) => path === "/legenden", page: async (main) => (await import("./legenden/page.js")).legendenPage(main) },
  { match: (path) => path.startsWith("/tisch/"), table: true, page: tablePage },
  { match: (path) => path.startsWith("/partie/"), page: replayPage },
  { match: (path) => path === "/weiter", page: async (main) => (await import("./player/transfer.js")).transferPage(main) },
  { match: (path) => path === "/profil", page: async (main) => (await import("./player/profile.js")).profilePage(main) },
  { match: (path) => path === "/fernpartien", page: async (main) => (await import("./fern/page.js")).fernPage(main) },
  { match: (path) => path === "/halle", page: async (main) => (await import("./lobby/lobby.js")).lobbyPage(main) },
  { match: (path) => path === "/bilanz", page: async (main) => (await import("./player/bilanz.js")).bilanzPage(main) },
  { match: (path) => path === "/rangliste", page: async (main) => (await import("./ranks/leaderboard.js")).leaderboardPage(main) },
  { match: (path) => path === "/turniere", page: async (main) => (await import("./turniere/list.js")).turnierePage(main) },
  { match: (path) => path.startsWith("/turniere/"), page: tournamentPage },
  { match: (path) => path === "/meilensteine", page: async (main) => (await import("./ranks/milestones.js")).milestonesPage(main) },
  ...LEARN_ROUTES,
  ...STUDY_ROUTES,
  ...ANALYSE_ROUTES,
];
const START = { page: async (/** @type {HTMLElement} */ main) => (await import("./start.js")).startPage(main) };
/** an address no route knows, or one that cannot be read */
const NOT_FOUND = { page: notFound };

/** @param {HTMLElement} main @param {Context} context */
async function notFound(main, { path }) {
  let shown = path;
  try {
    shown = decodeURI(location.pathname);
  } catch {
    // not even an escaped address: shown as it came
  }
  (await import("./notfound.js")).notFoundPage(main, shown || path);
}

/** @param {string} path */
function routeOf(path) {
  if (path === "/") return START;
  return ROUTES.find((r) => r.match(path)) || NOT_FOUND;
}

/** @param {HTMLElement} main @param {Context} context */
async function gamePage(main, { engine, booting, path }) {
  const { GamePage } = await import("./play/page.js");
  await waitForSettings();
  new GamePage(config, path === "/allein" ? "solo" : "duo", engine, booting).render(main);
}

/** The opponent of /legenden?gegner=<key> if it is open on this device, else null. */
function openOpponent() {
  const legende = legendeOf(new URLSearchParams(location.search).get("gegner"));
  return legende && legende.index < unlockedCount(legendenStars()) ? legende : null;
}

/** @param {HTMLElement} main @param {Context} context */
async function legendeGame(main, { engine, booting }) {
  const { GamePage } = await import("./play/page.js");
  await waitForSettings();
  const legende = openOpponent();
  if (!legende) return (await import("./legenden/page.js")).legendenPage(main);
  new GamePage(config, "solo", engine, booting, legende).render(main);
  return undefined;
}

/** @param {HTMLElement} main @param {Context} context */
async function tablePage(main, context) {
  let code = "";
  try {
    code = normalCode(decodeURIComponent(context.path.slice("/tisch/".length)));
  } catch {
    // a malformed address (/tisch/%E0%A4%A): no table
  }
  if (!code) return notFound(main, context);
  const { TablePage } = await import("./duel/page.js");
  listenForCallbacks({ always: true });
  new TablePage(config, code).render(main);
  return undefined;
}

/** @param {HTMLElement} main @param {Context} context */
async function tournamentPage(main, context) {
  let id = "";
  try {
    id = decodeURIComponent(context.path.slice("/turniere/".length));
  } catch {
    // a malformed address: no tournament
  }
  if (!id || id.includes("/")) return notFound(main, context);
  (await import("./turniere/page.js")).tournamentPage(main, id);
  return undefined;
}

/** @param {HTMLElement} main @param {Context} context */
async function replayPage(main, { path }) {
  const { replayPage: page } = await import("./replay/page.js");
  let id = path.slice("/partie/".length);
  try {
    id = decodeURIComponent(id);
  } catch {
    id = ""; // not even an escaped name: no game
  }
  page(main, id);
}

async function main() {
  const path = location.pathname.replace(/\/+$/, "") || "/";
  const route = routeOf(path);
  const engine = "engine" in route && route.engine ? new Engine(config) : undefined;
  const booting = engine ? engine.start() : null;
  booting?.catch(() => {}); // the game page reports a failed boot
  watchUpdates();
  await loadTexts(config.app);
  // results and settings to and from the server (a game waits briefly for newer
  // settings), then new milestones
  watchMilestones(startSync());
  const root = /** @type {HTMLElement} */ (document.getElementById("main"));
  root.replaceChildren(); // the "lädt …" line
  for (const link of document.querySelectorAll("header nav a")) {
    if (link.getAttribute("href") === location.pathname) link.setAttribute("aria-current", "page");
  }
  document.querySelector("header nav")?.setAttribute("aria-label", t("nav.label"));
  showFernBadge(); // the games that wait for the player's move, once there are Fernpartien
  await route.page(root, { engine, booting, path });
  // call-backs ("Rückruf") reach every hall page while the player sits at a table
  if (!("table" in route && route.table)) listenForCallbacks();
}

main();
