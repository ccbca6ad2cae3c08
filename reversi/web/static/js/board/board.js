// The board: draws views and animates the difference between two of them.
// It knows no rules: squares, legal moves, flip counts and flip order all come
// from the view (docs/protocol.md).
import { h } from "../core/dom.js";
import { colorName, t } from "../core/i18n.js";

/** @typedef {import("../core/types.js").View} View */

const FILES = "abcdefgh";
const SVG = "http://www.w3.org/2000/svg";
export const SQUARES = Array.from({ length: 64 }, (_, i) => FILES[i % 8] + (Math.floor(i / 8) + 1));
/** @type {Record<string, string>} */
const COLOR = { B: "black", W: "white", ".": "" };

/** @param {string} tag @param {Record<string, string | number>} attrs */
function svg(tag, attrs) {
  const node = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, String(value));
  return node;
}

/** @param {number} ms */
function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

// Typing a square's name, a file letter then a rank digit ("d", "3"), plays it.
export class SquareTyping {
  /**
   * @param {{board: BoardView, say: (text: string) => void, play: (square: string) => void}} options
   *   say: shows the typed file ("Feld d …") and clears it
   */
  constructor({ board, say, play }) {
    this.board = board;
    this.say = say;
    this.play = play;
    this.pendingFile = null;
    document.addEventListener("keydown", (event) => this.typed(event));
  }

  reset() {
    this.pendingFile = null;
  }

  /** @param {KeyboardEvent} event */
  typed(event) {
    const target = event.target;
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    if (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return;
    const key = event.key.toLowerCase();
    if (/^[a-h]$/.test(key)) {
      this.pendingFile = key;
      this.say(t("keys.pending", { file: key }));
    } else if (/^[1-8]$/.test(key) && this.pendingFile) {
      const square = this.pendingFile + key;
      this.pendingFile = null;
      this.say("");
      this.board.setFocus(SQUARES.indexOf(square), false);
      this.play(square);
    }
  }
}

/** @typedef {{dots: boolean, counts: boolean, motion: boolean, interactive: boolean}} BoardOptions */

export class BoardView {
  /** @param {{onPlay: (square: string) => void}} options what a tap on a square does */
  constructor({ onPlay }) {
    this.onPlay = onPlay;
    /** @type {View | null} the view drawn last */
    this.view = null;
    this.options = { dots: true, counts: false, motion: true, interactive: true };
    this.buttons = new Map();
    this.focusIndex = 19; // d3
    this.element = this.build();
  }

  build() {
    const grid = h("div", { class: "board", role: "group", "aria-label": t("game.board") });
    SQUARES.forEach((name, index) => {
      const image = svg("svg", { viewBox: "0 0 100 100", "aria-hidden": "true", focusable: "false" });
      const disc = svg("g", { class: "disc" });
      disc.append(svg("circle", { cx: 50, cy: 50, r: 41, class: "disc-face" }));
      image.append(
        disc,
        svg("circle", { cx: 50, cy: 50, r: 45, class: "ring" }),
        svg("circle", { cx: 50, cy: 50, r: 15, class: "dot" }),
        Object.assign(svg("text", { x: 50, y: 51, class: "count" }), { textContent: "" }),
      );
      const button = h("button", {
        type: "button", class: "sq", "data-square": name, tabindex: index === this.focusIndex ? "0" : "-1",
        "aria-label": `${name}, ${t("square.empty")}`,
        // the second click of a double-click is no second move ("… ist schon besetzt")
        onclick: (/** @type {MouseEvent} */ event) => event.detail > 1 || this.onPlay(name),
        onfocus: () => this.setFocus(index, false),
      }, image);
      this.buttons.set(name, button);
      grid.append(button);
    });
    grid.addEventListener("keydown", (event) => this.keydown(event));
    const files = h("div", { class: "coords files", "aria-hidden": "true" }, ...[...FILES].map((f) => h("span", {}, f)));
    const files2 = /** @type {HTMLElement} */ (files.cloneNode(true));
    files2.classList.add("bottom");
    const rows = h("div", { class: "coords rows", "aria-hidden": "true" }, ...[1, 2, 3, 4, 5, 6, 7, 8].map((r) => h("span", {}, String(r))));
    const rows2 = /** @type {HTMLElement} */ (rows.cloneNode(true));
    rows2.classList.add("right");
    this.overlay = h("p", { class: "board-overlay", id: "board-wait", hidden: "" });
    return h("div", { class: "board-frame" }, files, rows, grid, rows2, files2, this.overlay);
  }

  /**
   * A line over the board (a table that waits for its second player), or none.
   * @param {string | null} text
   */
  setOverlay(text) {
    this.overlay.hidden = !text;
    this.overlay.textContent = text || "";
  }

