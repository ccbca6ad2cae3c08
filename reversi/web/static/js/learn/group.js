// The start page's "Lernen" group: the learning pages, as one element (so a page built
// with lit-html templates or with DOM calls can place it alike).
import { html, render } from "../core/lit.js";
import { t } from "../core/i18n.js";

const LINKS = [
  ["/regeln", "learn.rules", "go-rules"],
  ["/lernen", "learn.lesson", "go-lesson"],
  ["/tipps", "learn.tips", "go-tips"],
  ["/eroeffnungen", "learn.openings", "go-openings"],
  ["/eroeffnungstrainer", "learn.trainer", "go-trainer"],
  ["/aufgaben", "learn.puzzles", "go-puzzles"],
];

export function learnGroup() {
  const host = document.createElement("div");
  render(html`<section class="learn-group" aria-labelledby="learn-heading">
    <h2 id="learn-heading">${t("learn.heading")}</h2>
    <p class="tagline">${t("learn.intro")}</p>
    <ul class="cards">${LINKS.map(([href, key, id]) => html`<li class="card"><a href=${href} id=${id}>
      <span class="card-title">${t(key)}</span><span class="card-text">${t(`${key}.text`)}</span></a></li>`)}</ul>
  </section>`, host);
  return host.firstElementChild;
}
