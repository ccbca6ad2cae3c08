// The result box's way to the finished game: "Wiederholung" (/partie/{id}) and
// "Analyse" (/partie/{id}#analyse) — real links, for a duel by its table code, for a
// game on this device by its device id (archive/device.js).
import { t } from "../core/i18n.js";
import { html, nothing } from "../core/lit.js";

/** @param {string} id */
export const replayPath = (id) => `/partie/${encodeURIComponent(id)}`;

/** @param {string | null | undefined} id the game's id, none while it is being kept */
export function replayLinks(id) {
  if (!id) return nothing;
  return html`<a href=${replayPath(id)} class="button-link result-game" id="result-replay">${t("result.replay")}</a>
    <a href=${`${replayPath(id)}#analyse`} class="button-link result-game" id="result-analyse">${t("result.analyse")}</a>`;
}