  /**
   * While the engine loads the board is drawn but inactive: dimmed, busy, no square
   * takes a tap or the focus.
   * @param {boolean} busy
   */
  setBusy(busy) {
    this.element.classList.toggle("waiting", busy);
    this.element.toggleAttribute("inert", busy);
    /** @type {HTMLElement} */ (this.element.querySelector(".board")).setAttribute("aria-busy", String(busy));
  }

  /**
   * The square shakes: nothing happens there (the page says why).
   * @param {string} square
   */
  refuse(square) {
    const button = this.buttons.get(square);
    if (!button) return;
    button.classList.remove("refused");
    void button.offsetWidth;
    button.classList.add("refused");
  }

  /** @param {number} index @param {boolean} [move] also move the keyboard focus there */
  setFocus(index, move = true) {
    const old = this.buttons.get(SQUARES[this.focusIndex]);
    if (old) old.tabIndex = -1;
    this.focusIndex = index;
    const button = this.buttons.get(SQUARES[index]);
    button.tabIndex = 0;
    if (move) button.focus();
  }

  /** @param {KeyboardEvent} event */
  keydown(event) {
    /** @type {Record<string, number>} */
    const steps = { ArrowUp: -8, ArrowDown: 8, ArrowLeft: -1, ArrowRight: 1 };
    let index = this.focusIndex;
    if (event.key in steps) {
      const file = index % 8;
      if (event.key === "ArrowLeft" && file === 0) return;
      if (event.key === "ArrowRight" && file === 7) return;
      index += steps[event.key];
      if (index < 0 || index > 63) return;
    } else if (event.key === "Home") index -= index % 8;
    else if (event.key === "End") index += 7 - (index % 8);
    else return;
    event.preventDefault();
    this.setFocus(index);
  }

  /** @param {Partial<BoardOptions>} options */
  setOptions(options) {
    Object.assign(this.options, options);
    if (this.view) this.paint(this.view, new Set());
  }

  /** @param {string} name @param {View} view @param {string} color @param {boolean} flippedNow */
  label(name, view, color, flippedNow) {
    const parts = [name];
    if (color) parts.push(colorName(color));
    else parts.push(t("square.empty"));
    const legal = this.showsMoves(view) && name in view.legal;
    if (legal) {
      parts.push(t("square.legal"));
      if (this.options.counts) parts.push(t("square.flips", { n: view.legal[name] }));
    }
    if (view.last && view.last.square === name) parts.push(t("square.last"));
    else if (flippedNow) parts.push(t("square.flipped"));
    return parts.join(", ");
  }

  /** @param {View} view */
  showsMoves(view) {
    return this.options.interactive && view.turn !== null && view.players[view.turn] === "human";
  }

  // Draw `view` at once; squares in `hold` keep their current disc (animation).
  /** @param {View} view @param {Set<string>} hold */
  paint(view, hold) {
    const flipped = new Set(view.last ? view.last.flipped : []);
    const moves = this.showsMoves(view);
    SQUARES.forEach((name, i) => {
      const button = this.buttons.get(name);
      const color = COLOR[view.squares[i]];
      if (!hold.has(name)) button.dataset.disc = color;
      const legal = moves && name in view.legal;
      button.toggleAttribute("data-legal", legal);
      button.classList.toggle("show-dot", legal && this.options.dots);
      button.classList.toggle("show-count", legal && this.options.dots && this.options.counts);
      button.querySelector(".count").textContent = legal ? String(view.legal[name]) : "";
      button.toggleAttribute("data-last", !!view.last && view.last.square === name);
      button.setAttribute("aria-label", this.label(name, view, color, flipped.has(name)));
    });
    /** @type {HTMLElement} */ (this.element.querySelector(".board")).dataset.turn = view.turn || "";
  }

  // Draw `view`; when it adds one placed disc to the previous view, the disc
  // appears and the enclosed discs turn one after another, in the view's order.
  /** @param {View} view @param {boolean} animate */
  async show(view, animate) {
    const previous = this.view;
    this.view = view;
    const last = view.last;
    const isNewMove = animate && this.options.motion && previous && last && previous.squares[SQUARES.indexOf(last.square)] === ".";
    if (!isNewMove) {
      this.paint(view, new Set());
      return;
    }
    const hold = new Set([last.square, ...last.flipped]);
    this.paint(view, hold);
    const placed = this.buttons.get(last.square);
    placed.dataset.disc = last.color;
    placed.classList.add("placing");
    await sleep(140);
    placed.classList.remove("placing");
    for (const name of last.flipped) {
      if (this.view !== view) return; // a newer view took over
      const button = this.buttons.get(name);
      button.classList.add("turning");
      await sleep(90);
      button.dataset.disc = last.color;
      button.classList.remove("turning");
      await sleep(60);
    }
    if (this.view === view) this.paint(view, new Set());
  }
}
