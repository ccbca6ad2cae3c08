// The leaderboards (/rangliste): a tab for each period the server names (config.hall),
// earlier and later periods, the player's own row, which duels count, and beside them
// the Rangliste of the Wertungszahl.
import { config } from "../core/config.js";
import { countingRule } from "./counting.js";
import { levelCell } from "./level.js";
import { ratingBoard } from "./rating.js";
import { t } from "../core/i18n.js";
import { html, nothing, render } from "../core/lit.js";
import { api } from "../core/api.js";

/** @param {number} n */
const pointsText = (n) => (n === 1 ? t("hall.points.one") : t("hall.points.many", { n }));

/** @param {string} iso */
const fmtDay = (iso) => new Date(`${iso}T12:00:00`).toLocaleDateString("de-DE", { day: "2-digit", month: "2-digit", year: "numeric" });

/** @param {any} board */
function periodTitle(board) {
  const [year, rest] = board.key.split("-");
  if (board.period === "week") return t("hall.period.week.title", { week: Number(rest.slice(1)), year, from: fmtDay(board.first_day), to: fmtDay(board.last_day) });
  if (board.period === "month") {
    const name = new Date(`${board.first_day}T12:00:00`).toLocaleDateString("de-DE", { month: "long" });
    return t("hall.period.month.title", { month: name, year });
  }
  return t("hall.period.year.title", { year });
}

/** @param {any} row */
function boardRow(row) {
  return html`<tr class=${row.you ? "you" : nothing} aria-current=${row.you ? "true" : nothing}>
    <td class="rank">${row.rank}</td>
    <th scope="row" class="name">${row.nickname}${row.you ? html`<span class="you-tag"> (${t("hall.you")})</span>` : nothing}</th>
    <td class="level-cell">${levelCell(row.level)}</td>
    <td class="points">${row.points}</td></tr>`;
}

/** @param {any} board */
function boardBody(board) {
  if (board === null) return html`<p>${t("hall.loading")}</p>`;
  if (board === "offline") return html`<p class="error">${t("hall.offline")}</p>`;
  if (!board.rows.length) {
    return html`<p id="board-empty">${t("hall.board.empty")}</p>
      ${board.current ? html`<p><a href="/">${t("hall.board.play")}</a></p>` : nothing}`;
  }
  const outside = board.you && !board.rows.some((/** @type {any} */ r) => r.you);
  return html`<p id="board-you">${board.you
    ? t("hall.board.you", { rank: board.you.rank, points: pointsText(board.you.points), players: board.players })
    : t("hall.board.you.none")}</p>
    <div class="table-wrap"><table id="board-table" class="board-table">
      <caption class="visually-hidden">${periodTitle(board)}</caption>
      <thead><tr><th scope="col">${t("hall.col.rank")}</th><th scope="col">${t("hall.col.name")}</th>
        <th scope="col">${t("hall.col.level")}</th><th scope="col">${t("hall.col.points")}</th></tr></thead>
      <tbody>${board.rows.map(boardRow)}
        ${outside ? html`<tr class="gap" aria-hidden="true"><td colspan="4">…</td></tr>${boardRow(board.you)}` : nothing}</tbody>
    </table></div>
    <p class="hint">${t("hall.board.rules")}</p>`;
}

/** @param {HTMLElement} main */
export function leaderboardPage(main) {
  document.title = `${t("hall.board.heading")} – ${t("hall.title")}`;
  const periods = config.hall.periods;
  const params = new URLSearchParams(location.search);
  const state = {
    period: periods.includes(params.get("zeitraum") || "") ? String(params.get("zeitraum")) : periods[0],
    at: /^\d{4}-\d{2}-\d{2}$/.test(params.get("am") || "") ? params.get("am") : null,
    /** @type {any} null while loading, "offline", or the server's board */
    board: null,
    /** @type {any} the Wertungszahl's board, as ``board`` */
    ratings: null,
    /** the time class of the Wertungszahl's board */
    ratingClass: config.hall.time_classes.includes(params.get("klasse") || "")
      ? String(params.get("klasse")) : config.hall.time_classes[0],
  };
  /** @param {string | null} at */
  const go = (at, period = state.period) => { state.period = period; state.at = at; load(); };
  /** @param {KeyboardEvent} event @param {string} p */
  const arrows = (event, p) => {
    const step = { ArrowRight: 1, ArrowLeft: -1 }[event.key];
    if (!step) return;
    const next = periods[(periods.indexOf(p) + step + periods.length) % periods.length];
    go(null, next);
    draw();
    /** @type {HTMLElement} */ (main.querySelector(`#tab-${next}`)).focus();
  };
  const draw = () => {
    const board = typeof state.board === "object" ? state.board : null;
    render(html`<section class="hall-board" aria-labelledby="board-heading">
      <h1 id="board-heading">${t("hall.board.heading")}</h1>
      <p>${t("hall.board.intro")}</p>
      <div class="tabs" role="tablist" aria-label=${t("hall.board.periods")}>
        ${periods.map((p) => html`<button type="button" role="tab" id=${`tab-${p}`} aria-controls="board-panel"
          aria-selected=${String(p === state.period)} tabindex=${p === state.period ? "0" : "-1"}
          @click=${() => go(null, p)} @keydown=${(/** @type {KeyboardEvent} */ e) => arrows(e, p)}>${t(`hall.period.${p}`)}</button>`)}
      </div>
      <div id="board-panel" role="tabpanel" tabindex="0" aria-labelledby=${`tab-${state.period}`}>
        <h2 id="board-title">${board ? periodTitle(board) : ""}</h2>
        <div class="period-nav">
          <button type="button" id="board-earlier" @click=${() => go(board?.previous)}>${t("hall.board.earlier")}</button>
          <button type="button" class="link" id="board-current" ?hidden=${!board || board.current} @click=${() => go(null)}>${t("hall.board.current")}</button>
          <button type="button" id="board-later" ?disabled=${!board?.next} @click=${() => go(board?.next)}>${t("hall.board.later")}</button>
        </div>
        <div id="board-body" aria-live="polite">${boardBody(state.board)}</div>
      </div>
      ${ratingBoard(state.ratings, state.ratingClass, chooseClass)}
      <section class="counting" id="was-zaehlt" aria-labelledby="counting-heading">
        <h2 id="counting-heading">${t("counting.heading")}</h2>
        ${countingRule()}
        <p><a href="/duell-ecke">${t("counting.guide")}</a></p>
      </section></section>`, main);
  };

  async function load() {
    const query = new URLSearchParams({ zeitraum: state.period });
    if (state.at) query.set("am", state.at);
    history.replaceState(null, "", `/rangliste?${query}`);
    const ask = new URLSearchParams({ period: state.period });
    if (state.at) ask.set("at", state.at);
    draw();
    try {
      state.board = await api(`/api/leaderboard?${ask}`);
      main.dataset.period = state.board.key;
    } catch {
      state.board = "offline";
    }
    draw();
  }
  /** The Wertungszahl's board of time class ``tc``. @param {string} tc */
  function chooseClass(tc) {
    state.ratingClass = tc;
    state.ratings = null;
    draw();
    api(`/api/ratings?class=${encodeURIComponent(tc)}`).then((answer) => { if (tc === state.ratingClass) state.ratings = answer; },
      () => { state.ratings = "offline"; }).then(draw);
  }
  load();
  chooseClass(state.ratingClass);
}
