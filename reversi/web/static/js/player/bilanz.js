// The Bilanz (/bilanz): duels from the server, computer games of every device (the
// server's plus this device's not yet sent ones), the last games (archive/recent.js).
import { api, ApiError } from "../core/api.js";
import { t } from "../core/i18n.js";
import { html, nothing, render } from "../core/lit.js";
import * as store from "../core/store.js";
import { sendResults } from "../core/sync.js";
import { levelCell, star } from "../ranks/level.js";
import { RecentGames } from "../archive/recent.js";
import { ratingSection } from "../ranks/rating.js";

/** @param {{games: number, wins: number, draws: number, losses: number}} o @param {unknown} label @param {Record<string, string>} [attrs] */
function countsRow(o, label, attrs = {}) {
  return html`<tr class=${attrs.class || nothing} id=${attrs.id || nothing}><th scope="row">${label}</th>
    <td class="games">${o.games}</td><td class="wins">${o.wins}</td><td class="draws">${o.draws}</td><td class="losses">${o.losses}</td></tr>`;
}

function headRow(/** @type {string} */ first) {
  return html`<thead><tr><th scope="col">${first}</th><th scope="col">${t("bilanz.games")}</th><th scope="col">${t("bilanz.wins")}</th>
    <th scope="col">${t("bilanz.draws")}</th><th scope="col">${t("bilanz.losses")}</th></tr></thead>`;
}

/** @param {any} me the server's answer, "offline", or null while it loads
 * @param {string | null} refused the server's reason for making no player, if it gave one */
function duelsBox(me, refused) {
  let body;
  if (me === null) body = html`<p>${t("hall.loading")}</p>`;
  else if (me === "offline" && refused) body = html`<p id="bilanz-refused">${t("hall.bilanz.refused", { why: refused })}</p>`;
  else if (me === "offline") body = html`<p>${t("hall.bilanz.offline")}</p>`;
  else {
    const d = me.record.duels;
    body = html`<p id="duels-summary">${t("hall.bilanz.summary", { level: star(me.level), week: me.points.week.points, month: me.points.month.points, year: me.points.year.points })}</p>
      ${d.games ? html`<div class="table-wrap"><table id="duels-table"><caption class="visually-hidden">${t("hall.bilanz.duels")}</caption>
        ${headRow(t("hall.col.opponent"))}
        <tbody>${countsRow(d, t("hall.bilanz.all"), { class: "all", id: "duels-all" })}
          ${d.opponents.map((/** @type {any} */ o) => countsRow(o, html`${o.nickname} ${levelCell(o.level)}`))}</tbody>
      </table></div>` : html`<p>${t("hall.bilanz.noduels")}</p>`}`;
  }
  return html`<section class="bilanz-duels" id="bilanz-duels" aria-labelledby="duels-heading">
    <h2 id="duels-heading">${t("hall.bilanz.duels")}</h2>${body}</section>`;
}

/** @param {HTMLElement} main */
export function bilanzPage(main) {
  document.title = `${t("bilanz.heading")} – ${t("hall.title")}`;
  /** @type {any} */
  let me = null;
  /** @type {string | null} */
  let refused = null;
  const recent = new RecentGames();
  recent.start();
  const draw = () => {
    const { table, duo } = store.record();
    const pending = store.outbox();
    const computer = me && typeof me === "object" ? me.record.computer : null;
    const rows = Object.entries(table).map(([level, local]) => {
      const counts = computer ? { ...(computer.levels[level] || { win: 0, draw: 0, loss: 0 }) } : { ...local };
      if (computer) for (const entry of pending) if (entry.level === level && entry.outcome in counts) counts[entry.outcome] += 1;
      return html`<tr data-level=${level}><th scope="row">${t(`level.${level}`)}</th>
        <td class="games">${counts.win + counts.draw + counts.loss}</td><td class="wins">${counts.win}</td>
        <td class="draws">${counts.draw}</td><td class="losses">${counts.loss}</td></tr>`;
    });
    render(html`<section class="bilanz" aria-labelledby="bilanz-heading">
      <h1 id="bilanz-heading">${t("bilanz.heading")}</h1>
      <p>${t("bilanz.intro")}</p>
      ${duelsBox(me, refused)}
      ${me && typeof me === "object" && me.ratings ? ratingSection(me.ratings, me.rating_history || {}) : nothing}
      <h2 id="computer-heading">${t("hall.bilanz.computer")}</h2>
      <table id="bilanz-table">${headRow(t("bilanz.level"))}<tbody>${rows}</tbody></table>
      ${computer ? html`<p id="bilanz-sync" class="hint">${pending.length ? t(pending.length === 1 ? "hall.bilanz.pending.one" : "hall.bilanz.pending", { n: pending.length }) : t("hall.bilanz.synced")}</p>` : nothing}
      <p id="bilanz-duo">${t("bilanz.duo", { n: duo })}</p>
      ${recent.update()}
    </section>`, main);
  };
  draw();
  // the queue first (this device's games are then on the server too), the player's page,
  // then the server's list of games (it makes no player: after /api/me)
  sendResults().finally(() => api("/api/me").then((answer) => { me = answer; }, (/** @type {any} */ error) => {
    me = "offline";
    if (error instanceof ApiError) refused = error.message;
  })
    .then(() => {
      recent.setMe(me);
      return me === "offline" ? recent.offlineNow(refused !== null) : recent.fetchServer();
    })
    .then(draw));
}
