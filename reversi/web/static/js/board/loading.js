// The engine's first load, as the pages show it: what is loading and how far (the
// worker's stages), above a board that stays inactive until the engine is ready.
import { t } from "../core/i18n.js";
import { html } from "../core/lit.js";

/** @typedef {{step: number, steps: number, stage: string} | null} Progress */

/** "Schritt 2 von 3: …" (before the worker's first word: the first step). @param {Progress} progress */
export function bootText(progress) {
  const p = progress || { step: 1, steps: 3, stage: "loader" };
  return `${t("status.loading")} ${t("boot.step", { step: p.step, steps: p.steps, stage: t(`boot.stage.${p.stage}`) })}`;
}

/** The line with its bar. @param {Progress} progress @param {string} [id] */
export function bootProgress(progress, id = "boot") {
  const p = progress || { step: 1, steps: 3, stage: "loader" };
  return html`<div class="boot" id=${id}><span id=${`${id}-text`}>${bootText(progress)}</span>
    <progress max=${p.steps} .value=${p.step - 0.5} aria-labelledby=${`${id}-text`}></progress></div>`;
}
