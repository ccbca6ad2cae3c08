// What the tournament pages say alike (docs/api.md, "Tournaments"): a tournament's
// kind, length, clock and start, the countdown to it and the time left, and the
// pages' styles.
import { config } from "../core/config.js";
import { t } from "../core/i18n.js";
import { clockName } from "../duel/clocks.js";

/**
 * A tournament as the API sends it (`T`).
 * @typedef {{id: string, name: string, kind: "arena" | "swiss", status: "upcoming" | "running" | "finished",
 *   starts_at: number, ends_at: number | null, minutes: number | null, rounds: number | null,
 *   clock: string, xot: boolean, rated: boolean, private: boolean, by: string | null,
 *   players: number, url: string}} Tournament
 */

/** A tournament's status as the API names it, spelled here once. */
export const Phase = Object.freeze({ UPCOMING: "upcoming", RUNNING: "running", FINISHED: "finished" });

/** The seconds since the epoch, as the server counts them. */
export const now = () => Date.now() / 1000;

/** "Arena" or "Schweizer System". @param {Tournament} tournament */
export const kindName = (tournament) => t(`turniere.kind.${tournament.kind}`);

/** "60 Minuten" or "7 Runden". @param {Tournament} tournament */
export function lengthName(tournament) {
  return tournament.kind === "arena"
    ? t("turniere.minutes", { n: tournament.minutes ?? 0 })
    : t("turniere.rounds", { n: tournament.rounds ?? 0 });
}

/** "Arena · 3 min + 2 s pro Zug · 60 Minuten · XOT · privat": a line of facts. @param {Tournament} tournament */
export function factsLine(tournament) {
  return [
    kindName(tournament),
    clockName(tournament.clock),
    lengthName(tournament),
    tournament.xot ? "XOT" : "",
    tournament.rated ? "" : t("turniere.unrated"),
    tournament.private ? t("turniere.private") : "",
  ].filter(Boolean).join(" · ");
}

/** "Mi., 2. Dezember, 19:00 Uhr" in the device's time zone. @param {number} seconds */
export function when(seconds) {
  const date = new Date(seconds * 1000);
  return t("turniere.at", {
    day: date.toLocaleDateString("de-DE", { weekday: "short", day: "numeric", month: "long" }),
    time: date.toLocaleTimeString("de-DE", { hour: "2-digit", minute: "2-digit" }),
  });
}

/** "1:05:09" or "4:32" for a span of seconds (never below 0). @param {number} seconds */
export function span(seconds) {
  const s = Math.max(0, Math.floor(seconds));
  const hours = Math.floor(s / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  const rest = String(s % 60).padStart(2, "0");
  return hours ? `${hours}:${String(minutes).padStart(2, "0")}:${rest}` : `${minutes}:${rest}`;
}

/** "beginnt in 12:03", "beginnt morgen", "beginnt in 3 Tagen". @param {Tournament} tournament @param {number} at */
export function countdown(tournament, at) {
  const left = tournament.starts_at - at;
  if (left <= 0) return t("turniere.countdown.now");
  const days = Math.floor(left / 86400);
  if (days >= 2) return t("turniere.countdown.days", { n: days });
  if (days === 1) return t("turniere.countdown.day");
  return t("turniere.countdown", { time: span(left) });
}

/** The arena's time left or the Swiss round, for a running tournament.
 * @param {Tournament} tournament @param {number} at @param {number | null} [round] */
export function runningLine(tournament, at, round = null) {
  if (tournament.kind === "arena" && tournament.ends_at) return t("turniere.time_left", { time: span(tournament.ends_at - at) });
  if (tournament.kind === "swiss" && round) return t("turniere.round", { n: round, of: tournament.rounds ?? round });
  return t("turniere.round.waiting");
}

/** The tournament pages' styles, once per page. */
export function turniereStyles() {
  const href = `${config.app}css/turniere.css`;
  if (![...document.querySelectorAll("link")].some((link) => link.getAttribute("href") === href)) {
    document.head.append(Object.assign(document.createElement("link"), { rel: "stylesheet", href }));
  }
}
