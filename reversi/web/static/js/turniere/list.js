// /turniere: the running tournaments, the coming ones with their countdown, the last
// finished ones (GET /api/tournaments), and "Turnier anlegen". The countdowns tick each
// second; the list is asked again every 30 s while the page is seen, and when a
// countdown runs out.
import { api } from "../core/api.js";
import { t } from "../core/i18n.js";
import { html, nothing, render } from "../core/lit.js";
import { CreateForm } from "./create.js";
import { Phase, countdown, factsLine, now, runningLine, turniereStyles, when } from "./format.js";

/** @typedef {import("./format.js").Tournament} Tournament */
/** @typedef {{upcoming: Tournament[], running: Tournament[], finished: Tournament[]}} Listing */

const RELOAD_MS = 30_000;

/** @param {Tournament} tournament @param {string} status the line under its name */
function item(tournament, status) {
  return html`<li class="turnier-item" data-id=${tournament.id} data-status=${tournament.status}>
    <a href=${tournament.url}><span class="turnier-name">${tournament.name}</span>
      <span class="turnier-facts">${factsLine(tournament)} · ${t("turniere.players", { n: tournament.players })}</span>
      <span class="turnier-when" role=${tournament.status === Phase.FINISHED ? nothing : "timer"}>${status}</span></a></li>`;
}

/** @param {string} id @param {string} heading @param {Tournament[]} list @param {string} none @param {(t: Tournament) => string} status */
function group(id, heading, list, none, status) {
  return html`<section class="turniere-group" id=${id} aria-labelledby=${`${id}-heading`}>
    <h2 id=${`${id}-heading`}>${heading}</h2>
    ${list.length ? html`<ul class="turniere-list">${list.map((tn) => item(tn, status(tn)))}</ul>` : html`<p class="hint">${none}</p>`}
  </section>`;
}

/** @param {HTMLElement} main */
export function turnierePage(main) {
  document.title = `${t("turniere.title")} – ${t("hall.title")}`;
  turniereStyles();
  const form = new CreateForm();
  /** @type {{list: Listing | null | "offline", at: number, asked: number}} */
  const state = { list: null, at: now(), asked: 0 };

  const body = () => {
    const list = state.list;
    if (list === null) return html`<p>${t("turniere.loading")}</p>`;
    if (list === "offline") return html`<p class="error">${t("turniere.offline")}</p>`;
    return html`
      ${group("turniere-running", t("turniere.running"), list.running, t("turniere.none.running"), (tn) => runningLine(tn, state.at))}
      ${group("turniere-upcoming", t("turniere.upcoming"), list.upcoming, t("turniere.none.upcoming"), (tn) => `${countdown(tn, state.at)} · ${when(tn.starts_at)}`)}
      ${group("turniere-finished", t("turniere.finished"), list.finished, t("turniere.none.finished"), (tn) => t("turniere.ended", { when: when(tn.ends_at ?? tn.starts_at) }))}`;
  };
  const draw = () => {
    render(html`<section class="turniere" aria-labelledby="turniere-heading">
      <h1 id="turniere-heading">${t("turniere.title")}</h1>
      <p>${t("turniere.intro")}</p>
      <div class="turniere-lists" id="turniere-lists" aria-busy=${state.list === null ? "true" : "false"}>${body()}</div>
      <details class="panel turniere-create" id="turniere-create">
        <summary><h2>${t("turniere.create")}</h2></summary>
        ${form.update()}
      </details>
    </section>`, main);
  };

  const load = async () => {
    state.asked = now();
    try {
      state.list = /** @type {Listing} */ (await api("/api/tournaments"));
    } catch {
      if (state.list === null) state.list = "offline";
    }
    state.at = now();
    draw();
  };
  const tick = () => {
    state.at = now();
    const list = state.list;
    // a countdown ran out or an arena's time is up: the server knows what became of it
    const due = typeof list === "object" && list !== null && [...list.upcoming, ...list.running].some(
      (tn) => (tn.status === Phase.UPCOMING ? tn.starts_at : tn.ends_at ?? Infinity) <= state.at,
    );
    if (due && document.visibilityState === "visible" && state.at - state.asked >= 3) load();
    else draw();
  };
  draw();
  load();
  setInterval(tick, 1000);
  setInterval(() => { if (document.visibilityState === "visible") load(); }, RELOAD_MS);
  document.addEventListener("visibilitychange", () => { if (document.visibilityState === "visible") load(); });
}
