// The page for an address the hall does not know (or cannot even read): says so in
// German, under the hall's header, with the ways back.
import { t } from "./core/i18n.js";
import { html, render } from "./core/lit.js";

/** @param {HTMLElement} main @param {string} shown the address as the player typed it */
export function notFoundPage(main, shown) {
  document.title = `${t("notfound.heading")} – ${t("hall.title")}`;
  render(html`<section class="not-found" id="not-found" aria-labelledby="not-found-heading">
    <h1 id="not-found-heading">${t("notfound.heading")}</h1>
    <p>${t("notfound.text", { path: shown })}</p>
    <ul class="not-found-links">
      <li><a href="/" class="button-link primary" id="not-found-home">${t("duel.back")}</a></li>
      <li><a href="/allein">${t("start.solo")}</a></li>
      <li><a href="/regeln">${t("learn.rules")}</a></li>
    </ul>
  </section>`, main);
}
