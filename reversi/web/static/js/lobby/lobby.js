// "In der Halle": who is here, the open public tables ("Mitspielen": one tap sits you
// down), the running duels ("Zuschauen"), live over the page's socket (docs/protocol.md,
// "The lobby"). The start page shows it, and /halle alone.
import { star } from "../ranks/level.js";
import { t } from "../core/i18n.js";
import { html, nothing } from "../core/lit.js";
import { api, errorText } from "../core/api.js";
import { theSocket } from "../core/socket.js";
import { Part } from "../core/part.js";
import { QuickPairing } from "./quick.js";
import { Status } from "../duel/status.js";
import { PER_MOVE, clockName } from "../duel/clocks.js";
import { fernpartien } from "../fern/data.js";

/**
 * @typedef {{name: string, level: number | null, color: string | null} | null} LobbySeat
 * @typedef {{code: string, status: string, version: number, since: number, ply: number,
 *   rules: {move_time: number, hints: boolean, counting: string, clock?: string, xot?: boolean, rated?: boolean}, seats: LobbySeat[],
 *   counts: {black: number, white: number} | null, link: string, onlookers: number, correspondence?: boolean}} LobbyEntry
 */

/** @param {number} n seconds */
const moveTime = (n) => (n < 60 ? t("rules.seconds", { n }) : t("rules.minutes", { n: n / 60 }));

/** @param {LobbySeat} seat */
const who = (seat) => (seat ? `${seat.name}${seat.level ? ` ${star(seat.level)}` : ""}` : t("seat.free"));

export class Lobby extends Part {
  /** @param {{page?: boolean}} [options] page: the section is the page /halle (an h1) */
  constructor({ page = false } = {}) {
    super("section", { class: "halle", id: "halle", "aria-labelledby": "halle-heading" });
    this.page = page;
    /** @type {Map<string, LobbyEntry>} */
    this.entries = new Map();
    /** @type {Map<string, number>} code → the newest version seen, also of dropped entries */
    this.versions = new Map();
    /** @type {Set<string>} */
    this.mine = new Set();
    this.online = 0;
    this.loaded = false;
    /** @type {string | null} why the server has no player for this device, if it said */
    this.refused = null;
    this.busy = "";
    this.message = "";
    this.serverOffset = 0;
    this.quick = new QuickPairing();
    /** how many of the player's Fernpartien have less than a day left for their move */
    this.urgent = 0;
    fernpartien().then((games) => { this.urgent = games?.urgent || 0; this.update(); });
    const socket = theSocket();
    socket.on((/** @type {any} */ message) => this.receive(message));
    socket.followLobby();
    // "wartet seit …" moves on by itself
    setInterval(() => this.update(), 30_000);
  }

  /** @param {any} message */
  receive(message) {
    if (message.type === "hello") this.serverOffset = message.server_time * 1000 - Date.now();
    else if (message.type === "lobby_state") {
      this.entries = new Map();
      for (const entry of [...message.tables, ...message.duels]) this.keep(entry.code, entry.version, entry);
      this.mine = new Set(message.mine);
      this.online = message.online;
      this.loaded = true;
    } else if (message.type === "lobby_events") {
      for (const event of message.events) {
        if (event.op === "moved") this.moved(event);
        else this.keep(event.code, event.version, event.op === "remove" ? null : event.entry);
      }
      if (message.onlookers) this.look(message.onlookers);
    } else if (message.type === "lobby_onlookers") this.look(message.onlookers);
    else if (message.type === "lobby_online") this.online = message.online;
    else if (message.type === "refused") this.refused = message.message;
    else return;
    this.update();
  }

  /** Keeps an entry (null: drops it) unless a newer version of it came already.
   * @param {string} code @param {number} version @param {LobbyEntry | null} entry */
  keep(code, version, entry) {
    const known = this.versions.get(code);
    if (known !== undefined && version < known) return;
    this.versions.set(code, version);
    if (entry) this.entries.set(code, entry);
    else this.entries.delete(code);
  }

  /** A running duel moved on: its discs and move number (kept only if newer).
   * @param {{code: string, version: number, counts: {black: number, white: number}, ply: number}} event */
  moved(event) {
    const entry = this.entries.get(event.code);
    if (!entry || event.version <= entry.version) return;
    Object.assign(entry, { version: event.version, counts: event.counts, ply: event.ply });
    this.versions.set(event.code, event.version);
  }

  /** @param {Record<string, number>} counts code → onlookers now */
  look(counts) {
    for (const [code, n] of Object.entries(counts)) {
      const entry = this.entries.get(code);
      if (entry) entry.onlookers = n;
    }
  }

  /** "Mitspielen": sits down at the free seat, then goes to the table.
   * @param {string} code */
  async sit(code) {
    this.busy = code;
    this.message = "";
    this.update();
    try {
      await api(`/api/tables/${code}/join`, { body: {} });
      location.assign(`/tisch/${code}`);
      return;
    } catch (error) {
      this.message = errorText(error);
    }
    this.busy = "";
    this.update();
  }

  /** @param {number} since server seconds */
  waited(since) {
    const minutes = Math.max(0, Math.floor((Date.now() + this.serverOffset - since * 1000) / 60_000));
    return minutes < 1 ? t("halle.waiting.now") : t("halle.waiting.minutes", { n: minutes });
  }

