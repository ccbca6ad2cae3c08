// Finding each other: "zu 2" (open a table), joining by code, the nickname, moving
// to another device (/weiter), and the call-back notice on every hall page.
import { h, t } from "./i18n.js";
import { api, ApiError, normalCode, theHall } from "./net.js";

const ACTIVE = "reversi.duels.v1";

// Remembered on the device while the player sits at a running table, so that the
// other hall pages listen for a call-back ("Rückruf").
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

export function errorText(error) {
  if (error instanceof ApiError) return error.message;
  return t("duel.offline");
}

// A copy button: clipboard, else the text is selected for Ctrl+C; says what happened.
export function copyButton(id, label, text, say) {
  return h("button", {
    type: "button", class: "copy", id,
    onclick: async (event) => {
      const value = typeof text === "function" ? text() : text;
      try {
        await navigator.clipboard.writeText(value);
        say(t("copy.done"));
      } catch {
        const source = event.currentTarget.previousElementSibling;
        if (source) {
          const range = document.createRange();
          range.selectNodeContents(source);
          getSelection().removeAllRanges();
          getSelection().addRange(range);
        }
        say(t("copy.select"));
      }
    },
  }, label);
}

export async function openTable(button, say) {
  if (button) button.disabled = true;
  try {
    const state = await api("/api/tables", {});
    location.assign(`/tisch/${state.code}`);
  } catch (error) {
    if (button) button.disabled = false;
    say(errorText(error));
  }
}

// The "zu 2" button above the board of the game pages.
export function duelButton() {
  const message = h("span", { class: "duel-bar-msg", id: "duel-bar-msg", role: "status" });
  const button = h("button", { type: "button", class: "duel-go", id: "zu2",
    onclick: () => openTable(button, (text) => { message.textContent = text; }) }, t("duel.zu2"));
  return h("div", { class: "duel-bar" }, button,
    h("span", { class: "duel-bar-text" }, t("duel.zu2.text")), message);
}

// "Tisch beitreten": a code field; lower case, spaces and dashes are fine.
export function joinForm(prefix = "join") {
  const input = h("input", { id: `${prefix}-code`, name: "code", autocomplete: "off", autocapitalize: "characters",
    spellcheck: "false", inputmode: "text", maxlength: "20", required: true, "aria-describedby": `${prefix}-help` });
  const message = h("p", { class: "form-msg", id: `${prefix}-msg`, role: "status" });
  const form = h("form", { class: "join-form", id: `${prefix}-form`,
    onsubmit: (event) => {
      event.preventDefault();
      const code = normalCode(input.value);
      if (code.length < 4) {
        message.textContent = t("join.short");
        input.focus();
        return;
      }
      location.assign(`/tisch/${code}`);
    } },
  h("label", { for: `${prefix}-code` }, t("join.label")),
  h("div", { class: "row" }, input, h("button", { type: "submit", id: `${prefix}-go` }, t("join.go"))),
  h("p", { class: "hint", id: `${prefix}-help` }, t("join.help")),
  message);
  return form;
}

// The start page's card for duels.
export function duelCard() {
  const message = h("p", { class: "form-msg", id: "open-msg", role: "status" });
  const button = h("button", { type: "button", class: "primary", id: "open-table",
    onclick: () => openTable(button, (text) => { message.textContent = text; }) }, t("duel.zu2"));
  return h("li", { class: "card card-duel", id: "duel-slot" },
    h("div", {},
      h("h2", { class: "card-title" }, t("start.duel")),
      h("span", { class: "card-text" }, t("start.duel.text")),
      button, message,
      joinForm("join")));
}

// Nickname and "Auf anderem Gerät weiterspielen".
export function playerPanel(say) {
  const nick = h("input", { id: "nick-input", name: "nickname", maxlength: "24", minlength: "2", autocomplete: "nickname",
    "aria-describedby": "nick-msg" });
  const nickMsg = h("p", { class: "form-msg", id: "nick-msg", role: "status" });
  const current = h("strong", { id: "nick-current" }, "…");
  api("/api/me").then((me) => {
    current.textContent = me.nickname;
    if (!nick.value) nick.value = me.nickname;
  }).catch(() => {});
  const nickForm = h("form", { id: "nick-form", class: "nick-form",
    onsubmit: async (event) => {
      event.preventDefault();
      nickMsg.classList.remove("error");
      try {
        const me = await api("/api/me", { nickname: nick.value });
        current.textContent = me.nickname;
        nick.value = me.nickname;
        nickMsg.textContent = t("nick.saved", { name: me.nickname });
        say?.(t("nick.saved", { name: me.nickname }));
      } catch (error) {
        nickMsg.classList.add("error");
        nickMsg.textContent = errorText(error);
        nick.setAttribute("aria-invalid", "true");
        nick.focus();
        return;
      }
      nick.removeAttribute("aria-invalid");
    } },
  h("p", {}, t("nick.current"), " ", current),
  h("label", { for: "nick-input" }, t("nick.label")),
  h("div", { class: "row" }, nick, h("button", { type: "submit", id: "nick-save" }, t("nick.save"))),
  nickMsg);

  const out = h("div", { id: "transfer-out", hidden: true });
  const transferMsg = h("p", { class: "form-msg", id: "transfer-msg", role: "status" });
  const start = h("button", { type: "button", id: "transfer-start",
    onclick: async () => {
      start.disabled = true;
      try {
        const offer = await api("/api/transfer", {});
        const link = `${location.origin}${offer.link}`;
        const until = new Date(offer.expires_at * 1000 - (theHall().serverOffset || 0));
        const time = until.toLocaleTimeString("de-DE", { hour: "2-digit", minute: "2-digit" });
        const sayHere = (text) => { transferMsg.textContent = text; };
        out.replaceChildren(
          h("p", {}, t("transfer.link")),
          h("div", { class: "copyrow" }, h("code", { id: "transfer-link" }, link), copyButton("copy-transfer-link", t("copy.link"), link, sayHere)),
          h("p", {}, t("transfer.code")),
          h("div", { class: "copyrow" }, h("code", { id: "transfer-code", class: "big-code" }, offer.code), copyButton("copy-transfer-code", t("copy.code"), offer.code, sayHere)),
          h("p", { class: "hint", id: "transfer-expiry" }, t("transfer.expiry", { time })));
        out.hidden = false;
        transferMsg.textContent = t("transfer.ready");
      } catch (error) {
        transferMsg.textContent = errorText(error);
      } finally {
        start.disabled = false;
      }
    } }, t("transfer.start"));
  return h("section", { class: "panel", id: "player-panel", "aria-labelledby": "player-heading" },
    h("h2", { id: "player-heading" }, t("player.heading")),
    nickForm,
    h("h3", {}, t("transfer.heading")),
    h("p", { class: "hint" }, t("transfer.intro")),
    start, out, transferMsg);
}

