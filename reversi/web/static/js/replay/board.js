// The replay's board: the game's board (../board.js) that also steps backwards — the
// placed disc goes and the discs it flipped turn back, last first — and shows the
// analysis's best move as a ghost disc. It knows no rules: everything comes from views.
import { BoardView, SQUARES } from "../board/board.js";
import { t } from "../core/i18n.js";

/** @typedef {import("../core/types.js").View} View */

/** @param {number} ms */
function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

const OTHER = { black: "white", white: "black" };

export class ReplayBoard extends BoardView {
  constructor() {
    super({ onPlay: () => {} });
    this.options.interactive = false;
    /** @type {{square: string, color: string} | null} */
    this.best = null;
  }

  /** @param {View} view @param {Set<string>} hold */
  paint(view, hold) {
    super.paint(view, hold);
    for (const [name, button] of this.buttons) {
      const best = this.best && this.best.square === name ? this.best.color : null;
      if (best) {
        button.dataset.best = best;
        button.setAttribute("aria-label", `${button.getAttribute("aria-label")}, ${t("replay.best.square")}`);
      } else {
        delete button.dataset.best;
      }
    }
  }

  /**
   * The ghost disc of the best move (the side to move's colour), or none.
   * @param {{square: string, color: string} | null} best
   */
  setBest(best) {
    this.best = best;
    if (this.view) this.paint(this.view, new Set());
  }

  /**
   * One step back to `view`: `undone` is the move taken back (the later view's `last`);
   * its flipped discs turn back in reverse flip order, then the placed disc goes.
   * @param {View} view @param {{square: string, color: "black" | "white", flipped: string[]} | null} undone
   */
  async back(view, undone) {
    const previous = this.view;
    this.view = view;
    if (!undone || !this.options.motion || !previous || view.squares[SQUARES.indexOf(undone.square)] !== ".") {
      this.paint(view, new Set());
      return;
    }
    const hold = new Set([undone.square, ...undone.flipped]);
    this.paint(view, hold);
    for (const name of [...undone.flipped].reverse()) {
      if (this.view !== view) return; // a newer view took over
      const button = this.buttons.get(name);
      button.classList.add("turning");
      await sleep(90);
      button.dataset.disc = OTHER[undone.color];
      button.classList.remove("turning");
      await sleep(60);
    }
    if (this.view === view) this.paint(view, new Set()); // the placed disc goes last
  }
}
