// The table page's own panels: the invitation (code, link, the seat link for another
// device) and the table's rules (a form for the opener while the table waits).
import { t } from "../core/i18n.js";
import { html, live, nothing } from "../core/lit.js";
import { copyButton } from "../core/copy.js";
import { Status } from "./status.js";
import { PER_MOVE, clockChoice, clockName, isCorrespondence, isTotal } from "./clocks.js";

/** @typedef {import("./page.js").TablePage} TablePage */

/** @param {number} n seconds */
export function moveTimeText(n) {
  return n < 60 ? t("rules.seconds", { n }) : t("rules.minutes", { n: n / 60 });
}

/** @param {TablePage} page */
export function resumeLink(page) {
  return `${location.origin}/tisch/${page.code}#platz=${page.you.secret || ""}`;
}

/** @param {TablePage} page */
export function invitePanel(page) {
  const waiting = page.table.status === Status.WAITING;
  const link = `${location.origin}/tisch/${page.code}`;
  const say = (/** @type {string} */ text) => { page.inviteMsg = text; page.say(text, false); };
  return html`<section class=${waiting ? "panel invite" : "panel invite quiet"} id="invite" aria-labelledby="invite-heading">
    <h2 id="invite-heading">${t("duel.invite.heading")}</h2>
    <p class="hint" id="invite-text">${waiting ? t("duel.invite.text") : t("duel.invite.later")}</p>
    <p class="label">${t("duel.invite.code")}</p>
    <div class="copyrow"><code id="table-code" class="big-code">${page.code}</code>${copyButton("copy-code", t("copy.code"), page.code, say)}</div>
    <p class="label">${t("duel.invite.link")}</p>
    <div class="copyrow"><code id="table-link">${link}</code>${copyButton("copy-link", t("copy.link"), link, say)}</div>
    <p class="form-msg" id="invite-msg" role="status">${page.inviteMsg}</p>
    ${page.you.secret ? html`<details class="resume" id="resume"><summary>${t("duel.resume.heading")}</summary>
      <p class="hint">${t("duel.resume.text")}</p>
      <div class="copyrow"><code id="resume-link">${resumeLink(page)}</code>${copyButton("copy-resume", t("copy.link"), () => resumeLink(page), say)}</div>
    </details>` : nothing}
  </section>`;
}

/** @param {TablePage} page */
function rulesForm(page) {
  const rules = page.table.rules;
  const change = (/** @type {Record<string, unknown>} */ patch) => page.intent({ type: "rules", ...patch }, t("rules.saved"));
  const times = page.table.move_times || [rules.move_time];
  const clocks = page.table.clocks || [];
  const chosen = rules.clock || PER_MOVE;
  return html`<form id="rules-form" @submit=${(/** @type {Event} */ e) => e.preventDefault()}>
    <fieldset class="choice" id="rule-clocks"><legend>${t("rules.clock")}</legend>
      <label><input type="radio" name="clock" value=${PER_MOVE} .checked=${live(chosen === PER_MOVE)}
        @change=${() => change({ clock: PER_MOVE })}> ${t("rules.clock.move")}</label>
      ${clocks.map((/** @type {string} */ c) => html`<label><input type="radio" name="clock" value=${c}
        .checked=${live(c === chosen)} @change=${() => change({ clock: c })}> ${clockChoice(c)}</label>`)}
    </fieldset>
    ${isTotal(rules) || isCorrespondence(rules) ? nothing : html`<fieldset class="choice" id="rule-move-times"><legend>${t("rules.move_time")}</legend>
      ${times.map((/** @type {number} */ s) => html`<label><input type="radio" name="move_time" value=${String(s)}
        .checked=${live(s === rules.move_time)} @change=${() => change({ move_time: s })}> ${moveTimeText(s)}</label>`)}
    </fieldset>`}
    <label class="switch"><input type="checkbox" id="rule-hints" .checked=${live(!!rules.hints)}
      @change=${(/** @type {Event} */ e) => change({ hints: /** @type {HTMLInputElement} */ (e.target).checked })}><span>${t("rules.hints")}</span></label>
    <fieldset class="choice"><legend>${t("rules.counting")}</legend>
      ${["nobody", "winner"].map((c) => html`<label><input type="radio" name="counting" value=${c}
        .checked=${live(c === rules.counting)} @change=${() => change({ counting: c })}> ${t(`rules.counting.${c}`)}</label>`)}
    </fieldset>
    <label class="switch"><input type="checkbox" id="rule-onlooker-chat" .checked=${live(!!rules.onlooker_chat)}
      @change=${(/** @type {Event} */ e) => change({ onlooker_chat: /** @type {HTMLInputElement} */ (e.target).checked })}><span>${t("duel.onlooker_chat")}</span></label>
    <label class="switch"><input type="checkbox" id="rule-xot" aria-describedby="rule-xot-hint" .checked=${live(!!rules.xot)}
      @change=${(/** @type {Event} */ e) => change({ xot: /** @type {HTMLInputElement} */ (e.target).checked })}><span>${t("rules.xot")}</span></label>
    <p class="hint" id="rule-xot-hint">${t("rules.xot.hint")}</p>
    <label class="switch"><input type="checkbox" id="rule-rated" .checked=${live(!!rules.rated)}
      @change=${(/** @type {Event} */ e) => change({ rated: /** @type {HTMLInputElement} */ (e.target).checked })}><span>${t("rules.rated")}</span></label>
  </form>`;
}

/** @param {TablePage} page */
export function rulesPanel(page) {
  const table = page.table;
  const rules = table.rules;
  const editable = page.you.seat === 0 && table.status === Status.WAITING && page.state !== "moved";
  /** @type {Record<string, string>} */
  const whoTexts = { waiting: t("rules.opener"), playing: t("rules.fixed") };
  const who = editable ? "" : whoTexts[table.status] || "";
  return html`<section class="panel rules" id="rules" aria-labelledby="rules-heading">
    <h2 id="rules-heading">${t("rules.heading")}</h2>
    ${editable ? rulesForm(page) : html`<dl class="rules-text" id="rules-text" aria-describedby=${who ? "rules-who" : nothing}>
      ${isTotal(rules) || isCorrespondence(rules)
        ? html`<dt>${t(isTotal(rules) ? "rules.clock.total" : "rules.clock.correspondence")}</dt><dd id="rule-clock-text">${clockName(rules.clock)}</dd>`
        : html`<dt>${t("rules.move_time")}</dt><dd>${moveTimeText(rules.move_time)}</dd>`}
      <dt>${t("rules.hints.short")}</dt><dd>${rules.hints ? t("rules.yes") : t("rules.no")}</dd>
      <dt>${t("rules.counting")}</dt><dd>${t(`rules.counting.${rules.counting}`)}</dd>
      <dt>${t("duel.onlooker_chat")}</dt><dd id="rule-onlooker-chat-text">${rules.onlooker_chat ? t("rules.yes") : t("rules.no")}</dd>
      <dt>${t("rules.xot")}</dt><dd id="rule-xot-text">${rules.xot ? t("rules.xot.on") : t("rules.no")}</dd>
      <dt>${t("rules.rated.short")}</dt><dd id="rule-rated-text">${rules.rated ? t("rules.rated.yes") : t("rules.rated.no")}</dd>
    </dl>${who ? html`<p class="hint" id="rules-who">${who}</p>` : nothing}`}
    <p class="guide-link"><a href="/duell-ecke" id="duel-guide-link">${t("guide.link")}</a></p>
  </section>`;
}
