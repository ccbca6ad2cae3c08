// Long texts of the learning pages, from de.json: blank lines separate paragraphs,
// a block of "- " lines is a list, a block of "1. " lines a numbered list.
import { html } from "../core/lit.js";
import { t } from "../core/i18n.js";

/** @param {string} text */
function block(text) {
  const lines = text.split("\n");
  if (lines.every((line) => line.startsWith("- "))) {
    return html`<ul>${lines.map((line) => html`<li>${line.slice(2)}</li>`)}</ul>`;
  }
  if (lines.every((line) => /^\d+\. /.test(line))) {
    return html`<ol>${lines.map((line) => html`<li>${line.replace(/^\d+\. /, "")}</li>`)}</ol>`;
  }
  return html`<p>${text}</p>`;
}

/** @param {string} key @param {Record<string, string | number>} [params] */
export function prose(key, params = {}) {
  return t(key, params).split("\n\n").map(block);
}
