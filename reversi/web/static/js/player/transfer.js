// /weiter: this device takes over the player, by the link's token or the typed code.
import { api, errorText } from "../core/api.js";
import { t } from "../core/i18n.js";
import { normalCode } from "../core/ids.js";
import { html, render } from "../core/lit.js";
import { markActive } from "../duel/callbacks.js";

/**
 * /weiter#<token>: this device takes over the player; a code field for the 8 characters.
 * @param {HTMLElement} main
 */
export function transferPage(main) {
  document.title = `${t("redeem.heading")} – ${t("hall.title")}`;
  /** @type {{status: string, error: boolean, tables: string[]}} */
  const state = { status: "", error: false, tables: [] };
  const draw = () => render(html`<section class="redeem" aria-labelledby="redeem-heading">
    <h1 id="redeem-heading">${t("redeem.heading")}</h1>
    <p>${t("redeem.intro")}</p>
    <p id="redeem-status" role="status" class=${state.error ? "redeem-status error" : "redeem-status"}>${state.status}</p>
    <ul id="redeem-tables" class="table-links">${state.tables.map((code) => html`<li><a href=${`/tisch/${code}`}>${t("redeem.table", { code })}</a></li>`)}</ul>
    <form id="redeem-form" class="join-form" @submit=${submit}>
      <label for="redeem-code">${t("redeem.label")}</label>
      <div class="row"><input id="redeem-code" name="code" autocomplete="one-time-code" maxlength="20" autocapitalize="characters" spellcheck="false">
        <button type="submit" id="redeem-go">${t("redeem.go")}</button></div>
    </form>
    <p><a href="/">${t("duel.back")}</a></p></section>`, main);
  /** @param {Record<string, string>} body */
  const redeem = async (body) => {
    Object.assign(state, { status: t("redeem.busy"), error: false });
    draw();
    try {
      const me = await api("/api/transfer/redeem", { body });
      state.status = t("redeem.done", { name: me.nickname });
      const mine = await api("/api/me");
      state.tables = mine.tables;
      if (mine.tables.length) markActive(true);
    } catch (error) {
      Object.assign(state, { status: errorText(error), error: true });
    }
    draw();
  };
  /** @param {Event} event */
  function submit(event) {
    event.preventDefault();
    const input = /** @type {HTMLInputElement} */ (main.querySelector("#redeem-code"));
    const code = normalCode(input.value);
    if (code) redeem({ code });
  }
  draw();
  const token = location.hash.slice(1);
  if (token) {
    history.replaceState(null, "", location.pathname);
    redeem({ token });
  }
}
