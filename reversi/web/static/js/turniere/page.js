// /turniere/{id}: one tournament (GET /api/tournaments/{id}) — its state and countdown,
// "Mitmachen"/"Aussteigen", the live table, the running games to watch and the finished
// ones to replay, the podium at the end, its rules and how it is scored. While the page
// is seen it asks again every 3 s; when the player's own game begins (`me.table`, or the
// socket's `paired`) it says so and takes them to the table, once per game.
import { config } from "../core/config.js";
import { api, ApiError, errorText } from "../core/api.js";
import { t } from "../core/i18n.js";
import { html, nothing, render } from "../core/lit.js";
import { theSocket } from "../core/socket.js";
import { clockName } from "../duel/clocks.js";
import { Phase, countdown, kindName, lengthName, now, runningLine, turniereStyles, when } from "./format.js";
import { goSoon } from "./follow.js";
import { half, podiumView, standingsTable } from "./standings.js";

/** @typedef {import("./format.js").Tournament} Tournament */
/** @typedef {import("./standings.js").Line} Line */
/** A game as the API sends it (`G`). @typedef {{table: string, round: number | null, black: string, white: string, score: number | null}} Game */
/**
 * A tournament with its table, games and the player's part (`GET /api/tournaments/{id}`).
 * @typedef {Tournament & {standings: Line[], games: Game[], round: number | null,
 *   me: {joined: boolean, table: string | null}, podium: Line[] | null}} Detail
 */

const POLL_MS = 3000;
/** the tables this tab has already been taken to (back from one, the page stays) */
const TAKEN = "reversi.turniere.taken";

/** "1:0", "½:½", "0:1": black's score first. @param {number} score */
const result = (score) => `${half(score)}:${half(1 - score)}`;

/** @param {string} code */
function taken(code) {
  try {
    return (sessionStorage.getItem(TAKEN) || "").split(",").includes(code);
  } catch {
    return false;
  }
}

/** @param {string} code */
function remember(code) {
  try {
    sessionStorage.setItem(TAKEN, [code, ...(sessionStorage.getItem(TAKEN) || "").split(",").slice(0, 20)].join(","));
  } catch {
    // no storage: the page may take the player there again
  }
}

/** The line under the heading: countdown, time left or round, or when it ended.
 * @param {Detail} detail @param {number} at */
function statusLine(detail, at) {
  if (detail.status === Phase.UPCOMING) return `${countdown(detail, at)} · ${when(detail.starts_at)}`;
  if (detail.status === Phase.RUNNING) return runningLine(detail, at, detail.round);
  return t("turniere.ended", { when: when(detail.ends_at ?? detail.starts_at) });
}

/** @param {Game} game */
function gameItem(game) {
  const names = { black: game.black, white: game.white };
  const running = game.score === null;
  return html`<li class="turnier-game" data-table=${game.table} data-state=${running ? "running" : "finished"}>
    <span class="turnier-game-who"><span class="seat-disc black" aria-hidden="true"></span>${game.black}
      <span class="turnier-game-vs">–</span> <span class="seat-disc white" aria-hidden="true"></span>${game.white}</span>
    <span class="turnier-game-result">${game.round ? html`${t("turniere.game.round", { n: game.round })} · ` : nothing}${running ? t("turniere.game.running") : result(/** @type {number} */ (game.score))}</span>
    ${running
      ? html`<a class="button-link" href=${`/tisch/${game.table}`} aria-label=${t("turniere.watch.label", names)}>${t("turniere.watch")}</a>`
      : html`<a class="button-link" href=${`/partie/${game.table}`} aria-label=${t("turniere.replay.label", names)}>${t("turniere.replay")}</a>`}</li>`;
}

