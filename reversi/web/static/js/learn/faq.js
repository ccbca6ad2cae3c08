// Links from the game pages to the matching "Häufige Fragen" entry on /regeln.
import { h, t } from "../i18n.js";

// The FAQ entry that explains a refusal reason (docs/protocol.md) or the pass notice.
export const FAQ = {
  occupied: "faq-feld-nimmt-nicht",
  no_flips: "faq-feld-nimmt-nicht",
  game_over: "faq-frueh-ende",
  pass: "faq-passen",
};

export function faqLink(id) {
  return h("a", { class: "faq-link", href: `/regeln#${id}` }, t("learn.faq.why"));
}

// Appends " Warum?" (a link to the entry for `kind`) to an element; no entry, no link.
export function appendFaqLink(element, kind) {
  if (FAQ[kind]) element.append(" ", faqLink(FAQ[kind]));
}
