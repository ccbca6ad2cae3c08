// A tournament's table (/turniere/{id}): an arena's points with each game's points and
// the streak's 🔥, a Swiss tournament's score with Buchholz and Sonneborn-Berger; who is
// at a table right now and who has paused; and the podium at the end.
import { t } from "../core/i18n.js";
import { html, nothing } from "../core/lit.js";

/**
 * A line of the table as the API sends it (`S`): an arena's or a Swiss tournament's.
 * @typedef {{rank: number, player: string, name: string, games: number, playing: boolean, left: boolean,
 *   points?: number, results?: number[], on_fire?: boolean, performance?: number | null,
 *   score?: number, buchholz?: number, sonneborn_berger?: number, you?: boolean}} Line
 */

/** "1½", "2", "½" @param {number} n */
export function half(n) {
  const whole = Math.floor(n);
  const rest = n - whole >= 0.5 ? "½" : "";
  return whole || !rest ? `${whole}${rest}` : rest;
}

/** @param {number | null | undefined} n */
const rating = (n) => (n === null || n === undefined ? "–" : String(Math.round(n)));

/** The marks after a name: at a table, paused, on fire. @param {Line} line */
function marks(line) {
  return html`${line.on_fire ? html` <span class="turnier-fire" role="img" aria-label=${t("turniere.on_fire")} title=${t("turniere.on_fire")}>🔥</span>` : nothing}${line.playing ? html` <span class="turnier-tag playing">${t("turniere.playing")}</span>` : nothing}${line.left ? html` <span class="turnier-tag paused">${t("turniere.paused")}</span>` : nothing}`;
}

/** @param {Line} line */
function arenaRow(line) {
  const results = line.results ?? [];
  return html`<tr class=${line.you ? "you" : nothing} data-player=${line.player}>
    <td class="rank">${line.rank}</td>
    <th scope="row" class="name"><span class="turnier-player">${line.name}</span>${marks(line)}
      ${results.length ? html`<span class="turnier-results" aria-label=${t("turniere.results", { list: results.join(", ") })}>${results.map((n) => html`<span class=${n > 2 ? "doubled" : nothing}>${n}</span>`)}</span>` : nothing}</th>
    <td class="points">${line.points ?? 0}</td>
    <td class="games">${line.games}</td>
    <td class="performance">${rating(line.performance)}</td></tr>`;
}

/** @param {Line} line */
function swissRow(line) {
  return html`<tr class=${line.you ? "you" : nothing} data-player=${line.player}>
    <td class="rank">${line.rank}</td>
    <th scope="row" class="name"><span class="turnier-player">${line.name}</span>${marks(line)}</th>
    <td class="points">${half(line.score ?? 0)}</td>
    <td class="buchholz">${half(line.buchholz ?? 0)}</td>
    <td class="sb">${(line.sonneborn_berger ?? 0).toLocaleString("de-DE", { maximumFractionDigits: 2 })}</td>
    <td class="games">${line.games}</td></tr>`;
}

/** The table of a tournament of `kind`. @param {"arena" | "swiss"} kind @param {Line[]} lines @param {string} caption */
export function standingsTable(kind, lines, caption) {
  if (!lines.length) return html`<p class="hint" id="turnier-standings-empty">${t("turniere.standings.empty")}</p>`;
  const head = kind === "arena"
    ? html`<th scope="col">${t("turniere.col.points")}</th><th scope="col">${t("turniere.col.games")}</th><th scope="col">${t("turniere.col.performance")}</th>`
    : html`<th scope="col">${t("turniere.col.points")}</th><th scope="col"><abbr title=${t("turniere.col.buchholz.long")} aria-label=${t("turniere.col.buchholz.long")}>${t("turniere.col.buchholz")}</abbr></th>
      <th scope="col"><abbr title=${t("turniere.col.sb.long")} aria-label=${t("turniere.col.sb.long")}>${t("turniere.col.sb")}</abbr></th><th scope="col">${t("turniere.col.games")}</th>`;
  return html`<div class="table-wrap"><table class="board-table turnier-table" id="turnier-table" data-kind=${kind}>
    <caption class="visually-hidden">${caption}</caption>
    <thead><tr><th scope="col">${t("turniere.col.rank")}</th><th scope="col">${t("turniere.col.name")}</th>${head}</tr></thead>
    <tbody>${lines.map(kind === "arena" ? arenaRow : swissRow)}</tbody></table></div>`;
}

/** The three best at the end. @param {"arena" | "swiss"} kind @param {Line[]} podium */
export function podiumView(kind, podium) {
  return html`<section class="turnier-podium" id="turnier-podium" aria-labelledby="turnier-podium-heading">
    <h2 id="turnier-podium-heading">${t("turniere.podium")}</h2>
    <ol class="podium">${podium.slice(0, 3).map((line) => html`<li class="podium-place" data-rank=${line.rank}>
      <span class="podium-rank">${t("turniere.podium.place", { n: line.rank })}</span>
      <span class="podium-name">${line.name}</span>
      <span class="podium-points">${t("turniere.podium.points", { n: kind === "arena" ? String(line.points ?? 0) : half(line.score ?? 0) })}${
        kind === "arena" && line.performance ? html` · ${t("turniere.podium.performance", { n: rating(line.performance) })}` : nothing}</span></li>`)}</ol>
  </section>`;
}
