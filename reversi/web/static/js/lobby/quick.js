// "Schnelle Partie": one tap, a visible search that can be cancelled, and both players
// land at the new table (docs/protocol.md, "Quick pairing"). The server pairs; the page
// only asks, waits and goes where it is told.
import { t } from "../core/i18n.js";
import { html, nothing } from "../core/lit.js";
import { errorText } from "../core/api.js";
import { theSocket } from "../core/socket.js";
import { Part } from "../core/part.js";
import { PER_MOVE, clockChoice, isDays } from "../duel/clocks.js";

export class QuickPairing extends Part {
  constructor() {
    super("div", { class: "quick", id: "quick" });
    this.searching = false;
    this.busy = false;
    this.message = "";
    /** @type {string | null} the search's table */
    this.code = null;
    this.started = 0;
    /** the chosen clock ("move" or a total clock such as "3+2") and XOT, kept for a reconnect's tap */
    this.clock = PER_MOVE;
    this.xot = false;
    this.socket = theSocket();
    /** @type {ReturnType<typeof setInterval> | undefined} */
    this.ticker = undefined;
    this.socket.on((/** @type {any} */ message) => this.receive(message));
  }

  /** @param {any} message */
  receive(message) {
    if (message.type === "paired") this.go(message.link);
    else if (message.type === "pairing_ended" && this.searching && message.code === this.code) {
      this.stop(t(message.reason === "timeout" ? "halle.quick.timeout" : "halle.quick.away"));
    } else if (message.type === "hello" && this.searching) {
      // a reconnect: the same search again (the server answers with the same table)
      this.ask();
    } else if (message.type === "hello") this.update(); // the clocks to choose from

  }

  /** @param {string} link */
  go(link) {
    this.stop(t("halle.quick.found"));
    this.busy = true;
    this.update();
    location.assign(link);
  }

  /** @param {string} text */
  stop(text) {
    this.searching = false;
    this.message = text;
    clearInterval(this.ticker);
    this.update();
  }

  async start() {
    const select = /** @type {HTMLSelectElement | null} */ (this.element.querySelector("#quick-clock"));
    this.clock = select?.value || PER_MOVE;
    this.xot = Boolean(/** @type {HTMLInputElement | null} */ (this.element.querySelector("#quick-xot"))?.checked);
    this.busy = true;
    this.message = "";
    this.update();
    this.socket.start();
    await this.ask();
    this.busy = false;
    this.update();
  }

  async ask() {
    try {
      const reply = await this.socket.request({ type: "quick", clock: this.clock, xot: this.xot });
      this.code = reply.code;
      if (reply.paired) {
        this.go(`/tisch/${reply.code}`);
        return;
      }
      if (!this.searching) {
        this.searching = true;
        this.started = Date.now();
        clearInterval(this.ticker);
        this.ticker = setInterval(() => this.update(), 1000);
      }
    } catch (error) {
      this.searching = false;
      this.message = errorText(error);
    }
    this.update();
    if (this.searching) /** @type {HTMLElement | null} */ (this.element.querySelector("#quick-cancel"))?.focus();
  }

  async cancel() {
    this.busy = true;
    this.update();
    try {
      await this.socket.request({ type: "quick_cancel" });
      this.stop(t("halle.quick.cancelled"));
    } catch (error) {
      this.message = errorText(error);
    }
    this.busy = false;
    this.update();
    /** @type {HTMLElement | null} */ (this.element.querySelector("#quick-go"))?.focus();
  }

  template() {
    if (this.searching) {
      const seconds = Math.floor((Date.now() - this.started) / 1000);
      return html`<div class="quick-search" role="status" aria-live="polite">
          <span class="quick-spinner" aria-hidden="true"></span>
          <span id="quick-status">${t("halle.quick.searching")}</span>
          <span class="quick-time" aria-hidden="true">${seconds > 0 ? `${seconds} s` : nothing}</span>
        </div>
        <button type="button" id="quick-cancel" ?disabled=${this.busy} @click=${() => this.cancel()}>${t("halle.quick.cancel")}</button>
        <p class="form-msg" id="quick-msg" role="status">${this.message}</p>`;
    }
    const clocks = this.socket.clocks.filter((/** @type {string} */ c) => !isDays(c));
    return html`<button type="button" class="primary" id="quick-go" ?disabled=${this.busy}
        aria-describedby="quick-help" @click=${() => this.start()}>${t("halle.quick")}</button>
      ${clocks.length ? html`<div class="quick-choice"><label class="open-clock" for="quick-clock"><span class="visually-hidden">${t("halle.quick.clock")}</span>
        <select id="quick-clock"><option value=${PER_MOVE} ?selected=${this.clock === PER_MOVE}>${t("rules.clock.move")}</option>
          ${clocks.map((/** @type {string} */ c) => html`<option value=${c} ?selected=${this.clock === c}>${clockChoice(c)}</option>`)}</select></label>
        <label class="check" for="quick-xot"><input type="checkbox" id="quick-xot" ?checked=${this.xot}><span>${t("rules.xot")}</span></label></div>` : nothing}
      <span class="hint" id="quick-help">${t("halle.quick.text")}</span>
      <p class="form-msg" id="quick-msg" role="status">${this.message}</p>`;
  }
}
