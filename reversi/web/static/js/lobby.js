// Finding each other: "zu 2" (open a table), joining by code, copy buttons, and the
// call-back notice on every hall page.
import { t } from "./core/i18n.js";
import { html, nothing, render } from "./core/lit.js";
import { api, errorText } from "./core/api.js";
import { normalCode } from "./core/ids.js";
import { theSocket } from "./core/socket.js";
import { Part } from "./core/part.js";

const ACTIVE = "reversi.duels.v1";

/**
 * Remembered on the device while the player sits at a running table, so that the
 * other hall pages listen for a call-back ("Rückruf").
 * @param {boolean} active
 */
export function markActive(active) {
  try {
    if (active) localStorage.setItem(ACTIVE, "1");
    else localStorage.removeItem(ACTIVE);
  } catch {
    // storage blocked: call-backs then reach only the table page
  }
}

function isActive() {
  try {
    return localStorage.getItem(ACTIVE) === "1";
  } catch {
    return false;
  }
}

/**
 * A copy button: clipboard, else the text before it is selected for Ctrl+C; says what happened.
 * @param {string} id
 * @param {string} label
 * @param {string | (() => string)} text
 * @param {(text: string) => void} say
 */
export function copyButton(id, label, text, say) {
  /** @param {Event} event */
  const copy = async (event) => {
    const button = /** @type {HTMLElement} */ (event.currentTarget);
    const value = typeof text === "function" ? text() : text;
    try {
      await navigator.clipboard.writeText(value);
      say(t("copy.done"));
    } catch {
      const source = button.previousElementSibling;
      if (source) {
        const range = document.createRange();
        range.selectNodeContents(source);
        getSelection()?.removeAllRanges();
        getSelection()?.addRange(range);
      }
      say(t("copy.select"));
    }
  };
  return html`<button type="button" class="copy" id=${id} @click=${copy}>${label}</button>`;
}

/**
 * Opens a table and goes there; says why not.
 * @param {(text: string) => void} say
 * @param {boolean} [secret] private: reachable by code or link only, not in the lobby
 * @param {boolean} [onlookerChat] onlookers read the players' chat
 */
export async function openTable(say, secret = false, onlookerChat = false) {
  try {
    /** @type {Record<string, boolean>} */
    const body = {};
    if (secret) body.private = true;
    if (onlookerChat) body.onlooker_chat = true;
    const state = await api("/api/tables", { body });
    location.assign(`/tisch/${state.code}`);
    return true;
  } catch (error) {
    say(errorText(error));
    return false;
  }
}

/** The "zu 2" button (above the board of the game pages, and on the start page's card). */
export class DuelButton extends Part {
  /** @param {{bar: boolean}} options bar: the strip above a board */
  constructor({ bar }) {
    super(bar ? "div" : "div", { class: bar ? "duel-bar" : "duel-open" });
    this.bar = bar;
    this.busy = false;
    this.message = "";
  }

  async open() {
    this.busy = true;
    this.update();
    const box = (/** @type {string} */ id) => Boolean(/** @type {HTMLInputElement | null} */ (this.element.querySelector(id))?.checked);
    if (!(await openTable((text) => { this.message = text; }, box("#open-private"), box("#open-onlooker-chat")))) this.busy = false;
    this.update();
  }

  template() {
    const button = html`<button type="button" class=${this.bar ? "duel-go" : "primary"} id=${this.bar ? "zu2" : "open-table"}
      ?disabled=${this.busy} @click=${() => this.open()}>${t("duel.zu2")}</button>`;
    if (this.bar) {
      return html`${button}<span class="duel-bar-text">${t("duel.zu2.text")}</span>
        <span class="duel-bar-msg" id="duel-bar-msg" role="status">${this.message}</span>`;
    }
    return html`${button}<label class="check" for="open-private"><input type="checkbox" id="open-private">
      <span>${t("duel.private")}</span></label><label class="check" for="open-onlooker-chat"><input type="checkbox" id="open-onlooker-chat">
      <span>${t("duel.onlooker_chat")}</span></label><p class="form-msg" id="open-msg" role="status">${this.message}</p>`;
  }
}

