// Links from the game pages to the matching "Häufige Fragen" entry on /regeln.
// No element helper of the pages is used, so DOM code and lit-html templates both can:
// DOM code calls appendFaqLink(element, kind); a template puts ${faqPart(kind)}.
import { html, nothing } from "../core/lit.js";
import { t } from "../core/i18n.js";

// The FAQ entry that explains a refusal reason (docs/protocol.md) or the pass notice.
/** @type {Record<string, string>} */
export const FAQ = {
  occupied: "faq-feld-nimmt-nicht",
  no_flips: "faq-feld-nimmt-nicht",
  game_over: "faq-frueh-ende",
  pass: "faq-passen",
};

/** @param {string} kind a refusal reason or "pass" */
export function faqHref(kind) {
  return FAQ[kind] ? `/regeln#${FAQ[kind]}` : null;
}

// A "Warum?" link to the entry with this id (not a kind: the board picks the entry).
/** @param {string} id */
export function faqLink(id) {
  const link = document.createElement("a");
  link.className = "faq-link";
  link.href = `/regeln#${id}`;
  link.textContent = t("learn.faq.why");
  return link;
}

// Appends " Warum?" (a link to the entry for `kind`) to an element; no entry, no link.
/** @param {Element} element @param {string} kind */
export function appendFaqLink(element, kind) {
  if (FAQ[kind]) element.append(" ", faqLink(FAQ[kind]));
}

// The same for a lit-html template: " Warum?" or nothing.
/** @param {string} kind */
export function faqPart(kind) {
  return FAQ[kind] ? html` <a class="faq-link" href=${faqHref(kind)}>${t("learn.faq.why")}</a>` : nothing;
}
