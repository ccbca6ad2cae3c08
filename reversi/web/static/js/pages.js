// The hall's start page and the Bilanz (record of computer games).
import { h, t } from "./i18n.js";
import * as store from "./store.js";
import { bilanzHall } from "./hall.js";
import { duelCard } from "./lobby.js";
import { learnGroup } from "./learn/group.js";

export function startPage(main) {
  document.title = t("hall.title");
  const card = (href, title, text, id) => h("li", { class: "card" },
    h("a", { href, id }, h("span", { class: "card-title" }, title), h("span", { class: "card-text" }, text)));
  main.replaceChildren(h("section", { class: "start", "aria-labelledby": "start-heading" },
    h("h1", { id: "start-heading" }, t("start.heading")),
    h("p", { class: "tagline" }, t("hall.tagline")),
    h("ul", { class: "cards" },
      card("/allein", t("start.solo"), t("start.solo.text"), "go-solo"),
      card("/zu-zweit", t("start.duo"), t("start.duo.text"), "go-duo"),
      duelCard(),
      card("/bilanz", t("start.bilanz"), t("start.bilanz.text"), "go-bilanz")),
    learnGroup()));
}

export function bilanzPage(main) {
  document.title = `${t("bilanz.heading")} – ${t("hall.title")}`;
  const { table, duo } = store.record();
  const rows = Object.entries(table).map(([level, r]) => h("tr", { "data-level": level },
    h("th", { scope: "row" }, t(`level.${level}`)),
    h("td", { class: "games" }, String(r.win + r.draw + r.loss)),
    h("td", { class: "wins" }, String(r.win)),
    h("td", { class: "draws" }, String(r.draw)),
    h("td", { class: "losses" }, String(r.loss))));
  const recent = store.results().slice(-10).reverse();
  const when = (iso) => new Date(iso).toLocaleString("de-DE", { dateStyle: "short", timeStyle: "short" });
  const entry = (r) => h("li", {}, r.mode === "solo"
    ? t("bilanz.entry.solo", { date: when(r.date), level: t(`level.${r.level}`), color: t(`color.${r.human}`), outcome: t(`outcome.${r.outcome}`), black: r.black, white: r.white })
    : t("bilanz.entry.duo", { date: when(r.date), outcome: r.winner ? t("result.win", { color: t(`color.${r.winner}`), black: r.black, white: r.white }) : t("outcome.draw"), black: r.black, white: r.white }));
  const section = h("section", { class: "bilanz", "aria-labelledby": "bilanz-heading" },
    h("h1", { id: "bilanz-heading" }, t("bilanz.heading")),
    h("p", {}, t("bilanz.intro")),
    h("table", { id: "bilanz-table" },
      h("thead", {}, h("tr", {},
        h("th", { scope: "col" }, t("bilanz.level")), h("th", { scope: "col" }, t("bilanz.games")),
        h("th", { scope: "col" }, t("bilanz.wins")), h("th", { scope: "col" }, t("bilanz.draws")),
        h("th", { scope: "col" }, t("bilanz.losses")))),
      h("tbody", {}, rows)),
    h("p", { id: "bilanz-duo" }, t("bilanz.duo", { n: duo })),
    h("h2", {}, t("bilanz.recent")),
    recent.length ? h("ol", { class: "recent" }, recent.map(entry)) : h("p", {}, t("bilanz.none")));
  main.replaceChildren(section);
  // duels and the computer games of every device come from the server (hall.js)
  bilanzHall(section);
}