/** "Tisch beitreten": a code field; lower case, spaces and dashes are fine. */
export class JoinForm extends Part {
  /** @param {string} [prefix] the ids' prefix */
  constructor(prefix = "join") {
    super("form", { class: "join-form", id: `${prefix}-form` });
    this.prefix = prefix;
    this.message = "";
    this.element.addEventListener("submit", (event) => this.submit(event));
  }

  /** @param {Event} event */
  submit(event) {
    event.preventDefault();
    const input = /** @type {HTMLInputElement} */ (this.element.querySelector("input"));
    const code = normalCode(input.value);
    if (code.length < 4) {
      this.message = t("join.short");
      this.update();
      input.focus();
      return;
    }
    location.assign(`/tisch/${code}`);
  }

  template() {
    const p = this.prefix;
    return html`<label for=${`${p}-code`}>${t("join.label")}</label>
      <div class="row"><input id=${`${p}-code`} name="code" autocomplete="off" autocapitalize="characters"
        spellcheck="false" inputmode="text" maxlength="20" required aria-describedby=${`${p}-help`}>
        <button type="submit" id=${`${p}-go`}>${t("join.go")}</button></div>
      <p class="hint" id=${`${p}-help`}>${t("join.help")}</p>
      <p class="form-msg" id=${`${p}-msg`} role="status">${this.message}</p>`;
  }
}

/** The start page's card for duels. */
export function duelCard() {
  return html`<li class="card card-duel" id="duel-slot"><div>
    <h2 class="card-title">${t("start.duel")}</h2>
    <span class="card-text">${t("start.duel.text")}</span>
    ${new DuelButton({ bar: false }).update()}
    ${new JoinForm("join").update()}
    <p class="card-more"><a href="/duell-ecke" id="duel-guide-link">${t("guide.link")}</a></p>
  </div></li>`;
}

// --- the strip under the header: call-backs and "moved to another device" ---------------

function noticeStrip() {
  let strip = document.getElementById("hall-notice");
  if (!strip) {
    strip = document.createElement("div");
    Object.assign(strip, { id: "hall-notice", className: "hall-notice" });
    strip.setAttribute("role", "alert");
    document.querySelector("header.top")?.after(strip);
  }
  return strip;
}

/** @param {{from: string, link: string, code: string}} message */
export function showCallback(message) {
  const strip = noticeStrip();
  const text = t("callback.notice", { name: message.from });
  render(html`<p class="callback-notice" id="callback-notice"><span>${text}</span>
    <a href=${message.link} id="callback-go">${t("callback.go")}</a>
    <button type="button" class="link" @click=${() => render(nothing, strip)}>${t("callback.close")}</button></p>`, strip);
  try {
    if ("Notification" in window && Notification.permission === "granted") {
      const note = new Notification(t("hall.title"), { body: text, tag: `callback-${message.code}` });
      note.onclick = () => { window.focus(); location.assign(message.link); };
    }
  } catch {
    // notifications not available here: the strip says it
  }
}

/** @param {{message?: string}} message */
export function showMoved(message) {
  render(html`<p class="moved-notice" id="moved-notice">${message.message || t("transfer.moved")}</p>`, noticeStrip());
}

/**
 * Every hall page: listen for call-backs while the player sits at a table.
 * @param {{always?: boolean}} [options] always: the table page, which is at a table
 */
export function listenHall({ always = false } = {}) {
  const socket = theSocket();
  socket.on((/** @type {any} */ message) => {
    if (message.type === "callback") showCallback(message);
    else if (message.type === "transferred") showMoved(message);
  });
  if (always) return socket;
  if (!isActive()) return null;
  api("/api/me").then((me) => {
    if (me.tables.length) socket.start();
    else markActive(false);
  }).catch(() => {});
  return socket;
}
