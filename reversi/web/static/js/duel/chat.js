// The table's chat: plain-text lines (lit-html inserts them as text, never as HTML),
// a field of at most the server's length (config.hall.chat_max) with a counter, and
// muting the opponent.
import { config } from "../core/config.js";
import { t } from "../core/i18n.js";
import { html, nothing } from "../core/lit.js";
import { pasteIsCut } from "../core/fields.js";
import { errorText, OfflineError } from "../core/api.js";
import { Part } from "../core/part.js";

/** @typedef {{seat: number, text: string, at: number, id?: number}} Line */

export class Chat extends Part {
  /** @param {import("./page.js").TablePage} page its socket, code, table, own seat (`you`) and names */
  constructor(page) {
    super("section", { class: "panel chat", id: "chat", "aria-labelledby": "chat-heading" });
    this.page = page;
    /** @type {Line[]} */
    this.lines = [];
    this.typed = 0;
    this.drawn = 0;
    this.error = "";
    this.max = config.hall?.chat_max ?? 200;
  }

  /** @param {Line[]} lines */
  setLines(lines) {
    this.lines = lines;
    this.update();
  }

  /** @param {Line} line */
  add(line) {
    this.lines.push(line);
    this.update();
  }

  update() {
    const element = super.update();
    const lines = element.querySelectorAll("#chat-log li").length;
    if (lines !== this.drawn) {
      // a new line: the log shows the newest
      this.drawn = lines;
      const scroll = element.querySelector(".chat-scroll");
      if (scroll) scroll.scrollTop = scroll.scrollHeight;
    }
    return element;
  }

  /** @param {Line} line */
  line(line) {
    const page = this.page;
    const at = new Date(line.at * 1000 - (page.socket.serverOffset || 0));
    const time = at.toLocaleTimeString("de-DE", { hour: "2-digit", minute: "2-digit" });
    return html`<li class=${line.seat === page.you.seat ? "mine" : "theirs"} data-seat=${line.seat}><time class="chat-time">${time}</time>
      <span class="chat-name">${page.table ? page.nameWithLevel(line.seat) : ""}</span>: <span class="chat-text">${line.text}</span></li>`;
  }

  template() {
    const page = this.page;
    const you = page.you;
    const shown = this.lines.filter((line) => !(you.muted && line.seat !== you.seat));
    const opp = page.opponent();
    const canMute = opp !== null && !!page.table && !page.table.seats[opp].free;
    return html`<h2 id="chat-heading">${t("chat.heading")}</h2>
      <div class="chat-scroll" role="log" aria-live="polite" aria-label=${t("chat.log")} tabindex="0">
        ${shown.length ? nothing : html`<p class="chat-empty" id="chat-empty">${t("chat.empty")}</p>`}
        <ol class="chat-log" id="chat-log">${shown.map((line) => this.line(line))}</ol>
      </div>
      <form id="chat-form" class="chat-form" ?hidden=${you.seat === null || page.state === "moved"}
        @submit=${(/** @type {Event} */ event) => { event.preventDefault(); this.send(); }}>
        <label for="chat-input" class="visually-hidden">${t("chat.label")}</label>
        <div class="row"><input id="chat-input" name="chat" maxlength=${this.max} autocomplete="off" aria-describedby="chat-count"
          @input=${() => this.count()} @paste=${(/** @type {ClipboardEvent} */ event) => this.pasted(event)}><button type="submit" id="chat-send">${t("chat.send")}</button></div>
        <div class="chat-meta"><span class=${this.typed >= this.max ? "chat-count full" : "chat-count"} id="chat-count" aria-live="off">${this.typed}/${this.max}</span>
          <button type="button" id="mute" class="link" ?hidden=${!canMute} aria-pressed=${you.muted ? "true" : "false"}
            @click=${() => this.toggleMute()}>${you.muted ? t("chat.unmute") : t("chat.mute")}</button></div>
      </form>
      <p class="form-msg error" id="chat-error" role="status">${this.error}</p>`;
  }

  input() {
    return /** @type {HTMLInputElement} */ (this.element.querySelector("#chat-input"));
  }

  /** @param {ClipboardEvent} event */
  pasted(event) {
    this.error = pasteIsCut(event) ? t("chat.cut", { n: this.max }) : "";
    this.update();
  }

  count() {
    this.typed = this.input().value.length;
    this.update();
  }

  async send() {
    const page = this.page;
    const input = this.input();
    const text = input.value.trim();
    this.error = "";
    if (!text) return this.update();
    if (page.you.secret && text.includes(page.you.secret)) {
      this.error = t("chat.secret");
      return this.update();
    }
    input.value = "";
    this.count();
    try {
      await page.socket.request({ type: "chat", code: page.code, text });
    } catch (error) {
      this.error = error instanceof OfflineError ? t("chat.offline") : errorText(error);
      if (!input.value) input.value = text;
      this.count();
    }
    return undefined;
  }

  async toggleMute() {
    const page = this.page;
    const muted = !page.you.muted;
    if (await page.intent({ type: "mute", muted }, muted ? t("chat.muted") : t("chat.unmuted"))) {
      page.you.muted = muted;
      page.update();
    }
  }
}
