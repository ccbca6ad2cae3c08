// A game against an opponent of /legenden on the solo board (play/page.js): the
// opponent's card instead of the level's panel, the stars under the result, and the
// stars kept when the game ends.
import { colorName, t } from "../core/i18n.js";
import { html, nothing } from "../core/lit.js";
import * as store from "../core/store.js";
import { legendenStyles, starsView } from "./page.js";
import { starsFor, unlockedCount } from "./rules.js";

/** @typedef {import("../play/page.js").GamePage} GamePage */
/** @typedef {import("./rules.js").Opponent} Opponent */
/** @typedef {import("../core/types.js").View} View */

/** The game's heading: the opponent's, or the page's own. @param {GamePage} page */
export function legendeTitle(page) {
  return page.legende ? t("legenden.game.title", { name: t(`legende.${page.legende.key}.name`) }) : t(`game.${page.mode}.title`);
}

/** The line under it: the opponent's number and style, the player's colour. @param {GamePage} page @param {View} view */
export function legendeInfo(page, view) {
  const legende = /** @type {Opponent} */ (page.legende);
  const color = colorName(view.players.black === "human" ? "black" : "white");
  return t("legenden.game.info", { n: legende.number, total: page.config.hall.legenden.length, style: t(`legenden.style.${legende.style}`), color });
}

/** Who the opponent is, its best stars so far, who begins, a new game. @param {GamePage} page */
export function legendePanel(page) {
  legendenStyles();
  const legende = /** @type {Opponent} */ (page.legende);
  const best = store.legendenStars()[legende.index] || 0;
  return html`<section class="panel legende-card" aria-labelledby="legende-heading">
    <h2 id="legende-heading">${t(`legende.${legende.key}.name`)}</h2>
    <p class="legende-place">${t(`legende.${legende.key}.place`)} · ${t(`legenden.style.${legende.style}`)}</p>
    <p id="legende-sketch">${t(`legende.${legende.key}.sketch`)}</p>
    <p>${t("legenden.best")} ${starsView(best)}</p>
    <fieldset class="choice"><legend>${t("setup.begins")}</legend>
      ${[["me", t("begins.me")], ["computer", t("begins.computer")]].map(([value, text]) => html`<label><input type="radio" name="begins" value=${value}
        .checked=${value === page.settings.begins} @change=${() => { page.settings.begins = value; store.saveSetting("begins", value); }}> ${text}</label>`)}
    </fieldset>
    <button type="button" class="primary" id="start-solo" @click=${() => page.askNew("setup")}>${t("setup.start")}</button>
    ${page.confirmNew("setup", "start-solo")}
    <p><a href="/legenden" id="legenden-back">${t("legenden.back")}</a></p>
  </section>`;
}

/** Under the result: the stars of this game, and the next opponent once it is open. @param {GamePage} page */
export function legendeResult(page) {
  if (!page.legende || page.stars === null) return nothing;
  const legende = page.legende;
  const list = page.config.hall.legenden;
  const open = page.stars > 0 && legende.index + 1 < list.length && unlockedCount(store.legendenStars()) > legende.index + 1;
  const next = open ? list[legende.index + 1] : null;
  return html`<p id="legende-stars">${page.stars ? t("legenden.won", { stars: t("legenden.stars", { n: page.stars }) }) : t("legenden.not.won")} ${starsView(page.stars)}</p>
    ${next ? html`<p><a class="button-link" id="legende-next" href=${`/legenden?gegner=${next.key}`}>${t("legenden.next", { name: t(`legende.${next.key}.name`) })}</a></p>` : nothing}`;
}

/**
 * A finished game against the opponent: its stars, kept if they are the best so far, and
 * its key in the result (`entry`). Before the result is saved: that sends the settings,
 * the progress with them.
 * @param {GamePage} page @param {View} view @param {Record<string, any>} entry
 */
export function legendeRecord(page, view, entry) {
  if (!page.legende || view.legende !== page.legende.key || !view.result) return;
  const r = view.result;
  page.stars = starsFor(entry.human === "black" ? r.black - r.white : r.white - r.black);
  store.saveStars(page.legende.index, page.stars);
  entry.legende = page.legende.key;
}
