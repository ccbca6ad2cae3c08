// The table page's template: the head (title, seats with their clocks, count bar,
// whose turn), the board, what to answer (take-back, resignation), the result, the
// buttons, and the side panels. Drawn from the page's state (duel/page.js).
import { colorName, t } from "../core/i18n.js";
import { html, nothing } from "../core/lit.js";
import { movesPanel, scoreBar, settingsPanel } from "../board/panels.js";
import { invitePanel, rulesPanel } from "./panels.js";
import { resultBox } from "./result.js";
import { seatsTemplate } from "./seats.js";
import { isOpen, Status } from "./status.js";
import { faqPart } from "../learn/faq.js";

/** @typedef {import("./page.js").TablePage} TablePage */

/** @param {TablePage} page */
function statusText(page) {
  const table = page.table;
  if (page.state === "moved") return t("transfer.moved");
  if (page.sending) return t("duel.sending", { square: page.sending.square });
  if (!table) return page.status;
  if (table.status === Status.WAITING) return page.you.seat === null ? t("duel.status.waiting.other") : t("duel.status.waiting");
  if (table.status !== Status.PLAYING) return t("status.over");
  const seat = table.clock?.seat;
  if (seat === undefined || seat === null) return "";
  const color = colorName(table.seats[seat].color);
  if (seat === page.you.seat) return t("duel.status.you", { color });
  return t("duel.status.other", { name: page.name(seat), color });
}

/** @param {TablePage} page */
function statusLine(page) {
  const error = page.error;
  if (!error) return html`<p class="status" id="duel-status">${statusText(page)}</p>`;
  if (!error.offline) return html`<p class="status error" id="duel-status">${error.text}</p>`;
  return html`<p class="status" id="duel-status"><span class="error" id="error" role="alert">${error.text}</span>
    <button type="button" @click=${() => location.reload()}>${t("error.reload")}</button>
    <a href="/allein">${t("duel.offline.solo")}</a></p>`;
}

/** @param {TablePage} page */
function actions(page) {
  const table = page.table;
  if (!table) return nothing;
  const seated = page.you.seat !== null && page.state !== "moved";
  const playing = table.status === Status.PLAYING;
  const first = !!table.clock?.first_moves;
  const opp = page.opponent();
  const hasOpp = opp !== null && !table.seats[opp].free;
  const placed = (table.game?.moves || []).some((/** @type {any} */ m) => m.square && m.color === page.you.color);
  const shown = {
    abort: seated && (table.status === Status.WAITING || (playing && first)),
    resign: seated && playing && !first,
    // a tournament game is played out as paired (the server refuses it too)
    takeback: seated && playing && !table.tournament,
    callback: seated && hasOpp && isOpen(table),
  };
  const here = opp !== null && !!page.presence[opp];
  // after a declined request the asker waits for the next move (offers.takeback_blocked: its seat)
  const blocked = page.you.seat !== null && table.offers.takeback_blocked === page.you.seat;
  const takebackOff = !placed || table.offers.takeback !== null || blocked;
  return html`<div class="controls duel-controls" role="group" aria-label=${t("controls.label")} ?hidden=${!Object.values(shown).some(Boolean)}>
    <button type="button" id="abort" ?hidden=${!shown.abort}
      @click=${() => page.confirm.ask(playing ? "abort" : "close")}>${table.status === Status.WAITING ? t("duel.close") : t("duel.abort")}</button>
    <button type="button" id="resign" ?hidden=${!shown.resign} @click=${() => page.confirm.ask("resign")}>${t("duel.resign")}</button>
    <button type="button" id="takeback" ?hidden=${!shown.takeback} ?disabled=${takebackOff}
      aria-describedby=${blocked ? "takeback-why" : nothing}
      @click=${() => page.intent({ type: "takeback" }, t("duel.takeback.sent"))}>${t("duel.takeback")}</button>
    <button type="button" id="callback" ?hidden=${!shown.callback} ?disabled=${here} title=${here ? t("duel.callback.here") : ""}
      @click=${() => page.intent({ type: "callback" }, t("duel.callback.sent"))}>${t("duel.callback")}</button>
    ${shown.takeback && blocked ? html`<p class="hint" id="takeback-why">${t("takeback.blocked")}</p>` : nothing}
  </div>`;
}

/** @param {TablePage} page */
function takebackPrompt(page) {
  const table = page.table;
  const asker = table?.offers.takeback;
  const mine = page.you.seat;
  if (asker === null || asker === undefined || table.status !== Status.PLAYING || mine === null) return nothing;
  if (asker === mine) {
    return html`<div class="prompt" id="prompt" role="group" aria-live="polite"><p id="takeback-wait">${t("takeback.waiting", { name: page.name(1 - mine) })}</p></div>`;
  }
  return html`<div class="prompt" id="prompt" role="group" aria-live="polite">
    <p id="takeback-question">${t("takeback.question", { name: page.name(asker) })}</p>
    <div class="row">
      <button type="button" class="primary" id="takeback-accept" @click=${() => page.intent({ type: "takeback_reply", accept: true })}>${t("takeback.accept")}</button>
      <button type="button" id="takeback-decline" @click=${() => page.intent({ type: "takeback_reply", accept: false })}>${t("takeback.decline")}</button>
    </div></div>`;
}