/** @param {Detail} detail */
function rulesView(detail) {
  const row = (/** @type {string} */ key, /** @type {unknown} */ value) => html`<dt>${t(key)}</dt><dd>${value}</dd>`;
  return html`<section class="turnier-rules panel" id="turnier-rules" aria-labelledby="turnier-rules-heading">
    <h2 id="turnier-rules-heading">${t("turniere.rules")}</h2>
    <dl>
      ${row("turniere.rules.kind", kindName(detail))}
      ${row("turniere.rules.start", when(detail.starts_at))}
      ${row(detail.kind === "arena" ? "turniere.rules.length" : "turniere.rules.rounds", lengthName(detail))}
      ${row("turniere.rules.clock", clockName(detail.clock))}
      ${row("turniere.rules.opening", t(detail.xot ? "turniere.rules.opening.xot" : "turniere.rules.opening.start"))}
      ${row("turniere.rules.rated", t(detail.rated ? "turniere.rules.rated.yes" : "turniere.rules.rated.no"))}
      ${row("turniere.rules.visibility", t(detail.private ? "turniere.rules.visibility.private" : "turniere.rules.visibility.public"))}
      ${row("turniere.rules.by", detail.by ?? t("turniere.rules.by.hall"))}
    </dl></section>`;
}

/** "So wird gezählt", with the server's points. @param {Detail} detail */
function scoringView(detail) {
  const { win, draw, loss, bye, rematch_after } = config.hall.tournament;
  const text = detail.kind === "arena"
    ? t("turniere.scoring.arena", {
      minutes: detail.minutes ?? 0, win, draw, loss, win2: 2 * win, draw2: 2 * draw, rematch: rematch_after,
      // win, win, win (doubled), draw (doubled, ends the streak), win
      example: `${win} + ${win} + ${2 * win} + ${2 * draw} + ${win} = ${4 * win + 2 * draw + win}`,
    })
    : t("turniere.scoring.swiss", { rounds: detail.rounds ?? 0, bye: half(bye) });
  return html`<section class="turnier-scoring panel" id="so-wird-gezaehlt" aria-labelledby="turnier-scoring-heading">
    <h2 id="turnier-scoring-heading">${t("turniere.scoring")}</h2>
    ${text.split("\n\n").map((paragraph) => html`<p>${paragraph}</p>`)}</section>`;
}

