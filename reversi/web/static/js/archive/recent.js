// The Bilanz's "Letzte Partien": every game of the player, newest first, each a link to
// its replay (an analysed game's with each side's accuracy and Fehler and Patzer) —
// this device's games (archive/device.js) and the server's list
// (GET /api/games?player=me: duels, and device games of every device), a game of this
// device once (the server's `client_id` is the device id). Paged with "Mehr"; without
// a connection it lists this device's games.
import { accuracyParts } from "../analyse/accuracy.js";
import { t } from "../core/i18n.js";
import { html, nothing } from "../core/lit.js";
import { api, ApiError } from "../core/api.js";
import { Part } from "../core/part.js";
import { listGames } from "./device.js";
import { replayPath } from "./links.js";

const PAGE = 20;

/** @param {number} seconds */
const dateText = (seconds) => new Date(seconds * 1000).toLocaleString("de-DE", { dateStyle: "short", timeStyle: "short" });

/** @typedef {{at: number, link: string, game: any, local: boolean}} Entry */

/**
 * What the list says of one game: who played whom, how it ended, when.
 * @param {any} g a game of the device's archive or of the server's list
 * @param {(code: string) => number | undefined} points a duel's points, by table code
 * @returns {{what: string, score: string, date: string, outcome: string}}
 */
export function entryParts(g, points) {
  const r = g.result || {};
  const date = dateText(g.finished_at);
  const score = { black: r.black, white: r.white };
  const mine = g.you === "black" || g.you === "white" ? g.you : null;
  const outcome = mine ? (!r.winner ? "draw" : r.winner === mine ? "win" : "loss") : "";
  let mineScore = t("bilanz.game.score", { outcome: outcome ? t(`outcome.${outcome}`) : "", ...score });
  // a resigned or timed-out game's score is only the standing
  if (r.reason === "resign" || r.reason === "timeout") mineScore = t("bilanz.game.early", { score: mineScore, why: t(`bilanz.game.${r.reason}`) });
  const level = g.black?.level || g.white?.level;
  if (g.kind === "device" && level && mine) {
    return { what: t("bilanz.game.solo", { level: t(`level.${level}`), color: t(`color.${mine}`) }), score: mineScore, date, outcome };
  }
  if (g.kind === "device") {
    const duo = r.winner ? t("result.win", { color: t(`color.${r.winner}`), ...score }) : t("result.draw", score);
    return { what: t("bilanz.game.duo"), score: duo.replace(/\.$/, ""), date, outcome: "" };
  }
  const other = mine === "black" ? "white" : "black";
  if (g.kind === "duel" && mine) {
    const got = points(g.id);
    const what = t("bilanz.game.duel", { name: g[other]?.name || t(`color.${other}`) });
    return { what, score: got === undefined ? mineScore : t("bilanz.game.points", { score: mineScore, points: got }), date, outcome };
  }
  const what = t("bilanz.game.other", { first: g.black?.name || t("color.black"), second: g.white?.name || t("color.white") });
  return { what, score: t("bilanz.game.score", { outcome: "", ...score }).trim(), date, outcome: "" };
}

/** One entry: a link whose name says it all ("…, gewonnen 13:0, 01.12.26, 11:55", and an
 * analysed game's accuracy and Fehler/Patzer, each side unbroken on the screen).
 * @param {string} href @param {ReturnType<typeof entryParts>} e @param {ReturnType<typeof accuracyParts>} analysis */
const entryLink = (href, e, analysis) => html`<a href=${href}
  aria-label=${analysis ? `${t("bilanz.game.label", e)}, ${analysis.head} ${analysis.sides.join(", ")}` : t("bilanz.game.label", e)}>
  <span class="recent-what">${e.what}</span>
  <span class="recent-line"><span class="recent-score" data-outcome=${e.outcome || nothing}>${e.score}</span>
  <span class="recent-date">${e.date}</span></span>
  ${analysis ? html`<span class="recent-accuracy">${analysis.head} ${analysis.sides.map((side, i) => html`${i ? ", " : ""}<span class="recent-side">${side}</span>`)}</span>` : nothing}</a>`;

