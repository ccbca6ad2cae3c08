// Milestones: the page /meilensteine (the player's milestones, level and points from
// /api/me) and the notice of a milestone just reached, looked for at start and after a duel.
import { api } from "../core/api.js";
import { config } from "../core/config.js";
import { t } from "../core/i18n.js";
import { html, render } from "../core/lit.js";
import { star } from "./level.js";

export async function checkMilestones() {
  let data;
  try {
    data = await api("/api/milestones");
  } catch {
    return;
  }
  if (!data.new_milestones?.length) return;
  showNotice(data.new_milestones, data.level);
  api("/api/milestones/seen", { method: "POST", body: { ids: data.new_milestones } }).catch(() => {});
}

/** @param {string[]} ids @param {number} level */
function showNotice(ids, level) {
  const main = document.getElementById("main");
  if (!main) return;
  let box = document.getElementById("milestone-notice");
  if (!box) {
    box = document.createElement("div");
    Object.assign(box, { className: "milestone-notice", id: "milestone-notice" });
    box.setAttribute("role", "status");
    // on a board page after the result and the buttons: it must not push the board or
    // the result off the screen
    const under = main.querySelector(".play-under");
    if (under) under.append(box);
    else main.prepend(box);
  }
  const names = ids.map((id) => t(`hall.milestone.${id}`)).join(", ");
  const shown = box;
  render(html`<p><strong>${t(ids.length > 1 ? "hall.notice.many" : "hall.notice.one")}</strong> ${names}.
      ${t("hall.notice.level", { level: star(level) })}</p>
    <p class="milestone-notice-actions"><a href="/meilensteine">${t("hall.notice.link")}</a>
      <button type="button" class="link" @click=${() => shown.remove()}>${t("hall.notice.close")}</button></p>`, box);
  dispatchEvent(new CustomEvent("reversi:level", { detail: { level, milestones: ids } }));
}

/** Looks for new milestones once the settings are in (`settings`: core/sync.js
 * `startSync`) and after each finished duel.
 * @param {Promise<unknown>} settings */
export function watchMilestones(settings) {
  settings.then(() => checkMilestones(), () => {});
  addEventListener("reversi:duel-ended", () => { checkMilestones(); });
}

/** @param {any} m */
function milestoneItem(m) {
  const name = t(`hall.milestone.${m.id}`);
  return html`<li class=${m.done ? "milestone done" : "milestone"} data-milestone=${m.id}>
    <span class="milestone-mark" aria-hidden="true">${m.done ? "✓" : "○"}</span>
    <div class="milestone-main"><span class="milestone-name">${name}</span>
      <progress max=${m.goal} value=${m.progress} aria-label=${name}></progress>
      <span class="milestone-progress">${m.done ? t("hall.milestone.done") : t("hall.milestone.progress", { n: m.progress, goal: m.goal })}</span>
    </div></li>`;
}

/** @param {any} me */
function pointsSummary(me) {
  return html`<table class="points-table" id="my-points"><caption>${t("hall.points.caption")}</caption>
    <thead><tr><th scope="col">${t("hall.col.period")}</th><th scope="col">${t("hall.col.points")}</th><th scope="col">${t("hall.col.rank")}</th></tr></thead>
    <tbody>${config.hall.periods.map((p) => html`<tr data-period=${p}>
      <th scope="row"><a href=${`/rangliste?zeitraum=${p}`}>${t(`hall.period.${p}`)}</a></th>
      <td class="points">${me.points[p].points}</td><td class="rank">${me.points[p].rank ? me.points[p].rank : "–"}</td></tr>`)}</tbody>
  </table>`;
}

/** @param {HTMLElement} main */
export function milestonesPage(main) {
  document.title = `${t("hall.milestones.heading")} – ${t("hall.title")}`;
  /** @param {unknown} body */
  const draw = (body) => render(html`<section class="hall-milestones" aria-labelledby="milestones-heading">
    <h1 id="milestones-heading">${t("hall.milestones.heading")}</h1>
    <p>${t("hall.milestones.intro")} <a href="/rangliste#was-zaehlt">${t("end.uncounted.link")}</a></p>
    <div id="milestones-body">${body}</div></section>`, main);
  draw(html`<p>${t("hall.loading")}</p>`);
  api("/api/me").then((me) => {
    const reached = me.milestones.filter((/** @type {any} */ m) => m.done).length;
    draw(html`<p class="my-level" id="my-level">${t("hall.milestones.level", { name: me.nickname, level: star(me.level) })}</p>
      <p>${t("hall.milestones.count", { n: reached, all: me.milestones.length })}</p>
      <ol class="milestones" id="milestones">${me.milestones.map(milestoneItem)}</ol>
      ${pointsSummary(me)}`);
  }).catch(() => draw(html`<p class="error">${t("hall.offline")}</p>`));
}
