// The player's panel (the table page, /profil): the nickname, "Auf anderem Gerät
// weiterspielen" (a transfer link and code, redeemed on /weiter: transfer.js) and the
// notification switch.
import { api, errorText } from "../core/api.js";
import { config } from "../core/config.js";
import { copyButton } from "../core/copy.js";
import { t } from "../core/i18n.js";
import { html, live, nothing } from "../core/lit.js";
import { Part } from "../core/part.js";
import { theSocket } from "../core/socket.js";

/** Nickname and "Auf anderem Gerät weiterspielen", a panel of the table page. */
export class PlayerPanel extends Part {
  /**
   * @param {(text: string, visible?: boolean) => void} say tells the page (visible: also under the board)
   * @param {{profile?: boolean}} [options] profile: the panel is the profile page's (no link to it)
   */
  constructor(say, { profile = false } = {}) {
    super("section", { class: "panel", id: "player-panel", "aria-labelledby": "player-heading" });
    this.say = say;
    this.profile = profile;
    this.name = "…";
    this.draft = "";
    this.nickMsg = "";
    this.nickError = false;
    /** @type {{link: string, code: string, time: string} | null} */
    this.offer = null;
    this.transferMsg = "";
    this.busy = false;
    this.notify = "Notification" in window && Notification.permission === "default";
    api("/api/me").then((me) => {
      this.name = me.nickname;
      this.draft ||= me.nickname;
      this.update();
    }).catch(() => {});
  }

  /** @param {Event} event */
  async rename(event) {
    event.preventDefault();
    const input = /** @type {HTMLInputElement} */ (this.element.querySelector("#nick-input"));
    this.draft = input.value;
    const { max } = config.hall.nick;
    const length = [...this.draft.trim()].length;
    // a long paste is not cut to fit without a word: it is refused, with its length
    if (length > max) return this.refused(t("nick.too_long", { n: length, max }), input);
    try {
      const me = await api("/api/me", { body: { nickname: this.draft } });
      this.name = this.draft = me.nickname;
      this.nickError = false;
      this.nickMsg = t("nick.saved", { name: me.nickname });
      this.say(this.nickMsg);
    } catch (error) {
      return this.refused(errorText(error), input);
    }
    this.update();
  }

  /** A refused name: the reason beside the field, in place of an earlier "Du heißt jetzt …".
   * @param {string} text @param {HTMLInputElement} input */
  refused(text, input) {
    this.nickError = true;
    this.nickMsg = text;
    this.say(text);
    this.update();
    input.focus();
  }

  async transfer() {
    this.busy = true;
    this.update();
    try {
      const offer = await api("/api/transfer", { body: {} });
      const until = new Date(offer.expires_at * 1000 - (theSocket().serverOffset || 0));
      const time = until.toLocaleTimeString("de-DE", { hour: "2-digit", minute: "2-digit" });
      this.offer = { link: `${location.origin}${offer.link}`, code: offer.code, time };
      this.transferMsg = t("transfer.ready");
    } catch (error) {
      this.transferMsg = errorText(error);
    }
    this.busy = false;
    this.update();
  }

  async askNotify() {
    let text;
    try {
      text = (await Notification.requestPermission()) === "granted" ? t("notify.granted") : t("notify.denied");
    } catch {
      text = t("notify.denied");
    }
    this.notify = false;
    this.say(text, true);
    this.update();
  }

  template() {
    const sayHere = (/** @type {string} */ text) => { this.transferMsg = text; this.update(); };
    const offer = this.offer;
    return html`<h2 id="player-heading">${t("player.heading")}</h2>
      <form id="nick-form" class="nick-form" @submit=${(/** @type {Event} */ e) => this.rename(e)}>
        <p>${t("nick.current")} <strong id="nick-current">${this.name}</strong></p>
        <label for="nick-input">${t("nick.label")}</label>
        <div class="row"><input id="nick-input" name="nickname" autocomplete="nickname"
          aria-describedby="nick-help nick-msg" aria-invalid=${this.nickError ? "true" : "false"} .value=${live(this.draft)}
          @input=${(/** @type {InputEvent} */ e) => { this.draft = /** @type {HTMLInputElement} */ (e.target).value; }}>
          <button type="submit" id="nick-save">${t("nick.save")}</button></div>
        <p class="hint" id="nick-help">${t("nick.help", config.hall.nick)}</p>
        <p class=${this.nickError ? "form-msg error" : "form-msg"} id="nick-msg" role="status">${this.nickMsg}</p>
      </form>
      ${this.profile ? nothing : html`<p><a href="/profil" id="to-profile">${t("profile.link")}</a></p>`}
      ${this.notify ? html`<p><button type="button" id="notify" class="link" @click=${() => this.askNotify()}>${t("notify.ask")}</button></p>` : nothing}
      <h3>${t("transfer.heading")}</h3>
      <p class="hint">${t("transfer.intro")}</p>
      <button type="button" id="transfer-start" ?disabled=${this.busy} @click=${() => this.transfer()}>${t("transfer.start")}</button>
      <div id="transfer-out" ?hidden=${!offer}>${offer ? html`
        <p>${t("transfer.link")}</p>
        <div class="copyrow"><code id="transfer-link">${offer.link}</code>${copyButton("copy-transfer-link", t("copy.link"), offer.link, sayHere)}</div>
        <p>${t("transfer.code")}</p>
        <div class="copyrow"><code id="transfer-code" class="big-code">${offer.code}</code>${copyButton("copy-transfer-code", t("copy.code"), offer.code, sayHere)}</div>
        <p class="hint" id="transfer-expiry">${t("transfer.expiry", { time: offer.time })}</p>` : nothing}</div>
      <p class="form-msg" id="transfer-msg" role="status">${this.transferMsg}</p>`;
  }
}