/** @param {HTMLElement} main @param {string} id */
export function tournamentPage(main, id) {
  document.title = `${t("turniere.title")} – ${t("hall.title")}`;
  turniereStyles();
  /** @type {{detail: Detail | null | "offline" | "missing", at: number, busy: boolean, message: string, going: string | null}} */
  const state = { detail: null, at: now(), busy: false, message: "", going: null };

  const actions = (/** @type {Detail} */ detail) => {
    if (detail.status === Phase.FINISHED) return nothing;
    const joined = detail.me.joined;
    const note = joined
      ? t(detail.status === Phase.UPCOMING ? "turniere.joined.upcoming" : "turniere.joined.running")
      : t(detail.kind === "arena" ? "turniere.not_joined" : "turniere.not_joined.swiss");
    return html`<div class="turnier-actions" id="turnier-actions">
      ${joined
        ? html`<button type="button" id="turnier-leave" ?disabled=${state.busy} @click=${() => act("leave")}>${t("turniere.leave")}</button>`
        : html`<button type="button" class="primary" id="turnier-join" ?disabled=${state.busy} @click=${() => act("join")}>${t("turniere.join")}</button>`}
      <p class="hint" id="turnier-me">${note}</p>
      <p class="form-msg error" id="turnier-msg" role="status">${state.message}</p>
    </div>`;
  };

  const table = (/** @type {Detail} */ detail) => {
    const code = detail.me.table;
    if (!code) return nothing;
    return html`<p class="turnier-notice" id="turnier-notice">${state.going === code ? t("turniere.to_table") : t("turniere.at_table")}
      <a href=${`/tisch/${code}`} id="turnier-to-table">${t("turniere.to_table.link")}</a></p>`;
  };

  const body = () => {
    const detail = state.detail;
    if (detail === null) return html`<p>${t("turniere.loading")}</p>`;
    if (detail === "offline") return html`<p class="error">${t("turniere.offline")}</p>`;
    if (detail === "missing") return html`<p class="error" id="turnier-missing">${t("turniere.missing")}</p>`;
    const games = detail.games;
    return html`
      <h1 id="turnier-heading">${detail.name}</h1>
      <p class="turnier-state" id="turnier-state" data-status=${detail.status} role="timer">${statusLine(detail, state.at)}</p>
      <div aria-live="polite">${table(detail)}</div>
      ${actions(detail)}
      ${detail.podium?.length ? podiumView(detail.kind, detail.podium) : nothing}
      <div class="turnier-grid">
        <div class="turnier-main">
          <section class="turnier-standings" aria-labelledby="turnier-standings-heading">
            <h2 id="turnier-standings-heading">${t("turniere.standings")}</h2>
            ${standingsTable(detail.kind, detail.standings, `${t("turniere.standings")}: ${detail.name}`)}
          </section>
          <section class="turnier-games" aria-labelledby="turnier-games-heading">
            <h2 id="turnier-games-heading">${t("turniere.games")}</h2>
            ${games.length ? html`<ul class="turnier-game-list" id="turnier-games">${games.map(gameItem)}</ul>` : html`<p class="hint">${t("turniere.games.none")}</p>`}
          </section>
        </div>
        <div class="turnier-side">${rulesView(detail)}${scoringView(detail)}</div>
      </div>`;
  };

  const draw = () => {
    const detail = state.detail;
    if (typeof detail === "object" && detail) document.title = `${detail.name} – ${t("turniere.title")} – ${t("hall.title")}`;
    render(html`<section class="turnier" aria-labelledby="turnier-heading">
      <p class="turnier-back"><a href="/turniere">${t("turniere.back")}</a></p>
      ${typeof detail === "object" && detail ? nothing : html`<h1 id="turnier-heading">${t("turniere.title")}</h1>`}
      ${body()}</section>`, main);
  };

  /** To the player's table, once per game: the notice first, then the table. @param {string | null} code */
  const follow = (code) => {
    if (!code || taken(code) || state.going) return;
    state.going = code;
    remember(code);
    draw();
    goSoon(`/tisch/${code}`);
  };
  // a player in the tournament hears of a new game at once (the socket's `paired`, as
  // with quick pairing); the page's asking every 3 s is the fallback
  let listening = false;
  /** @param {Detail} detail */
  const listen = (detail) => {
    if (listening || !detail.me.joined || detail.status === Phase.FINISHED) return;
    listening = true;
    const socket = theSocket();
    socket.on((/** @type {any} */ message) => {
      if (message.type !== "paired") return;
      if (typeof state.detail === "object" && state.detail) state.detail.me.table = message.code;
      follow(message.code);
    });
    socket.start();
  };

  let asked = 0;
  const load = async () => {
    asked = now();
    try {
      const detail = /** @type {Detail} */ (await api(`/api/tournaments/${encodeURIComponent(id)}`));
      state.detail = detail;
      follow(detail.me.table);
      listen(detail);
    } catch (error) {
      if (error instanceof ApiError && (error.status === 404 || error.status === 400)) state.detail = "missing";
      else if (state.detail === null) state.detail = "offline";
    }
    state.at = now();
    draw();
  };

  /** @param {"join" | "leave"} what */
  async function act(what) {
    state.busy = true;
    state.message = "";
    draw();
    try {
      await api(`/api/tournaments/${encodeURIComponent(id)}/${what}`, { body: {} });
    } catch (error) {
      state.message = errorText(error);
    }
    state.busy = false;
    await load();
    /** @type {HTMLElement | null} */ (main.querySelector("#turnier-join, #turnier-leave"))?.focus();
  }

  const live = () => state.detail !== "missing" && (typeof state.detail !== "object" || state.detail?.status !== Phase.FINISHED);
  draw();
  load();
  setInterval(() => {
    state.at = now();
    if (document.visibilityState === "visible" && live() && state.at - asked >= POLL_MS / 1000) load();
    else draw();
  }, 1000);
  document.addEventListener("visibilitychange", () => { if (document.visibilityState === "visible" && live()) load(); });
}
