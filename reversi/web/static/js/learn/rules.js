// The rules page (/regeln): every rule of the seeds with a live board, the frequent
// questions as linkable <details>, the glossary and the hall's standard settings.
import { html, render } from "../core/lit.js";
import { t } from "../core/i18n.js";
import { LiveBoard } from "./liveboard.js";
import { prose } from "./text.js";

// Each rule: its anchor, its texts (rules.page.<key>.title/.text/.board) and the
// position of its board (OBF root and moves; none: the start cross).
/** @typedef {{id: string, key: string, moves?: string, counts?: boolean}} Rule */
/** @type {Rule[]} */
export const RULES = [
  { id: "regel-brett", key: "board" },
  { id: "regel-erster-zug", key: "first" },
  { id: "regel-erlaubt", key: "legal", moves: "f5d6" },
  { id: "regel-linie", key: "line", moves: "c4c5c6c3e6c7" },
  { id: "regel-mehrere", key: "lines", moves: "e6d6c3f4c4e3c6b7e2f3g3b4", counts: true },
  { id: "regel-passen", key: "pass", moves: "f5f6e6f4f3d6g4h4h5g2" },
  { id: "regel-ende", key: "end", moves: "f5d6c5f4e3f6g5e6e7" },
  { id: "regel-leere-felder", key: "empties", moves: "d3c3e6d2d1e1f1e3f2f4b4f5g3f3e2d7g4b3a3h3g5c4f7c8" },
  { id: "regel-remis", key: "draw", moves: "c4e3f2c3c5b5e6d3b4f6b3d6e7d7g5g6a6b6g7b2a7f3d8f8f4c8f7g3c2g8f5d2d1h6h8e1a2c6b1b7h2a1g4c1f1h7h5e8a5g1b8a3a4g2c7a8h4h3e2h1" },
  { id: "regel-othello", key: "othello" },
  { id: "regel-zurueck", key: "back", moves: "d3" },
  { id: "regel-erste-tipps", key: "first-tips" },
];

// The frequent questions of seeds 000 and 001 (tests/data/seed_faq.json lists them).
export const FAQS = [
  "faq-dame", "faq-feld-nimmt-nicht", "faq-brett-voll", "faq-frueh-ende", "faq-mehrere-richtungen",
  "faq-passen", "faq-othello", "faq-farbe-weg", "faq-zurueckdrehen", "faq-leere-felder",
  "faq-remis", "faq-gleichstand",
];

export const TERMS = [
  "einschliessen", "umdrehen", "aussetzen", "ecke", "startkreuz", "drehzahl", "stabil",
  "beweglichkeit", "x-feld", "c-feld", "kante", "front", "paritaet", "remis",
];

const SETTINGS = ["start", "begins", "pass", "counting", "hints", "time", "takeback"];

const faqKey = (/** @type {string} */ id) => `faq.${id.slice(4)}`;

/** @param {Rule} rule */
function rule(rule) {
  const hasBoard = "moves" in rule || rule.key === "board" || rule.key === "first";
  const label = t("rules.page.board.label", { title: t(`rules.page.${rule.key}.title`) });
  const board = hasBoard ? new LiveBoard({ moves: rule.moves ?? "", counts: !!rule.counts, label }) : null;
  return html`<section class="rule" id=${rule.id} aria-labelledby=${`${rule.id}-h`}>
    <h2 id=${`${rule.id}-h`}>${t(`rules.page.${rule.key}.title`)}</h2>
    <div class=${board ? "rule-body with-board" : "rule-body"}>
      <div class="rule-text">${prose(`rules.page.${rule.key}.text`)}
        ${rule.key === "first-tips" ? html`<p><a href="/tipps">${t("learn.tips")}</a></p>` : null}</div>
      ${board ? html`<figure class="rule-board">${board.element}
        <figcaption>${t(`rules.page.${rule.key}.board`)}</figcaption></figure>` : null}
    </div>
  </section>`;
}

/** @param {string} id */
function faq(id) {
  return html`<details class="faq" id=${id}>
    <summary>${t(`${faqKey(id)}.q`)}</summary>
    <div class="faq-answer">${prose(`${faqKey(id)}.a`)}</div>
  </details>`;
}

/** @param {string} slug */
function term(slug) {
  return html`<div class="term" id=${`begriff-${slug}`}>
    <dt>${t(`glossary.${slug}.term`)}</dt><dd>${t(`glossary.${slug}.text`)}</dd></div>`;
}

/** @param {string} slug */
function setting(slug) {
  return html`<tr><th scope="row">${t(`rules.page.settings.${slug}`)}</th>
    <td data-label=${t("rules.page.settings.col.value")}>${t(`rules.page.settings.${slug}.value`)}</td>
    <td data-label=${t("rules.page.settings.col.change")}>${t(`rules.page.settings.${slug}.change`)}</td></tr>`;
}

// Opens the <details> the address points at (also when a link on the page changes it).
function openTarget() {
  const id = decodeURIComponent(location.hash.slice(1));
  const target = id && document.getElementById(id);
  if (!target) return;
  if (target instanceof HTMLDetailsElement) target.open = true;
  target.scrollIntoView();
  const focusable = target instanceof HTMLDetailsElement ? target.querySelector("summary") : target;
  focusable?.focus({ preventScroll: true });
}

/** @param {HTMLElement} main */
export function rulesPage(main) {
  document.title = `${t("rules.page.title")} – ${t("hall.title")}`;
  const toc = [...RULES.map((r) => [r.id, t(`rules.page.${r.key}.title`)]),
    ["fragen", t("rules.page.faq.title")], ["begriffe", t("rules.page.glossary.title")],
    ["einstellungen", t("rules.page.settings.title")]];
  main.replaceChildren();
  render(html`<article class="learn rules-page" aria-labelledby="rules-title">
    <h1 id="rules-title">${t("rules.page.title")}</h1>
    ${prose("rules.page.intro")}
    <ul class="learn-links"><li><a href="/lernen">${t("learn.lesson")}</a></li><li><a href="/tipps">${t("learn.tips")}</a></li><li><a href="/eroeffnungen">${t("learn.openings")}</a></li><li><a href="/duell-ecke">${t("guide.title")}</a></li></ul>
    <nav class="toc" aria-labelledby="toc-h"><h2 id="toc-h">${t("rules.page.toc")}</h2>
      <ol>${toc.map(([id, title]) => html`<li><a href=${`#${id}`}>${title}</a></li>`)}</ol></nav>
    ${RULES.map(rule)}
    <section id="fragen" aria-labelledby="fragen-h"><h2 id="fragen-h">${t("rules.page.faq.title")}</h2>
      ${FAQS.map(faq)}</section>
    <section id="begriffe" aria-labelledby="begriffe-h"><h2 id="begriffe-h">${t("rules.page.glossary.title")}</h2>
      <dl class="glossary">${TERMS.map(term)}</dl></section>
    <section id="einstellungen" aria-labelledby="einstellungen-h"><h2 id="einstellungen-h">${t("rules.page.settings.title")}</h2>
      ${prose("rules.page.settings.text")}
      <div class="table-wrap"><table class="settings-table">
        <thead><tr><th scope="col">${t("rules.page.settings.col.rule")}</th><th scope="col">${t("rules.page.settings.col.value")}</th><th scope="col">${t("rules.page.settings.col.change")}</th></tr></thead>
        <tbody>${SETTINGS.map(setting)}</tbody></table></div>
      <p><a class="button-link" href="/allein">${t("rules.page.play")}</a></p>
    </section>
  </article>`, main);
  addEventListener("hashchange", openTarget);
  openTarget();
}
