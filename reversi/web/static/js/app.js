// The hall's entry point: texts, the service worker, and the page for the path.
import { Engine } from "./engine.js";
import { loadTexts, t } from "./i18n.js";
import { bilanzPage, startPage } from "./pages.js";

const config = JSON.parse(document.getElementById("config").textContent);

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
  const root = document.getElementById("main");
  for (const link of document.querySelectorAll("header nav a")) {
    if (link.getAttribute("href") === location.pathname) link.setAttribute("aria-current", "page");
  }
  document.querySelector("header nav").setAttribute("aria-label", t("nav.label"));
  if (game) {
    const { GamePage } = await import("./game.js");
    window.reversiGame = new GamePage(config, path === "/allein" ? "solo" : "duo", engine, booting);
    window.reversiGame.render(root);
  } else if (path === "/bilanz") {
    bilanzPage(root);
  } else {
    startPage(root);
  }
}

main();
