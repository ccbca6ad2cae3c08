// Parts every board page shows: the count bar, the display settings, the move list, the
// game's transcript and the result of a game on the device in words.
import { colorName, t } from "../core/i18n.js";
import { html, nothing, ref } from "../core/lit.js";
import * as store from "../core/store.js";

/** @typedef {import("../core/types.js").View} View */

/**
 * The bar of ebony and pearl with the disc counts; `null` before the game is set up.
 * @param {{black: number, white: number} | null} counts
 * @param {string} [id] the bar's id ("scorebar" above the board)
 */
export function scoreBar(counts, id = "scorebar") {
  const black = counts ? counts.black : 0;
  const white = counts ? counts.white : 0;
  // the shares go in through the CSSOM: a style attribute is inline style, which the
  // hall's Content-Security-Policy refuses (style-src 'self')
  const share = ref((el) => {
    if (!(el instanceof HTMLElement)) return;
    el.style.setProperty("--black", String(counts ? black : 1));
    el.style.setProperty("--white", String(counts ? white : 1));
  });
  const mine = id === "scorebar";
  return html`<div class="scorebar" id=${id} role="img" ${share} aria-label=${counts ? t("score.label", { black, white }) : t("score.none")}>
    <div class="score black"><span class="score-disc" aria-hidden="true"></span><span class="score-num" id=${mine ? "count-black" : nothing}>${counts ? black : "–"}</span></div>
    <div class="score white"><span class="score-num" id=${mine ? "count-white" : nothing}>${counts ? white : "–"}</span><span class="score-disc" aria-hidden="true"></span></div>
  </div>`;
}

/**
 * "Anzeige": the player's display switches. The flip counts sit on the dots, so
 * they are off (and say why) while the dots are off.
 * @param {Record<string, any>} settings the page's settings (changed in place)
 * @param {() => void} changed
 * @param {unknown} [extra] more lines at the end of the panel
 */
export function settingsPanel(settings, changed, extra = nothing) {
  const toggle = (/** @type {string} */ name, /** @type {string} */ label, disabled = false, help = "") =>
    settingSwitch(settings, changed, name, label, disabled, help);
  const noDots = !settings.dots;
  return html`<section class="panel" aria-labelledby="settings-heading">
    <h2 id="settings-heading">${t("settings.heading")}</h2>
    ${toggle("dots", t("settings.dots"))}
    ${toggle("counts", t("settings.counts"), noDots, noDots ? "counts-why" : "")}
    ${noDots ? html`<p class="hint" id="counts-why">${t("settings.counts.off")}</p>` : nothing}
    ${toggle("sound", t("settings.sound"))}
    ${toggle("motion", t("settings.motion"))}
    ${extra}
  </section>`;
}

/**
 * One switch of the player's settings, kept on the device (and taken to another one).
 * @param {Record<string, any>} settings @param {() => void} changed
 * @param {string} name @param {string} label @param {boolean} [disabled] @param {string} [help] the id of a hint
 */
export function settingSwitch(settings, changed, name, label, disabled = false, help = "") {
  return html`<label class="switch"><input type="checkbox" role="switch" id=${`setting-${name}`} .checked=${!!settings[name] && !disabled}
      ?disabled=${disabled} aria-describedby=${help || nothing}
      @change=${(/** @type {Event} */ event) => {
        settings[name] = /** @type {HTMLInputElement} */ (event.target).checked;
        store.saveSetting(name, settings[name]);
        changed();
      }}><span>${label}</span></label>`;
}

/** @param {{color: string, square: string | null}[]} moves */
export function movesPanel(moves) {
  return html`<details class="panel"><summary>${t("moves.heading")}</summary>
    <ol id="move-list" class="moves">${moves.map((m) => html`<li class=${m.color}>${colorName(m.color)}: ${m.square ?? t("moves.pass")}</li>`)}</ol>
  </details>`;
}

/**
 * The rows of a board line "Brett (ab Reihe 1): …/…" may break only between rows.
 * @param {string} figure the text figure (seed 001's format)
 */
export function figureText(figure) {
  return figure.split("/").map((part, i) => (i === 0 ? part : html`/<wbr>${part}`));
}

/** The squares of a view's moves as one transcript ("f5d6c3"; a pass adds nothing). @param {View} view */
export function transcriptOf(view) {
  return view.moves.map((/** @type {{square: string | null}} */ m) => m.square || "").join("");
}

/** @param {View} view */
export function resultText(view) {
  const r = view.result;
  const params = { black: r.black, white: r.white };
  if (!r.winner) return t("result.draw", params);
  if (view.mode === "solo") {
    return view.players[r.winner] === "human" ? t("result.you.win", params) : t("result.you.loss", params);
  }
  return t("result.win", { ...params, color: colorName(r.winner) });
}