  /** @param {LobbyEntry} entry */
  tableItem(entry) {
    const opener = entry.seats.find((s) => s) || null;
    const rules = entry.rules;
    const mine = this.mine.has(entry.code);
    return html`<li class=${mine ? "halle-table mine" : "halle-table"} data-code=${entry.code}>
      <span class="halle-who">${who(opener)}${mine ? html` <strong class="halle-mine">${t("halle.mine")}</strong>` : nothing}</span>
      <span class="halle-rules">${rules.clock && rules.clock !== PER_MOVE ? html`${t("rules.clock")} ${clockName(rules.clock)}` : html`${t("rules.move_time")} ${moveTime(rules.move_time)}`} · ${t("rules.hints.short")} ${rules.hints ? t("rules.yes") : t("rules.no")} · ${t(`halle.counting.${rules.counting}`)}${rules.xot ? html` · <span class="halle-xot">${t("halle.xot")}</span>` : nothing} · <span class="halle-rated">${rules.rated ? t("rules.rated.yes") : t("rules.rated.no")}</span></span>
      <span class="halle-since">${this.waited(entry.since)}</span>
      ${mine
        ? html`<a class="button" href=${entry.link}>${t("halle.to_table")}</a>`
        : html`<button type="button" class="primary" ?disabled=${this.busy !== "" || this.refused !== null}
            aria-label=${t("halle.sit.label", { name: opener ? opener.name : "" })}
            aria-describedby=${this.refused !== null ? "halle-refused" : nothing}
            @click=${() => this.sit(entry.code)}>${t("halle.sit")}</button>`}</li>`;
  }

  /** @param {LobbyEntry} entry */
  duelItem(entry) {
    const [a, b] = entry.seats;
    const disc = (/** @type {LobbySeat} */ seat) => (seat && entry.counts && seat.color
      ? ` (${t(`color.${seat.color}`)}: ${entry.counts[/** @type {"black" | "white"} */ (seat.color)]})` : "");
    return html`<li class="halle-duel" data-code=${entry.code}>
      <span class="halle-who">${who(a)}${disc(a)} – ${who(b)}${disc(b)}</span>
      <span class="halle-ply">${t("halle.ply", { n: entry.ply })}${entry.onlookers
        ? html` · <span class="halle-onlookers">${t(entry.onlookers === 1 ? "halle.onlookers.one" : "halle.onlookers", { n: entry.onlookers })}</span>` : nothing}</span>
      <a class="button" href=${entry.link} aria-label=${t("halle.watch.label", { a: a?.name || "", b: b?.name || "" })}>${t("halle.watch")}</a></li>`;
  }

  template() {
    const all = [...this.entries.values()];
    const now = all.filter((e) => !e.correspondence);
    const fern = all.filter((e) => e.correspondence);
    const waiting = now.filter((e) => e.status === Status.WAITING).sort((x, y) => x.since - y.since);
    const playing = now.filter((e) => e.status === Status.PLAYING);
    const fernWaiting = fern.filter((e) => e.status === Status.WAITING).sort((x, y) => x.since - y.since);
    const fernPlaying = fern.filter((e) => e.status === Status.PLAYING);
    const heading = this.page
      ? html`<h1 id="halle-heading">${t("halle.heading")}</h1>`
      : html`<h2 id="halle-heading">${t("halle.heading")}</h2>`;
    // no player for this device: the lists to watch, without "Mitspielen" and quick pairing
    const refused = this.refused !== null
      ? html`<p class="halle-refused" id="halle-refused" role="status">${t("halle.refused", { why: this.refused })}</p>` : nothing;
    if (!this.loaded && this.refused) return html`${heading}${refused}`;
    if (!this.loaded) return html`${heading}<p>${t("hall.loading")}</p>`;
    const online = this.refused !== null || this.online !== 1 ? "halle.online" : "halle.online.one";
    return html`${heading}
      <p class="halle-online" id="halle-online">${t(online, { n: this.online })}</p>
      ${this.urgent ? html`<p class="halle-remind" id="halle-remind" role="status">${t(this.urgent === 1 ? "halle.fern.remind.one" : "halle.fern.remind", { n: this.urgent })}
        <a href="/fernpartien">${t("halle.fern.go")}</a></p>` : nothing}
      ${this.refused !== null ? refused : this.quick.update()}
      <h3 id="halle-tables-heading">${t("halle.tables")}</h3>
      ${waiting.length
        ? html`<ul class="halle-list" id="halle-tables" aria-labelledby="halle-tables-heading">${waiting.map((e) => this.tableItem(e))}</ul>`
        : html`<p class="hint" id="halle-tables-none">${t("halle.tables.none")}</p>`}
      <p class="form-msg" id="halle-msg" role="status">${this.message}</p>
      <h3 id="halle-duels-heading">${t("halle.duels")}</h3>
      ${playing.length
        ? html`<ul class="halle-list" id="halle-duels" aria-labelledby="halle-duels-heading">${playing.map((e) => this.duelItem(e))}</ul>`
        : html`<p class="hint" id="halle-duels-none">${t("halle.duels.none")}</p>`}
      <h3 id="halle-fern-heading">${t("halle.fern")}</h3>
      ${fern.length
        ? html`<ul class="halle-list" id="halle-fern" aria-labelledby="halle-fern-heading">${fernWaiting.map((e) => this.tableItem(e))}${fernPlaying.map((e) => this.duelItem(e))}</ul>`
        : html`<p class="hint" id="halle-fern-none">${t("halle.fern.none")}</p>`}`;
  }
}

/** The page /halle: the lobby alone.
 * @param {HTMLElement} main */
export function lobbyPage(main) {
  document.title = `${t("halle.heading")} – ${t("hall.title")}`;
  main.replaceChildren(new Lobby({ page: true }).update());
}
