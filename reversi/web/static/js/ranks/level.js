// A player's level as the pages show it: "⭐ 3", with words for screen readers in tables.
import { t } from "../core/i18n.js";
import { html } from "../core/lit.js";

/** @param {number} level */
export const star = (level) => `⭐ ${level}`;

/** @param {number} level */
export function levelCell(level) {
  return html`<span class="level"><span aria-hidden="true">${star(level)}</span><span class="visually-hidden">${t("hall.level.sr", { n: level })}</span></span>`;
}
