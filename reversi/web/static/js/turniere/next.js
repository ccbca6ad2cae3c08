// The start page's card "Turniere": the running tournament or the next one with its
// countdown, linking to it; without one (or offline) it links to /turniere.
import { api } from "../core/api.js";
import { t } from "../core/i18n.js";
import { html, nothing } from "../core/lit.js";
import { Part } from "../core/part.js";
import { Phase, countdown, now } from "./format.js";

/** @typedef {import("./format.js").Tournament} Tournament */

export class NextTournament extends Part {
  constructor() {
    super("li", { class: "card card-turnier", id: "turniere-card" });
    /** @type {Tournament | null} the running one, else the next */
    this.next = null;
    /** @type {Tournament | null} the next, beside a running one */
    this.then = null;
    api("/api/tournaments").then(
      (/** @type {{running: Tournament[], upcoming: Tournament[]}} */ list) => {
        const soonest = [...list.upcoming].sort((a, b) => a.starts_at - b.starts_at)[0];
        this.next = list.running[0] ?? soonest ?? null;
        this.then = list.running.length ? soonest ?? null : null;
        this.update();
        if (soonest) setInterval(() => this.update(), 1000);
      },
      () => {}, // offline: the card links to the list
    );
  }

  template() {
    const next = this.next;
    const text = !next ? t("start.turniere.text")
      : next.status === Phase.RUNNING ? t("start.turniere.running", { name: next.name })
      : t("start.turniere.next", { name: next.name, countdown: countdown(next, now()) });
    const then = this.then;
    return html`<a href=${next ? next.url : "/turniere"} id="go-turniere"><span class="card-title">${t("start.turniere")}</span>
      <span class="card-text" id="turniere-next">${text}</span>
      ${then ? html`<span class="card-text">${t("start.turniere.also", { name: then.name, countdown: countdown(then, now()) })}</span>` : nothing}</a>`;
  }
}
