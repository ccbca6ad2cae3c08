// The table's chat: plain-text lines (inserted as text, never as HTML), a field of at
// most 200 characters with a counter, and muting the opponent.
import { h, t } from "./i18n.js";
import { errorText } from "./lobby.js";
import { OfflineError } from "./net.js";

const CHAT_MAX = 200;

export class ChatPanel {
  // `page` is the table page: its hall, code, table, own seat (`you`) and names.
  constructor(page) {
    this.page = page;
    this.lines = [];
    this.log = h("ol", { class: "chat-log", id: "chat-log" });
    this.empty = h("p", { class: "chat-empty", id: "chat-empty" }, t("chat.empty"));
    this.scroll = h("div", { class: "chat-scroll", role: "log", "aria-live": "polite", "aria-label": t("chat.log"), tabindex: "0" },
      this.empty, this.log);
    this.input = h("input", { id: "chat-input", name: "chat", maxlength: String(CHAT_MAX), autocomplete: "off",
      "aria-describedby": "chat-count", oninput: () => this.count() });
    this.counter = h("span", { class: "chat-count", id: "chat-count", "aria-live": "off" }, `0/${CHAT_MAX}`);
    this.error = h("p", { class: "form-msg error", id: "chat-error", role: "status" });
    this.muteButton = h("button", { type: "button", id: "mute", class: "link", onclick: () => this.toggleMute() }, t("chat.mute"));
    this.form = h("form", { id: "chat-form", class: "chat-form", onsubmit: (event) => { event.preventDefault(); this.send(); } },
      h("label", { for: "chat-input", class: "visually-hidden" }, t("chat.label")),
      h("div", { class: "row" }, this.input, h("button", { type: "submit", id: "chat-send" }, t("chat.send"))),
      h("div", { class: "chat-meta" }, this.counter, this.muteButton));
    this.element = h("section", { class: "panel chat", id: "chat", "aria-labelledby": "chat-heading" },
      h("h2", { id: "chat-heading" }, t("chat.heading")), this.scroll, this.form, this.error);
  }

  setLines(lines) {
    this.lines = lines;
    this.render();
  }

  add(line) {
    this.lines.push(line);
    this.render(true);
  }

  render(appended = false) {
    const you = this.page.you;
    const shown = this.lines.filter((line) => !(you.muted && line.seat !== you.seat));
    if (appended && shown.length === this.log.children.length + 1) {
      this.log.append(this.line(shown[shown.length - 1]));
    } else {
      this.log.replaceChildren(...shown.map((line) => this.line(line)));
    }
    this.empty.hidden = shown.length > 0;
    this.scroll.scrollTop = this.scroll.scrollHeight;
  }

  renderForm() {
    const page = this.page;
    const you = page.you;
    this.form.hidden = you.seat === null || page.state === "moved";
    const opp = page.opponent();
    this.muteButton.hidden = opp === null || page.table.seats[opp].free;
    this.muteButton.textContent = you.muted ? t("chat.unmute") : t("chat.mute");
    this.muteButton.setAttribute("aria-pressed", you.muted ? "true" : "false");
  }

  line(line) {
    const page = this.page;
    const who = h("span", { class: "chat-name" });
    who.textContent = page.table ? page.nameWithLevel(line.seat) : "";
    const text = h("span", { class: "chat-text" });
    text.textContent = line.text; // plain text, never HTML
    const at = new Date(line.at * 1000 - (page.hall.serverOffset || 0));
    const time = h("time", { class: "chat-time" });
    time.textContent = at.toLocaleTimeString("de-DE", { hour: "2-digit", minute: "2-digit" });
    return h("li", { class: line.seat === page.you.seat ? "mine" : "theirs", "data-seat": String(line.seat) }, time, " ", who, ": ", text);
  }

  count() {
    const n = this.input.value.length;
    this.counter.textContent = `${n}/${CHAT_MAX}`;
    this.counter.classList.toggle("full", n >= CHAT_MAX);
  }

  async send() {
    const page = this.page;
    const text = this.input.value.trim();
    this.error.textContent = "";
    if (!text) return;
    if (page.you.secret && text.includes(page.you.secret)) {
      this.error.textContent = t("chat.secret");
      return;
    }
    this.input.value = "";
    this.count();
    try {
      await page.hall.request({ type: "chat", code: page.code, text });
    } catch (error) {
      this.error.textContent = error instanceof OfflineError ? t("chat.offline") : errorText(error);
      if (!this.input.value) {
        this.input.value = text;
        this.count();
      }
    }
  }

  async toggleMute() {
    const page = this.page;
    const muted = !page.you.muted;
    if (await page.intent({ type: "mute", muted }, muted ? t("chat.muted") : t("chat.unmuted"))) {
      page.you.muted = muted;
      this.render();
      this.renderForm();
    }
  }
}
