// The end of a duel: what happened (German, from the table's `end`), the counts as a
// bar, the points the hall gave and a new level, and what to do next (rematch, the
// game's replay and analysis, hall).
import { colorName, t } from "../core/i18n.js";
import { html, nothing } from "../core/lit.js";
import { scoreBar } from "../board/panels.js";
import { replayLinks } from "../archive/links.js";
import { uncountedText } from "../ranks/counting.js";
import { ratingText } from "../ranks/rating.js";
import { config } from "../core/config.js";
import { Status } from "./status.js";
import { isTotal } from "./clocks.js";

/** @typedef {import("./page.js").TablePage} TablePage */

/** @param {TablePage} page */
export function resultText(page) {
  const table = page.table;
  const end = table.end;
  if (!end) return "";
  const mine = page.you.seat;
  if (table.status === Status.ABORTED) {
    if (end.reason === "closed") return t("end.closed");
    if (end.reason === "no_first_move") return t("end.no_first_move");
    if (end.by === null || end.by === undefined) return t("end.aborted.nobody");
    return end.by === mine ? t("end.aborted.you") : t("end.aborted", { name: page.name(end.by) });
  }
  const score = { black: end.black, white: end.white };
  const w = end.winner_seat;
  // after a resignation or a loss on time the discs are only the standing, not the score
  const early = end.reason !== "game_over";
  const key = (/** @type {string} */ name) => (early ? `${name}.early` : name);
  let head;
  if (w === null || w === undefined) head = t("end.draw", score);
  else if (mine === w) head = t(key("end.you.win"), score);
  else if (mine !== null) head = t(key("end.you.loss"), score);
  else head = t(key("end.win"), { ...score, name: page.name(w), color: colorName(table.seats[w].color) });
  const loser = w === null || w === undefined ? null : 1 - w;
  const total = isTotal(table.rules);
  /** @type {Record<string, string>} */
  const why = {
    resign: loser === mine ? t("end.why.resign.you") : t("end.why.resign", { name: page.name(loser) }),
    timeout: total ? flagText(page, end, loser, mine)
      : loser === mine ? t("end.why.timeout.you") : t("end.why.timeout", { name: page.name(loser) }),
    game_over: t("end.why.game_over"),
  };
  const standing = early ? t("end.standing", score) : "";
  return `${head} ${why[end.reason] || ""} ${standing}`.replace(/\s+/g, " ").trim();
}

/** The rematch part: offer, wait, answer, or the link to the new table. @param {TablePage} page */
function rematch(page) {
  const table = page.table;
  const mine = page.you.seat;
  const opp = page.opponent();
  const offers = table.offers.rematch || [];
  // a rematch follows a played game; an aborted one is simply over
  const can = mine !== null && table.status === Status.FINISHED && !table.seats[1].free && !table.rematch && page.state !== "moved";
  if (table.rematch) return html`<p><a href=${`/tisch/${table.rematch}`} id="rematch-link">${t("rematch.link")}</a></p>`;
  // a tournament pairs its players itself (turniere/page.js)
  if (!can || table.tournament) return nothing;
  if (offers.includes(mine)) return html`<p id="rematch-wait">${t("rematch.waiting", { name: page.name(opp) })}</p>`;
  if (offers.includes(opp)) {
    return html`<div><p id="rematch-question">${t("rematch.offered", { name: page.name(opp) })}</p>
      <div class="row">
        <button type="button" class="primary" id="rematch" @click=${() => page.intent({ type: "rematch" })}>${t("rematch.accept")}</button>
        <button type="button" id="rematch-decline" @click=${() => page.intent({ type: "rematch_decline" })}>${t("rematch.decline")}</button>
      </div></div>`;
  }
  return html`<button type="button" class="primary" id="rematch" @click=${() => page.intent({ type: "rematch" }, t("rematch.sent"))}>${t("rematch.offer")}</button>`;
}

/** The hall's part for the player at this seat: points earned, a new level; or, for
 * everyone, why the game gave no points. @param {TablePage} page */
