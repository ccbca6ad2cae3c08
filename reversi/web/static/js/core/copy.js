// A copy button (a table's code and link, a transfer's).
import { t } from "./i18n.js";
import { html } from "./lit.js";

/**
 * A copy button: clipboard, else the text before it is selected for Ctrl+C; says what happened.
 * @param {string} id
 * @param {string} label
 * @param {string | (() => string)} text
 * @param {(text: string) => void} say
 */
export function copyButton(id, label, text, say) {
  /** @param {Event} event */
  const copy = async (event) => {
    const button = /** @type {HTMLElement} */ (event.currentTarget);
    const value = typeof text === "function" ? text() : text;
    try {
      await navigator.clipboard.writeText(value);
      say(t("copy.done"));
    } catch {
      const source = button.previousElementSibling;
      if (source) {
        const range = document.createRange();
        range.selectNodeContents(source);
        getSelection()?.removeAllRanges();
        getSelection()?.addRange(range);
      }
      say(t("copy.select"));
    }
  };
  return html`<button type="button" class="copy" id=${id} @click=${copy}>${label}</button>`;
}
