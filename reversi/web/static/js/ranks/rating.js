// The Wertungszahl (Glicko-2, docs/api.md): its Rangliste beside the points tables, the
// line in the Bilanz and its graph over the rated games (SVG).
import { config } from "../core/config.js";
import { t } from "../core/i18n.js";
import { html, nothing, svg } from "../core/lit.js";

/** @typedef {{value: number | null, deviation: number, provisional: boolean, games: number}} Rating */

/** The numbers of the rule (reversi/hall/rating_rules.py) as the catalogue's parameters. */
function ruleFacts() {
  const rating = config.hall.rating;
  return { moves: rating.min_moves, games: rating.pair_games_a_day, shown: rating.shown_after };
}

/** "1612", "1612?" while provisional, or null before the first few rated games.
 * @param {Rating} r */
export function ratingText(r) {
  return r.value === null ? null : `${r.value}${r.provisional ? "?" : ""}`;
}

/** The Rangliste of the Wertungszahl: a tab for each time class, the chosen one's table.
 * @param {any} board the server's /api/ratings?class=…, "offline", or null while it loads
 * @param {string} chosen the time class shown @param {(tc: string) => void} choose */
export function ratingBoard(board, chosen, choose) {
  const classes = config.hall.time_classes;
  let body;
  if (board === null) body = html`<p>${t("hall.loading")}</p>`;
  else if (board === "offline") body = html`<p class="error">${t("hall.offline")}</p>`;
  else if (!board.rows.length) body = html`<p id="rating-empty">${t("rating.board.empty")}</p>`;
  else {
    body = html`<div class="table-wrap"><table id="rating-table" class="board-table" data-class=${board.time_class}>
      <caption class="visually-hidden">${t("rating.board.title", { class: t(`timeclass.${board.time_class}`) })}</caption>
      <thead><tr><th scope="col">${t("hall.col.rank")}</th><th scope="col">${t("hall.col.name")}</th>
        <th scope="col">${t("rating.col.value")}</th><th scope="col">${t("rating.col.games")}</th></tr></thead>
      <tbody>${board.rows.map((/** @type {any} */ row) => html`<tr class=${row.you ? "you" : nothing} aria-current=${row.you ? "true" : nothing}>
        <td class="rank">${row.rank}</td>
        <th scope="row" class="name">${row.nickname}${row.you ? html`<span class="you-tag"> (${t("hall.you")})</span>` : nothing}</th>
        <td class="points" aria-label=${row.provisional ? t("seat.rating.provisional", { value: row.value }) : nothing}>${ratingText(row)}</td>
        <td class="games">${row.games}</td></tr>`)}</tbody>
    </table></div>`;
  }
  /** @param {KeyboardEvent} event @param {string} tc */
  const arrows = (event, tc) => {
    const step = { ArrowRight: 1, ArrowLeft: -1 }[event.key];
    if (!step) return;
    const next = classes[(classes.indexOf(tc) + step + classes.length) % classes.length];
    choose(next);
    /** @type {HTMLElement | null} */ (document.getElementById(`rating-tab-${next}`))?.focus();
  };
  return html`<section class="rating-board" id="rating-board" aria-labelledby="rating-heading">
    <h2 id="rating-heading">${t("rating.board.title", { class: t(`timeclass.${chosen}`) })}</h2>
    <div class="tabs" role="tablist" aria-label=${t("rating.board.classes")}>
      ${classes.map((tc) => html`<button type="button" role="tab" id=${`rating-tab-${tc}`} aria-controls="rating-panel"
        aria-selected=${String(tc === chosen)} tabindex=${tc === chosen ? "0" : "-1"}
        @click=${() => choose(tc)} @keydown=${(/** @type {KeyboardEvent} */ e) => arrows(e, tc)}>${t(`timeclass.${tc}`)}</button>`)}
    </div>
    <div id="rating-panel" role="tabpanel" aria-labelledby=${`rating-tab-${chosen}`} aria-live="polite">${body}</div>
    <p class="hint" id="rating-rules">${t("rating.rules", ruleFacts())}</p></section>`;
}

const W = 320;
const H = 120;
const PAD = 6;

/** The rating after each rated game, as a line (with the deviation as a band).
 * @param {{value: number, deviation: number, games: number, finished_at: number}[]} points */
function graph(points) {
  const lows = points.map((p) => p.value - p.deviation);
  const highs = points.map((p) => p.value + p.deviation);
  const min = Math.min(...lows);
  const max = Math.max(...highs);
  const x = (/** @type {number} */ i) => PAD + (points.length === 1 ? (W - 2 * PAD) / 2 : (i * (W - 2 * PAD)) / (points.length - 1));
  const y = (/** @type {number} */ v) => H - PAD - ((v - min) * (H - 2 * PAD)) / Math.max(max - min, 1);
  const line = points.map((p, i) => `${x(i).toFixed(1)},${y(p.value).toFixed(1)}`).join(" ");
  const band = [...points.map((p, i) => `${x(i).toFixed(1)},${y(p.value + p.deviation).toFixed(1)}`),
    ...points.map((p, i) => `${x(i).toFixed(1)},${y(p.value - p.deviation).toFixed(1)}`).reverse()].join(" ");
  const first = points[0].value;
  const last = points[points.length - 1].value;
  return html`<figure class="rating-graph" id="rating-graph">
    <svg viewBox=${`0 0 ${W} ${H}`} role="img" aria-labelledby="rating-graph-caption" preserveAspectRatio="none">
      ${svg`<polygon class="band" points=${band}></polygon>
        <polyline class="line" points=${line}></polyline>`}
    </svg>
    <figcaption id="rating-graph-caption">${t("rating.graph", { n: points.length, first, last })}</figcaption></figure>`;
}

/** The Bilanz's lines on the Wertungszahl: the number per time class and the graph.
 * @param {Record<string, Rating>} ratings @param {Record<string, any[]>} history */
export function ratingSection(ratings, history) {
  return html`<section class="bilanz-rating" id="bilanz-rating" aria-labelledby="rating-heading">
    <h2 id="rating-heading">${t("rating.heading")}</h2>
    ${Object.entries(ratings).map(([tc, r]) => {
      const shown = ratingText(r);
      const points = history[tc] || [];
      return html`<p class="rating-line" data-class=${tc} id=${`rating-${tc}`}>${shown === null
        ? t("rating.none", { class: t(`timeclass.${tc}`), n: r.games, left: config.hall.rating.shown_after - r.games })
        : t(r.provisional ? "rating.value.provisional" : "rating.value", { class: t(`timeclass.${tc}`), value: r.value ?? "", n: r.games })}</p>
        ${points.length ? graph(points) : nothing}`;
    })}
    <p class="hint"><a href="/rangliste#rating-board">${t("rating.board.link")}</a></p>
  </section>`;
}
