// Opening and joining a table: "zu 2" (the strip above a game's board and the start
// page's card) and "Tisch beitreten" by code.
import { t } from "../core/i18n.js";
import { html, nothing } from "../core/lit.js";
import { api, errorText } from "../core/api.js";
import { normalCode } from "../core/ids.js";
import { Part } from "../core/part.js";
import { theSocket } from "../core/socket.js";
import { PER_MOVE, clockChoice } from "./clocks.js";

/**
 * Opens a table and goes there; says why not.
 * @param {(text: string) => void} say
 * @param {boolean} [secret] private: reachable by code or link only, not in the lobby
 * @param {boolean} [onlookerChat] onlookers read the players' chat
 * @param {string} [clock] "move" (Zeit pro Zug), a total clock such as "3+2" or days per move ("2d")
 * @param {boolean} [rated] "gewertet": the game moves the Wertungszahl
 */
export async function openTable(say, secret = false, onlookerChat = false, clock = PER_MOVE, rated = true) {
  try {
    /** @type {Record<string, boolean | string>} */
    const body = {};
    if (secret) body.private = true;
    if (onlookerChat) body.onlooker_chat = true;
    if (clock !== PER_MOVE) body.clock = clock;
    if (!rated) body.rated = false;
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
    // the clocks come with the socket's hello (the start page's lobby opens it)
    if (!bar) theSocket().on((/** @type {any} */ message) => { if (message.type === "hello") this.update(); });
  }

  async open() {
    this.busy = true;
    this.update();
    const box = (/** @type {string} */ id) => Boolean(/** @type {HTMLInputElement | null} */ (this.element.querySelector(id))?.checked);
    const clock = /** @type {HTMLSelectElement | null} */ (this.element.querySelector("#open-clock"))?.value || PER_MOVE;
    if (!(await openTable((text) => { this.message = text; }, box("#open-private"), box("#open-onlooker-chat"), clock,
      !this.element.querySelector("#open-rated") || box("#open-rated")))) this.busy = false;
    this.update();
  }

  template() {
    const button = html`<button type="button" class=${this.bar ? "duel-go" : "primary"} id=${this.bar ? "zu2" : "open-table"}
      ?disabled=${this.busy} @click=${() => this.open()}>${t("duel.zu2")}</button>`;
    if (this.bar) {
      return html`${button}<span class="duel-bar-text">${t("duel.zu2.text")}</span>
        <span class="duel-bar-msg" id="duel-bar-msg" role="status">${this.message}</span>`;
    }
    const clocks = theSocket().clocks;
    const clock = clocks.length
      ? html`<label class="open-clock" for="open-clock"><span>${t("rules.clock")}</span>
        <select id="open-clock"><option value=${PER_MOVE}>${t("rules.clock.move")}</option>
          ${clocks.map((c) => html`<option value=${c}>${clockChoice(c)}</option>`)}</select></label>`
      : nothing;
    return html`${button}${clock}<label class="check" for="open-private"><input type="checkbox" id="open-private">
      <span>${t("duel.private")}</span></label><label class="check" for="open-onlooker-chat"><input type="checkbox" id="open-onlooker-chat">
      <span>${t("duel.onlooker_chat")}</span></label><label class="check" for="open-rated"><input type="checkbox" id="open-rated" checked>
      <span>${t("rules.rated")}</span></label><p class="form-msg" id="open-msg" role="status">${this.message}</p>`;
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
