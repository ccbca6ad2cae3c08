// The solo panel of the game page: the computer's level, who begins and
// "Zufallseröffnung (XOT)", kept as settings of this device; "Neues Spiel starten".
import { t } from "../core/i18n.js";
import { html } from "../core/lit.js";
import * as store from "../core/store.js";

/** @param {import("./page.js").GamePage} page */
export function setupPanel(page) {
  const radios = (/** @type {string} */ name, /** @type {[string, string][]} */ values, /** @type {string} */ label) => html`
    <fieldset class="choice"><legend>${label}</legend>
      ${values.map(([value, text]) => html`<label><input type="radio" name=${name} value=${value} .checked=${value === page.settings[name]}
        @change=${() => { page.settings[name] = value; store.saveSetting(name, value); }}> ${text}</label>`)}
    </fieldset>`;
  return html`<section class="panel" aria-labelledby="setup-heading">
    <h2 id="setup-heading">${t("setup.heading")}</h2>
    ${radios("level", page.config.hall.levels.map((/** @type {string} */ level) => [level, t(`level.${level}`)]), t("setup.level"))}
    ${radios("begins", [["me", t("begins.me")], ["computer", t("begins.computer")]], t("setup.begins"))}
    <label class="switch"><input type="checkbox" id="setup-xot" aria-describedby="setup-xot-hint" .checked=${!!page.settings.xot}
      @change=${(/** @type {Event} */ e) => { page.settings.xot = /** @type {HTMLInputElement} */ (e.target).checked; store.saveSetting("xot", page.settings.xot); }}><span>${t("setup.xot")}</span></label>
    <p class="hint" id="setup-xot-hint">${t("setup.xot.hint")}</p>
    <button type="button" class="primary" id="start-solo" @click=${() => page.askNew("setup")}>${t("setup.start")}</button>
    ${page.confirmNew("setup", "start-solo")}
  </section>`;
}
