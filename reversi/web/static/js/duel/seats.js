// The two seats above the board: name, level ⭐, Wertungszahl, colour, presence, and the clock of
// the player to move (with the reason when the first move has a longer time).
import { colorName, t } from "../core/i18n.js";
import { html, nothing } from "../core/lit.js";
import { Status } from "./status.js";
import { isCorrespondence, isTotal, moveSeconds } from "./clocks.js";

/** @typedef {import("./page.js").TablePage} TablePage */

/** "1:05"; a Fernpartie's hours and days: "5 Std. 07 Min.", "2 Tg. 3 Std.". @param {number} seconds */
export function clockText(seconds) {
  const s = Math.max(0, Math.ceil(seconds));
  if (s >= 86_400) return t("clock.days", { d: Math.floor(s / 86_400), h: Math.floor((s % 86_400) / 3600) });
  if (s >= 3600) return t("clock.hours", { h: Math.floor(s / 3600), m: String(Math.floor((s % 3600) / 60)).padStart(2, "0") });
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

/** @param {TablePage} page @param {number} seat */
function clockFor(page, seat) {
  const table = page.table;
  if (!table || table.status !== Status.PLAYING) return "";
  const left = page.secondsLeft(seat);
  return clockText(left === null ? moveSeconds(table.rules) : left);
}

/**
 * The first moves get the server's longer time: said at the clock that shows it.
 * @param {TablePage} page @param {number} seat
 */
function firstMoveNote(page, seat) {
  const clock = page.table.clock;
  if (!clock || clock.seat !== seat || !clock.first_moves || isCorrespondence(page.table.rules)) return nothing;
  const budget = clock.deadline - clock.started_at;
  if (!isTotal(page.table.rules) && !(budget > page.table.rules.move_time + 0.5)) return nothing;
  return html`<span class="clock-note" id=${`clock-note-${seat}`}>${t("clock.first", { time: clockText(budget) })}</span>`;
}

/** @param {TablePage} page */
export function seatsTemplate(page) {
  const table = page.table;
  const order = table.seats[1].color === "black" ? [1, 0] : [0, 1];
  return html`<div class="seats" id="seats">${order.map((seat) => {
    const s = table.seats[seat];
    const mine = seat === page.you.seat;
    const here = page.presence[seat] || (mine && page.socket.state === "open");
    const toMove = table.clock && table.clock.seat === seat;
    const left = page.secondsLeft(seat);
    const low = left !== null && left <= 10;
    const level = Number.isInteger(s.level) && s.level >= 1
      ? html`<span class="level" aria-label=${t("seat.level", { n: s.level })}>⭐ ${s.level}</span>` : nothing;
    const rating = typeof s.rating === "string"
      ? html`<span class="rating" aria-label=${t(s.rating.endsWith("?") ? "seat.rating.provisional" : "seat.rating", { value: s.rating.replace("?", "") })}>${s.rating}</span>` : nothing;
    return html`<div class=${`seat${s.free ? " free" : ""}${toMove ? " to-move" : ""}${mine ? " mine" : ""}`} id=${`seat-${seat}`} data-color=${s.color || ""}>
      <span class=${`seat-disc ${s.color || "none"}`} aria-hidden="true"></span>
      <span class="seat-main">
        <span class="seat-name"><span class="seat-label">${s.label}</span>${level}${rating}${mine ? html`<span class="you"> (${t("seat.you")})</span>` : nothing}</span>
        <span class="seat-info">${s.color ? colorName(s.color) : (s.free ? t("seat.free.hint") : t("seat.waiting"))}
          ${s.free ? nothing : html`<span class=${`presence ${here ? "on" : "off"}`}>${here ? t("seat.here") : t("seat.away")}</span>`}</span>
      </span>
      <span class="seat-clock">${firstMoveNote(page, seat)}<span class=${`clock${low ? " low" : ""}`} id=${`clock-${seat}`} role="timer"
        aria-label=${t(isTotal(table.rules) ? "seat.clock.total" : isCorrespondence(table.rules) ? "seat.clock.correspondence" : "seat.clock")}>${clockFor(page, seat)}</span></span>
    </div>`;
  })}</div>`;
}
