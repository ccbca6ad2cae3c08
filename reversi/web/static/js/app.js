// The hall's entry point: texts, the service worker, and the page for the path.
import { Engine } from "./engine.js";
import { loadTexts, t } from "./i18n.js";
import { bilanzPage, startPage } from "./pages.js";
import { listenHall, transferPage } from "./lobby.js";
import { leaderboardPage, milestonesPage, startHall, waitForSettings } from "./hall.js";

const config = JSON.parse(document.getElementById("config").textContent);
const STUDY = {
  "/tipps": ["./study/tips.js", "tipsPage"],
  "/eroeffnungen": ["./study/openings.js", "openingsPage"],
  "/aufgaben": ["./study/puzzles.js", "puzzlesPage"],
};

async function main() {
  const path = location.pathname.replace(/\/+$/, "") || "/";
  const game = path === "/allein" || path === "/zu-zweit";
  // the engine boots first: loading Pyodide takes longest, the page draws meanwhile
  const engine = game ? new Engine(config) : null;
  const booting = engine ? engine.start() : null;
  booting?.catch(() => {}); // the game page reports a failed boot
  if ("serviceWorker" in navigator) {
    navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch((error) => {
      console.warn("service worker not registered:", error);
    });
  }
  await loadTexts(config.app);
  // results and settings to and from the server; a game waits briefly for newer settings
  startHall();
  const root = document.getElementById("main");
  for (const link of document.querySelectorAll("header nav a")) {
    if (link.getAttribute("href") === location.pathname) link.setAttribute("aria-current", "page");
  }
  document.querySelector("header nav").setAttribute("aria-label", t("nav.label"));
  if (game) {
    const { GamePage } = await import("./game.js");
    await waitForSettings();
    window.reversiGame = new GamePage(config, path === "/allein" ? "solo" : "duo", engine, booting);
    window.reversiGame.render(root);
  } else if (path.startsWith("/tisch/")) {
    const { TablePage } = await import("./duel.js");
    listenHall({ always: true });
    window.reversiTable = new TablePage(config, decodeURIComponent(path.slice("/tisch/".length)));
    window.reversiTable.render(root);
  } else if (STUDY[path]) {
    // the study pages: tips, openings, puzzles (js/study/)
    const [module, page] = STUDY[path];
    await (await import(module))[page](root);
  } else if (path === "/weiter") {
    transferPage(root);
  } else if (path === "/bilanz") {
    bilanzPage(root);
  } else if (path === "/rangliste") {
    leaderboardPage(root);
  } else if (path === "/meilensteine") {
    milestonesPage(root);
  } else {
    startPage(root);
  }
}

main().then(() => {
  // call-backs ("Rückruf") reach every hall page while the player sits at a table
  if (!location.pathname.startsWith("/tisch/")) listenHall();
});