/** @param {TablePage} page the question before resigning, aborting or closing one's
 * waiting table (its code and shared link stop working), below the buttons */
function confirmEnd(page) {
  const go = (/** @type {string} */ type) => () => page.intent({ type });
  if (page.table?.status === Status.WAITING) {
    return page.confirm.template("close", { text: t("duel.close.confirm"), yes: t("duel.close.yes"), no: t("duel.close.no"), onYes: go("abort"), back: "abort" });
  }
  if (page.table?.status !== Status.PLAYING) return nothing;
  return html`${page.confirm.template("resign", { text: t("duel.resign.confirm"), yes: t("duel.resign.yes"), no: t("duel.resign.no"), onYes: go("resign"), back: "resign" })}
    ${page.confirm.template("abort", { text: t("duel.abort.confirm"), yes: t("duel.abort.yes"), no: t("duel.resign.no"), onYes: go("abort"), back: "abort" })}`;
}

/** @param {TablePage} page */
export function tableTemplate(page) {
  const table = page.table;
  const waiting = table?.status === Status.WAITING;
  const seated = page.you.seat !== null;
  const inviteAbove = waiting && seated;
  const playing = table && !waiting;
  const start = page.startText();
  const hints = table ? !!table.rules.hints : true;
  const settings = settingsPanel(page.settings, () => page.update(), hints ? nothing : html`<p class="hint" id="hints-off">${t("rules.hints.off")}</p>`);
  const join = html`<section class="panel" aria-labelledby="join-heading"><h2 id="join-heading">${t("join.heading")}</h2>${page.join.element}</section>`;
  const moves = movesPanel(page.boardView().moves || []);
  // waiting: the rules lead the side; playing: the chat leads (on a phone right after the board)
  let side;
  if (!table) side = page.error && !page.error.offline ? join : nothing;
  else if (waiting) side = html`${rulesPanel(page)}${page.chat.element}${moves}${inviteAbove ? nothing : invitePanel(page)}${settings}${join}${page.player.element}`;
  else side = html`${page.chat.element}${moves}${invitePanel(page)}${rulesPanel(page)}${settings}${join}${page.player.element}`;
  return html`<div class="game duel" id="duel" data-state=${page.state} data-status=${table ? table.status : nothing}
      data-version=${page.version ?? nothing} data-seat=${table ? (page.you.seat ?? "") : nothing} data-mine=${page.myTurn() ? "1" : "0"}
      data-conn=${page.connState || nothing} data-synced=${page.synced ? "1" : nothing} data-ply=${table?.game ? table.game.ply : nothing}
      data-move-time=${table ? table.rules.move_time : nothing} data-hints=${table ? String(!!table.rules.hints) : nothing}>
    <section class="play" aria-labelledby="duel-title">
      <div class="play-top">
      <div class="play-head">
        <h1 id="duel-title">${t("duel.title", { code: page.code })}</h1>
        <p class="conn" id="conn" role="status" ?hidden=${!page.conn}>${page.conn}</p>
      </div>
      ${table ? seatsTemplate(page) : nothing}
      ${table && !waiting ? scoreBar(table.game ? table.game.counts : null) : nothing}
      ${statusLine(page)}
      ${inviteAbove ? html`<div class="invite-slot">${invitePanel(page)}</div>` : nothing}
      </div>
      ${page.board.element}
      <div class="play-under">
      ${playing && start && table.status === Status.PLAYING && !table.game?.ply ? html`<p class="draw" id="draw">${page.started?.drawn === false ? "🔁" : "🎲"} ${start}</p>` : nothing}
      <p class="notice" id="duel-notice" role="status" aria-live="polite">${page.notice}${page.noticeFaq && page.noticeFaq.text === page.notice ? faqPart(page.noticeFaq.kind) : nothing}</p>
      ${table ? takebackPrompt(page) : nothing}
      ${table ? resultBox(page) : nothing}
      ${table && !seated && !waiting ? html`<p class="onlooker" id="onlooker">${t("duel.onlooker")}${table.rules.onlooker_chat
        ? nothing : html` <span id="onlooker-chat-hidden">${t("duel.onlooker_chat.hidden")}</span>`}</p>` : nothing}
      ${playing ? html`<p class="onlookers hint" id="onlookers">${t("duel.onlookers", { n: page.onlookers })}</p>` : nothing}
      ${actions(page)}
      ${confirmEnd(page)}
      <p class="hint">${t("keys.hint")}</p>
      </div>
      <p class="visually-hidden" id="announce" aria-live="polite">${page.announced}</p>
    </section>
    <div class="side">${side}</div>
  </div>`;
}