export class RecentGames extends Part {
  constructor() {
    super("section", { class: "recent-games", id: "recent-games", "aria-labelledby": "recent-heading" });
    /** this device's games @type {any[]} */
    this.local = [];
    /** the server's, page after page @type {any[]} */
    this.server = [];
    /** the next page's `before`; null: no more (or no server) @type {string | null} */
    this.next = null;
    this.offline = false;
    this.loading = true;
    /** whether the server answered (or cannot) */
    this.asked = false;
    this.limit = PAGE;
    /** points of the recent duels, by table code @type {Map<string, number>} */
    this.points = new Map();
  }

  /** Reads this device's games. */
  async start() {
    try {
      this.local = await listGames();
    } catch (error) {
      console.warn(error);
    }
    this.loading = false;
    this.update();
  }

  /** The hall's own page (`/api/me`): the points of the recent duels. @param {any} me */
  setMe(me) {
    for (const d of me?.record?.duels?.recent || []) {
      if (typeof d.source === "string" && d.source.startsWith("table:")) this.points.set(d.source.slice(6), d.points);
    }
  }

  /** Without a connection (or without a server player, which the page explains):
   * this device's games only. @param {boolean} [explained] the page says why already */
  offlineNow(explained = false) {
    Object.assign(this, { offline: !explained, next: null, asked: true });
    this.update();
  }

  /** Asks the server for the first page, and more while this page is not full. */
  async fetchServer() {
    await this.page(null);
    this.asked = true;
    await this.fill();
  }

  /** @param {string | null} before */
  async page(before) {
    const query = before ? `&before=${encodeURIComponent(before)}` : "";
    try {
      const answer = await api(`/api/games?player=me&limit=${PAGE}${query}`);
      this.server.push(...answer.games);
      this.next = typeof answer.next === "string" && answer.games.length ? answer.next : null;
      this.offline = false;
    } catch (error) {
      // no player yet (401): nothing on the server; no answer at all: this device's games
      this.offline = !(error instanceof ApiError);
      this.next = null;
    }
  }

  async fill() {
    while (this.next !== null && this.entries().length < this.limit) await this.page(this.next);
    this.update();
  }

  async more() {
    this.limit += PAGE;
    this.update();
    await this.fill();
    /** @type {HTMLElement | null} */ (this.element.querySelector(`#recent li:nth-child(${this.limit - PAGE + 1}) a`))?.focus();
  }

  /** Every game known so far, newest first, down to what the server's pages reach. @returns {Entry[]} */
  entries() {
    const here = new Set(this.local.map((g) => g.id));
    /** @type {Entry[]} */
    const all = this.local.map((g) => ({ at: g.finished_at, link: g.id, game: g, local: true }));
    for (const g of this.server) {
      if (g.client_id && here.has(g.client_id)) continue;
      all.push({ at: g.finished_at, link: g.id, game: g, local: false });
    }
    all.sort((a, b) => b.at - a.at);
    if (this.next === null || !this.server.length) return all;
    const reached = this.server[this.server.length - 1].finished_at;
    return all.filter((e) => e.at >= reached);
  }

  update() {
    // for tests and styles: loading (nothing yet), device (this device's), done (all)
    this.element.dataset.state = this.loading ? "loading" : this.asked ? "done" : "device";
    return super.update();
  }

  template() {
    const all = this.entries();
    const shown = all.slice(0, this.limit);
    const more = all.length > this.limit || this.next !== null;
    const points = (/** @type {string} */ code) => this.points.get(code);
    return html`<h2 id="recent-heading">${t("bilanz.recent")}</h2>
      ${this.offline ? html`<p class="hint" id="recent-offline">${t("bilanz.recent.offline")}</p>` : nothing}
      ${shown.length ? html`<ol class="recent" id="recent">${shown.map((e) => html`<li data-kind=${e.game.kind} data-local=${e.local ? "true" : nothing}>
          ${entryLink(replayPath(e.link), entryParts(e.game, points), accuracyParts(e.link))}</li>`)}</ol>`
        : this.loading ? html`<p id="recent-loading">${t("hall.loading")}</p>` : html`<p id="recent-none">${t("bilanz.none")}</p>`}
      ${more ? html`<button type="button" id="recent-more" @click=${() => this.more()}>${t("bilanz.more")}</button>` : nothing}`;
  }
}
