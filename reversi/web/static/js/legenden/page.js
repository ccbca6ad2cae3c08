// The path of the Legenden (/legenden): fifty opponents, one after another. Each shows
// its name, place, style and the stars won; an open one links to its game
// (/legenden?gegner=<key>, play/page.js), a locked one says what opens it.
import { config } from "../core/config.js";
import { t } from "../core/i18n.js";
import { html, nothing, render } from "../core/lit.js";
import * as store from "../core/store.js";
import { unlockedCount } from "./rules.js";

/** Three stars, the won ones filled, with their count for screen readers. @param {number} n */
export function starsView(n) {
  return html`<span class="stars" role="img" aria-label=${t("legenden.stars", { n })}>${"★".repeat(n)}${"☆".repeat(3 - n)}</span>`;
}

/** The Legenden's styles, once per page (the path's and the game's). */
export function legendenStyles() {
  const href = `${config.app}css/legenden.css`;
  if (![...document.querySelectorAll("link")].some((link) => link.getAttribute("href") === href)) {
    document.head.append(Object.assign(document.createElement("link"), { rel: "stylesheet", href }));
  }
}

/** @param {HTMLElement} main */
export function legendenPage(main) {
  document.title = `${t("legenden.heading")} – ${t("hall.title")}`;
  legendenStyles();
  const progress = store.legendenStars();
  const open = unlockedCount(progress);
  const beaten = progress.filter((n) => n > 0).length;
  const total = progress.reduce((sum, n) => sum + n, 0);
  // the first open one not beaten yet (one put on the path before beaten ones, too)
  const next = config.hall.legenden.find((_, index) => index < open && !progress[index]) || config.hall.legenden[open - 1];
  const item = (/** @type {{key: string, style: string, level: string, anchor: boolean}} */ legende, /** @type {number} */ index) => {
    const stars = progress[index] || 0;
    const locked = index >= open;
    const anchor = legende.anchor;
    const body = html`<span class="legende-number" aria-hidden="true">${index + 1}</span>
      <span class="legende-main"><span class="legende-name">${t(`legende.${legende.key}.name`)}</span>
        <span class="legende-place">${t(`legende.${legende.key}.place`)} · ${t(`legenden.style.${legende.style}`)}</span></span>
      ${locked ? html`<span class="legende-lock">${t("legenden.locked")}</span>` : starsView(stars)}`;
    return html`<li class="legende" data-key=${legende.key} data-state=${locked ? "locked" : stars ? "beaten" : "open"}>
      ${anchor ? html`<p class="legende-band">${t("legenden.band", { level: t(`level.${legende.level}`) })}</p>` : nothing}
      ${locked ? html`<div class="legende-row">${body}</div>`
        : html`<a class="legende-row" href=${`/legenden?gegner=${legende.key}`}
          aria-label=${t("legenden.item", { n: index + 1, name: t(`legende.${legende.key}.name`), place: t(`legende.${legende.key}.place`), style: t(`legenden.style.${legende.style}`), stars: t("legenden.stars", { n: stars }) })}>${body}</a>`}
    </li>`;
  };
  render(html`<section class="legenden" aria-labelledby="legenden-heading">
    <h1 id="legenden-heading">${t("legenden.heading")}</h1>
    <p>${t("legenden.intro", { n: config.hall.legenden.length, one: config.hall.stars[0], two: config.hall.stars[1], three: config.hall.stars[2] })}</p>
    <p id="legenden-progress">${t("legenden.progress", { beaten, n: config.hall.legenden.length, stars: total })}</p>
    <p><a class="button-link primary-link" id="legenden-next" href=${`/legenden?gegner=${next.key}`}>${t("legenden.next", { name: t(`legende.${next.key}.name`) })}</a></p>
    <ol class="legenden-path" id="legenden-path">${config.hall.legenden.map(item)}</ol>
  </section>`, main);
}
