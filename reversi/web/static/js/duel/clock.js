// The running clock of a table as the page shows it: the server's remaining time for
// the seat to move, counted down locally from when the table arrived; under
// "Gesamtzeit + Zuschlag" also the other seat's time left, standing still.
import { Status } from "./status.js";

export class MoveClock {
  constructor() {
    /** @type {{seat: number, remaining: number, at: number, left: number[] | null} | null} */
    this.base = null;
    this.warned = false;
  }

  /** A new table from the server: its clock runs while it is played. @param {any} table */
  set(table) {
    const clock = table?.clock;
    this.base = clock && table.status === Status.PLAYING ? { seat: clock.seat, remaining: clock.remaining, at: performance.now(), left: clock.left || null } : null;
    this.warned = false;
  }

  /** Seconds left for `seat`'s move (under a total clock: on its clock, running or
   * not), or null when it has no clock now. @param {number} seat */
  left(seat) {
    const base = this.base;
    if (base && base.seat !== seat && base.left) return base.left[seat];
    if (!base || base.seat !== seat) return null;
    return base.remaining - (performance.now() - base.at) / 1000;
  }

  /** Whether `seat` has just come under ten seconds (said once a move). @param {number | null} seat */
  low(seat) {
    const base = this.base;
    if (!base || base.seat !== seat || this.warned) return false;
    this.warned = /** @type {number} */ (this.left(seat)) <= 10;
    return this.warned;
  }
}