// /weiter#<token>: this device takes over the player; a code field for the 8 characters.
export function transferPage(main) {
  document.title = `${t("redeem.heading")} – ${t("hall.title")}`;
  const status = h("p", { id: "redeem-status", role: "status", class: "redeem-status" });
  const tables = h("ul", { id: "redeem-tables", class: "table-links" });
  const input = h("input", { id: "redeem-code", name: "code", autocomplete: "one-time-code", maxlength: "20",
    autocapitalize: "characters", spellcheck: "false" });
  const redeem = async (body) => {
    status.classList.remove("error");
    status.textContent = t("redeem.busy");
    try {
      const me = await api("/api/transfer/redeem", body);
      status.textContent = t("redeem.done", { name: me.nickname });
      const mine = await api("/api/me");
      tables.replaceChildren(...mine.tables.map((code) => h("li", {},
        h("a", { href: `/tisch/${code}` }, t("redeem.table", { code })))));
      if (mine.tables.length) markActive(true);
    } catch (error) {
      status.classList.add("error");
      status.textContent = errorText(error);
    }
  };
  main.replaceChildren(h("section", { class: "redeem", "aria-labelledby": "redeem-heading" },
    h("h1", { id: "redeem-heading" }, t("redeem.heading")),
    h("p", {}, t("redeem.intro")),
    status, tables,
    h("form", { id: "redeem-form", class: "join-form",
      onsubmit: (event) => {
        event.preventDefault();
        const code = normalCode(input.value);
        if (code) redeem({ code });
      } },
    h("label", { for: "redeem-code" }, t("redeem.label")),
    h("div", { class: "row" }, input, h("button", { type: "submit", id: "redeem-go" }, t("redeem.go")))),
    h("p", {}, h("a", { href: "/" }, t("duel.back")))));
  const token = location.hash.slice(1);
  if (token) {
    history.replaceState(null, "", location.pathname);
    redeem({ token });
  }
}

// The strip under the header that shows call-backs and "moved to another device".
function noticeStrip() {
  let strip = document.getElementById("hall-notice");
  if (!strip) {
    strip = h("div", { id: "hall-notice", class: "hall-notice", role: "alert" });
    document.querySelector("header.top").after(strip);
  }
  return strip;
}

export function showCallback(message) {
  const strip = noticeStrip();
  const text = t("callback.notice", { name: message.from });
  strip.replaceChildren(h("p", { class: "callback-notice", id: "callback-notice" },
    h("span", {}, text), " ",
    h("a", { href: message.link, id: "callback-go" }, t("callback.go")), " ",
    h("button", { type: "button", class: "link", onclick: () => strip.replaceChildren() }, t("callback.close"))));
  try {
    if ("Notification" in window && Notification.permission === "granted") {
      const note = new Notification(t("hall.title"), { body: text, tag: `callback-${message.code}` });
      note.onclick = () => { window.focus(); location.assign(message.link); };
    }
  } catch {
    // notifications not available here: the strip says it
  }
}

export function showMoved(message) {
  noticeStrip().replaceChildren(h("p", { class: "moved-notice", id: "moved-notice" },
    message.message || t("transfer.moved")));
}

// Every hall page: listen for call-backs while the player sits at a table.
export function listenHall({ always = false } = {}) {
  const hall = theHall();
  hall.on((message) => {
    if (message.type === "callback") showCallback(message);
    else if (message.type === "transferred") showMoved(message);
  });
  if (always) return hall;
  if (!isActive()) return null;
  api("/api/me").then((me) => {
    if (me.tables.length) hall.start();
    else markActive(false);
  }).catch(() => {});
  return hall;
}

export function notificationButton(say) {
  if (!("Notification" in window) || Notification.permission !== "default") return null;
  const button = h("button", { type: "button", id: "notify", class: "link",
    onclick: async () => {
      try {
        const answer = await Notification.requestPermission();
        say(answer === "granted" ? t("notify.granted") : t("notify.denied"));
      } catch {
        say(t("notify.denied"));
      }
      button.remove();
    } }, t("notify.ask"));
  return button;
}
