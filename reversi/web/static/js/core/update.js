// The service worker (sw.js) and its updates: a new build's worker takes over at
// once, and the page says so — "Neue Version – neu laden" with a button. It never
// reloads by itself: a game in the middle stays as it is until the player chooses.
import { t } from "./i18n.js";
import { html, render } from "./lit.js";

function showNotice() {
  let box = document.getElementById("update-notice");
  if (!box) {
    box = document.createElement("div");
    Object.assign(box, { id: "update-notice", className: "update-notice" });
    box.setAttribute("role", "status");
    document.querySelector("header.top")?.after(box);
  }
  render(html`<p><span>${t("update.notice")}</span>
    <button type="button" id="update-reload" @click=${() => location.reload()}>${t("update.reload")}</button></p>`, box);
}

export function watchUpdates() {
  if (!("serviceWorker" in navigator)) return;
  // a page that had no worker yet gets its first one: that is no update
  let controlled = !!navigator.serviceWorker.controller;
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (controlled) showNotice();
    controlled = true;
  });
  navigator.serviceWorker.register("/sw.js", { scope: "/" }).then((registration) => {
    // a page left open (a long duel, a tab from yesterday) looks for a new build too
    const look = () => registration.update().catch(() => {});
    setInterval(look, 60 * 60 * 1000);
    document.addEventListener("visibilitychange", () => { if (document.visibilityState === "visible") look(); });
  }, (error) => {
    console.warn("service worker not registered:", error);
  });
}
