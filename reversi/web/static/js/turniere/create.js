// "Turnier anlegen" (/turniere): a player's own tournament — name, arena or Swiss, the
// start, the length or the rounds, the clock, XOT, rated, private. The server decides
// who may (a chosen name and some rated games) and answers others with a German
// refusal, shown under the button; a made tournament opens its page.
import { api, errorText } from "../core/api.js";
import { config } from "../core/config.js";
import { t } from "../core/i18n.js";
import { html, nothing } from "../core/lit.js";
import { Part } from "../core/part.js";
import { clockName } from "../duel/clocks.js";

/** The choices the server allows (config.hall.tournament): clocks, an arena's minutes,
 * a Swiss tournament's rounds, a name's length; preselected: 60 minutes, 5 rounds. */
const RULES = config.hall.tournament;

/** "2026-12-02T19:30": the value of a datetime-local field for a time. @param {Date} date */
function localValue(date) {
  const two = (/** @type {number} */ n) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}T${two(date.getHours())}:${two(date.getMinutes())}`;
}

/** The next quarter of an hour at least 15 minutes from now. */
function defaultStart() {
  const date = new Date(Date.now() + 15 * 60_000);
  date.setMinutes(Math.ceil(date.getMinutes() / 15) * 15, 0, 0);
  return date;
}

export class CreateForm extends Part {
  constructor() {
    super("form", { class: "turnier-create", id: "turnier-create", novalidate: "" });
    /** @type {"arena" | "swiss"} */
    this.kind = "arena";
    this.message = "";
    this.busy = false;
    /** @type {string | null} the field the message is about */
    this.invalid = null;
    this.start = localValue(defaultStart());
    this.element.addEventListener("submit", (event) => this.submit(event));
  }

  /** @param {string} name */
  field(name) {
    return /** @type {HTMLInputElement} */ (this.element.querySelector(`[name=${name}]`));
  }

  /** @param {string} message @param {string} name */
  refuse(message, name) {
    this.message = message;
    this.invalid = name;
    this.update();
    this.field(name).focus();
  }

  /** @param {Event} event */
  async submit(event) {
    event.preventDefault();
    if (this.busy) return;
    const name = this.field("name").value.trim();
    if (!name) return this.refuse(t("turniere.create.name.missing"), "name");
    const starts = new Date(this.field("starts").value).getTime() / 1000;
    if (!Number.isFinite(starts) || starts <= Date.now() / 1000) return this.refuse(t("turniere.create.start.past"), "starts");
    /** @type {Record<string, unknown>} */
    const body = {
      name,
      kind: this.kind,
      starts_at: starts,
      clock: this.field("clock").value,
      xot: this.field("xot").checked,
      rated: this.field("rated").checked,
      private: this.field("private").checked,
    };
    if (this.kind === "arena") body.minutes = Number(this.field("minutes").value);
    else body.rounds = Number(this.field("rounds").value);
    this.busy = true;
    this.message = t("turniere.create.busy");
    this.invalid = null;
    this.update();
    try {
      const made = await api("/api/tournaments", { body });
      location.assign(made.url);
      return undefined;
    } catch (error) {
      this.message = errorText(error);
    }
    this.busy = false;
    this.update();
    return undefined;
  }

  /** @param {"arena" | "swiss"} kind */
  choose(kind) {
    this.kind = kind;
    this.update();
  }

  template() {
    const invalid = (/** @type {string} */ name) => (this.invalid === name ? "true" : nothing);
    const described = (/** @type {string} */ name) => (this.invalid === name ? "turnier-create-msg" : nothing);
    const kind = (/** @type {"arena" | "swiss"} */ k) => html`<label><input type="radio" name="kind" value=${k}
      .checked=${this.kind === k} @change=${() => this.choose(k)}> ${t(`turniere.kind.${k}`)}</label>`;
    return html`<p>${t("turniere.create.intro")}</p>
      <p class="turnier-field"><label for="turnier-name">${t("turniere.create.name")}</label>
        <input id="turnier-name" name="name" type="text" minlength=${RULES.name.min} maxlength=${RULES.name.max} autocomplete="off" required
          aria-invalid=${invalid("name")} aria-describedby=${described("name")}></p>
      <fieldset class="choice"><legend>${t("turniere.create.kind")}</legend>${kind("arena")} ${kind("swiss")}</fieldset>
      <p class="turnier-field"><label for="turnier-starts">${t("turniere.create.start")}</label>
        <input id="turnier-starts" name="starts" type="datetime-local" step="300" .value=${this.start}
          @change=${(/** @type {Event} */ e) => { this.start = /** @type {HTMLInputElement} */ (e.target).value; }}
          aria-invalid=${invalid("starts")} aria-describedby=${described("starts")}></p>
      ${this.kind === "arena"
        ? html`<p class="turnier-field"><label for="turnier-minutes">${t("turniere.create.minutes")}</label>
          <select id="turnier-minutes" name="minutes">${RULES.minutes.map((n) => html`<option value=${n} ?selected=${n === 60}>${t("turniere.minutes", { n })}</option>`)}</select></p>`
        : html`<p class="turnier-field"><label for="turnier-rounds">${t("turniere.create.rounds")}</label>
          <select id="turnier-rounds" name="rounds">${RULES.rounds.map((n) => html`<option value=${n} ?selected=${n === 5}>${t("turniere.rounds", { n })}</option>`)}</select></p>`}
      <p class="turnier-field"><label for="turnier-clock">${t("turniere.create.clock")}</label>
        <select id="turnier-clock" name="clock">${RULES.clocks.map((c) => html`<option value=${c}>${clockName(c)}</option>`)}</select></p>
      <fieldset class="choice"><legend>${t("turniere.create.options")}</legend>
        <label><input type="checkbox" name="xot"> ${t("turniere.create.xot")}</label>
        <label><input type="checkbox" name="rated" checked> ${t("turniere.create.rated")}</label>
        <label><input type="checkbox" name="private"> ${t("turniere.create.private")}</label></fieldset>
      <p><button type="submit" class="primary" id="turnier-create-go" ?disabled=${this.busy}>${t("turniere.create.submit")}</button></p>
      <p class="form-msg${this.invalid || (!this.busy && this.message) ? " error" : ""}" id="turnier-create-msg" role="status">${this.message}</p>`;
  }
}
