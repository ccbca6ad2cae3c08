// The header's "Fernpartien" with the number of games that wait for the player's move:
// shown once the player has a Fernpartie.
import { t } from "../core/i18n.js";
import { fernpartien } from "./data.js";

export async function showFernBadge() {
  const games = await fernpartien();
  const nav = document.querySelector("header nav");
  if (!games || !games.games.length || !nav || nav.querySelector("#nav-fern")) return;
  const link = document.createElement("a");
  link.href = "/fernpartien";
  link.id = "nav-fern";
  link.textContent = t("nav.fern");
  if (location.pathname === "/fernpartien") link.setAttribute("aria-current", "page");
  if (games.your_turn) {
    const badge = document.createElement("span");
    badge.className = "nav-badge";
    badge.id = "nav-fern-count";
    badge.textContent = String(games.your_turn);
    const said = document.createElement("span");
    said.className = "visually-hidden";
    said.textContent = ` (${t("nav.fern.waiting", { n: games.your_turn })})`;
    badge.setAttribute("aria-hidden", "true");
    link.append(badge, said);
  }
  nav.querySelector('a[href="/"]')?.after(" ", link);
}