function earned(page) {
  const end = page.table.end;
  const mine = page.you.seat;
  if (end.uncounted) {
    return html`<p class="earned uncounted" id="result-uncounted">${uncountedText(end.uncounted)}
      <a href="/rangliste#was-zaehlt" id="result-counting-link">${t("end.uncounted.link")}</a></p>`;
  }
  if (mine === null || !end.points) return nothing;
  const level = end.levels?.[mine];
  const before = end.levels_before?.[mine];
  return html`<p class="earned" id="result-points">${end.points[mine] === 1 ? t("end.points.one") : t("end.points", { n: end.points[mine] })}${level && before && level > before
    ? html` <span id="result-level">${t("end.level", { level: `⭐ ${level}` })}</span>` : nothing}</p>`;
}

/** "+12", "−3", "±0". @param {number} n */
const signed = (n) => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : "±0");

/** What the rated game did to each seat's Wertungszahl ("Wertungszahl +12"): the
 * player's own first, then the other's. @param {TablePage} page */
function ratingChanges(page) {
  const end = page.table.end;
  if (!end.ratings || !end.ratings_before) return nothing;
  const mine = page.you.seat;
  const order = mine === 1 ? [1, 0] : [0, 1];
  return html`<ul class="earned rating-changes" id="result-ratings">${order.map((seat) => {
    const before = end.ratings_before[seat];
    const after = end.ratings[seat];
    const you = seat === mine ? ".you" : "";
    const params = { name: page.name(seat), value: ratingText(after) || "", n: after.games, shown: config.hall.rating.shown_after };
    let line;
    if (after.value === null) line = t(`end.rating.later${you}`, params);
    else if (before.value === null) line = t(`end.rating.first${you}`, params);
    else line = t(`end.rating.change${you}`, { ...params, change: signed(after.value - before.value) });
    return html`<li id=${`result-rating-${seat}`}>${line}</li>`;
  })}</ul>`;
}

/** @param {TablePage} page */
export function resultBox(page) {
  const table = page.table;
  if (table.status !== Status.FINISHED && table.status !== Status.ABORTED) return nothing;
  const finished = table.status === Status.FINISHED;
  const end = table.end || {};
  return html`<section class="result" id="duel-result" aria-labelledby="duel-result-heading" tabindex="-1">
    <h2 id="duel-result-heading">${finished ? t("result.heading") : t("end.heading.aborted")}</h2>
    <p id="result-text">${resultText(page)}</p>
    ${finished ? scoreBar({ black: end.black, white: end.white }, "result-bar") : nothing}
    ${finished ? earned(page) : nothing}
    ${finished ? ratingChanges(page) : nothing}
    ${finished && !end.booking && !end.uncounted ? html`<p class="hint">${t("end.counted")}</p>` : nothing}
    ${table.tournament && page.you.seat !== null ? html`<p class="hint" id="result-tournament">${t("duel.tournament.next")}</p>` : nothing}
    <div class="result-actions">${rematch(page)}
      ${table.tournament ? html`<a href=${`/turniere/${table.tournament}`} class="button-link primary-link" id="to-tournament">${t("duel.tournament.back")}</a>` : nothing}
      ${finished && !end.booking ? replayLinks(page.code) : nothing}
      <a href="/" class="button-link" id="back-hall">${t("duel.back")}</a>
      ${finished && page.you.seat !== null ? html`<a href="/bilanz" class="button-link" id="to-bilanz">${t("result.to.bilanz")}</a>` : nothing}
    </div>
  </section>`;
}

/** Brings the result into view after a render: focused when the game ended while the
 * player was at the board or its buttons, and focused anew (the browser scrolls it into
 * view as at first, now with its full height) when the hall's record (the event booked)
 * grew it while it had the focus. @param {TablePage} page */
export function showResult(page) {
  const result = document.getElementById("duel-result");
  const again = page.refocusResult;
  page.refocusResult = false;
  if (again && result && result === document.activeElement) {
    result.blur();
    result.focus();
  }
  if (page.focusResult && result) {
    page.focusResult = false;
    const active = document.activeElement;
    if (!active || active === document.body || active.closest(".controls, .board, .prompt")) result.focus();
  }
}

/** Why a game under a total clock ended on time: a fallen flag, or a draw when the
 * opponent could not win any more (`end.by`: the flagged seat).
 * @param {TablePage} page @param {any} end @param {number | null} loser @param {number | null} mine */
function flagText(page, end, loser, mine) {
  if (loser === null) return t("end.why.flag.draw", { name: page.name(end.by) });
  return loser === mine ? t("end.why.flag.you") : t("end.why.flag", { name: page.name(loser) });
}
