// "🎯 Duell-Ecke" (/duell-ecke): how a duel works at this hall — the table, its code
// and link, the table's rules and clocks, Fernpartien, the call-back, chat and muting, take-backs,
// resigning and aborting, the rematch, the lobby, quick pairing, watching, another
// device, which games count, and the Wertungszahl. Texts only (keys `guide.*`), no engine: it draws at
// once, and offline like every page of the client.
import { countingRule } from "../ranks/counting.js";
import { t } from "../core/i18n.js";
import { html, render } from "../core/lit.js";
import { prose } from "./text.js";

/** The sections: their anchors and keys (`guide.<key>.title` / `.text`). */
export const GUIDE = [
  { id: "tisch", key: "table" },
  { id: "einladen", key: "invite" },
  { id: "regeln", key: "rules" },
  { id: "zugzeit", key: "clock" },
  { id: "fernpartien", key: "fern" },
  { id: "rueckruf", key: "callback" },
  { id: "chat", key: "chat" },
  { id: "zuruecknehmen", key: "takeback" },
  { id: "aufgeben", key: "resign" },
  { id: "revanche", key: "rematch" },
  { id: "halle", key: "lobby" },
  { id: "schnelle-partie", key: "quick" },
  { id: "zuschauen", key: "watch" },
  { id: "anderes-geraet", key: "device" },
  { id: "punkte", key: "points" },
  { id: "wertungszahl", key: "rating" },
];

/** @param {{id: string, key: string}} part */
function section(part) {
  return html`<section class="rule guide-part" id=${part.id} aria-labelledby=${`${part.id}-h`}>
    <h2 id=${`${part.id}-h`}>${t(`guide.${part.key}.title`)}</h2>
    <div class="rule-text">${prose(`guide.${part.key}.text`)}
      ${part.key === "points" ? countingRule() : null}</div>
  </section>`;
}

/** @param {HTMLElement} main */
export function duelGuidePage(main) {
  document.title = `${t("guide.title")} – ${t("hall.title")}`;
  render(html`<article class="learn guide-page" aria-labelledby="guide-title">
    <h1 id="guide-title">${t("guide.title")}</h1>
    ${prose("guide.intro")}
    <ul class="learn-links"><li><a href="/regeln">${t("guide.to.rules")}</a></li><li><a href="/halle">${t("guide.to.hall")}</a></li></ul>
    <nav class="toc" aria-labelledby="guide-toc-h"><h2 id="guide-toc-h">${t("rules.page.toc")}</h2>
      <ol>${GUIDE.map((p) => html`<li><a href=${`#${p.id}`}>${t(`guide.${p.key}.title`)}</a></li>`)}</ol></nav>
    ${GUIDE.map(section)}
    <p><a class="button-link" href="/" id="guide-play">${t("guide.play")}</a></p>
  </article>`, main);
  let id = "";
  try {
    id = decodeURIComponent(location.hash.slice(1));
  } catch {
    // a malformed anchor: the page from its top
  }
  if (id) document.getElementById(id)?.scrollIntoView();
}
