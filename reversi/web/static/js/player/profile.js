// "👤 Profil" (/profil): the player's one place for their name and settings — the name
// (with the server's rename limit), the display switches every board uses, the
// notification switch and moving to another device (the PlayerPanel of the table page).
import { syncSettings } from "../core/sync.js";
import { t } from "../core/i18n.js";
import { html, render } from "../core/lit.js";
import { settingSwitch, settingsPanel } from "../board/panels.js";
import { PlayerPanel } from "./panel.js";
import * as store from "../core/store.js";

/** @param {HTMLElement} main */
export function profilePage(main) {
  document.title = `${t("profile.title")} – ${t("hall.title")}`;
  const settings = store.settings();
  const changed = () => {
    syncSettings(); // this device's newer settings go to the server (it catches offline)
    draw();
  };
  const player = new PlayerPanel(() => {}, { profile: true });
  const draw = () => render(html`<section class="profile" aria-labelledby="profile-title">
    <h1 id="profile-title">${t("profile.title")}</h1>
    <p>${t("profile.intro")}</p>
    <div class="profile-parts">
      ${player.update()}
      ${settingsPanel(settings, changed, html`${settingSwitch(settings, changed, "analyse", t("settings.analyse"))}
        <p class="hint">${t("profile.settings.hint")}</p>`)}
    </div></section>`, main);
  draw();
}
