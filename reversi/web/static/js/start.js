// The start page (/): the two ways to play, "In der Halle" (the lobby), "zu 2" and
// joining by code, the next tournament, the Bilanz, and the learning pages.
import { t } from "./core/i18n.js";
import { html, nothing, render } from "./core/lit.js";
import { DuelButton, JoinForm } from "./duel/open.js";
import { learnGroup } from "./learn/group.js";
import { Lobby } from "./lobby/lobby.js";
import { NextTournament } from "./turniere/next.js";

/** @param {HTMLElement} main */
export function startPage(main) {
  document.title = t("hall.title");
  const card = (/** @type {string} */ href, /** @type {string} */ title, /** @type {string} */ text, /** @type {string} */ id, go = "") =>
    html`<li class=${go ? "card card-play" : "card"}><a href=${href} id=${id}><span class="card-title">${title}</span><span class="card-text">${text}</span>
      ${go ? html`<span class="card-go">${go}</span>` : nothing}</a></li>`;
  // a phone shows the two ways to play at once, then "Schnelle Partie" and the open
  // tables; a desktop the ways to play on the left, the hall on the right
  render(html`<section class="start" aria-labelledby="start-heading">
    <h1 id="start-heading">${t("start.heading")}</h1>
    <p class="tagline">${t("hall.tagline")}</p>
    <div class="start-grid">
      <ul class="cards cards-play">
        ${card("/allein", t("start.solo"), t("start.solo.text"), "go-solo", t("start.solo.go"))}
        ${card("/zu-zweit", t("start.duo"), t("start.duo.text"), "go-duo", t("start.duo.go"))}
      </ul>
      <div class="start-halle">${new Lobby().update()}</div>
      <ul class="cards cards-more">
        ${duelCard()}
        ${new NextTournament().update()}
        ${card("/legenden", t("start.legenden"), t("start.legenden.text"), "go-legenden")}
        ${card("/bilanz", t("start.bilanz"), t("start.bilanz.text"), "go-bilanz")}
      </ul>
    </div>
    ${learnGroup()}</section>`, main);
}

/** The card for duels. */
function duelCard() {
  return html`<li class="card card-duel" id="duel-slot"><div>
    <h2 class="card-title">${t("start.duel")}</h2>
    <span class="card-text">${t("start.duel.text")}</span>
    ${new DuelButton({ bar: false }).update()}
    ${new JoinForm("join").update()}
    <p class="card-more"><a href="/duell-ecke" id="duel-guide-link">${t("guide.link")}</a></p>
  </div></li>`;
}
