// Call-backs ("Rückruf") on every hall page while the player sits at a table, and
// "moved to another device": a strip under the header, from messages of the page's socket.
import { api } from "../core/api.js";
import { t } from "../core/i18n.js";
import { html, nothing, render } from "../core/lit.js";
import { theSocket } from "../core/socket.js";

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
export function listenForCallbacks({ always = false } = {}) {
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
