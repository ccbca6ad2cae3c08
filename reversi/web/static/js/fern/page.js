// /fernpartien: the player's correspondence games, "Du bist dran" first (the server's
// order), each a link to where it stands (/tisch/{code}) — on every device of the player.
import { errorText, api } from "../core/api.js";
import { colorName, t } from "../core/i18n.js";
import { html, nothing, render } from "../core/lit.js";
import { clockName } from "../duel/clocks.js";
import { clockText } from "../duel/seats.js";
import { Status } from "../duel/status.js";

/** @typedef {import("./data.js").Fernpartie} Fernpartie */

/** @param {Fernpartie} game @param {number} offset the server's clock minus this one's, in ms */
function item(game, offset) {
  const left = game.deadline === null ? null : game.deadline - (Date.now() + offset) / 1000;
  const who = game.status === Status.WAITING
    ? t("fern.waiting")
    : game.your_turn ? t("fern.yours") : t("fern.theirs", { name: game.opponent || "?" });
  return html`<li class=${`fern-game${game.your_turn ? " yours" : ""}${game.urgent ? " urgent" : ""}`} data-code=${game.code}>
    <span class="fern-who">${who}</span>
    <span class="fern-rules">${game.opponent ? html`${t("fern.against", { name: game.opponent })} · ` : nothing}${game.color ? html`${colorName(game.color)} · ` : nothing}${clockName(game.clock)} · ${game.rated ? t("rules.rated.yes") : t("rules.rated.no")}</span>
    ${left === null ? nothing : html`<span class="fern-left">${t("fern.left", { time: clockText(left) })}${game.urgent ? html` <strong class="fern-urgent">${t("fern.urgent")}</strong>` : nothing}</span>`}
    <a class="button" href=${game.link} aria-label=${t("fern.open.label", { code: game.code })}>${t("fern.open")}</a></li>`;
}

/** @param {HTMLElement} main */
export async function fernPage(main) {
  document.title = `${t("fern.heading")} – ${t("hall.title")}`;
  /** @type {import("./data.js").Fernpartien | null} */
  let data = null;
  let failed = "";
  let offset = 0;
  const draw = () => render(html`<section class="fern" aria-labelledby="fern-heading">
    <h1 id="fern-heading">${t("fern.heading")}</h1>
    <p>${t("fern.intro")}</p>
    ${failed ? html`<p class="form-msg" role="status" id="fern-failed">${t("fern.failed", { why: failed })}</p>`
      : !data ? html`<p>${t("fern.loading")}</p>`
      : data.games.length
        ? html`<ul class="halle-list fern-list" id="fern-list">${data.games.map((g) => item(g, offset))}</ul>`
        : html`<p class="hint" id="fern-none">${t("fern.none")} <a href="/">${t("nav.home")}</a></p>`}
    <p class="hint">${t("fern.other_device")} <a href="/profil">${t("transfer.heading")}</a></p></section>`, main);
  draw();
  try {
    data = await api("/api/fernpartien");
    offset = (data?.server_time || Date.now() / 1000) * 1000 - Date.now();
  } catch (error) {
    failed = errorText(error);
  }
  draw();
  setInterval(draw, 30_000);
}
