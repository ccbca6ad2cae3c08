// The question before a step that cannot be undone (resign, abort, a new game over a
// running one). The page draws it below the button that asked (never where that button
// was), and its "yes" answers only after ARM_MS: the second click of a double-click on
// the button cannot reach it.
import { html, nothing } from "../core/lit.js";

export const ARM_MS = 700;

export class Confirm {
  /** @param {() => void} update draws the page */
  constructor(update) {
    this.update = update;
    /** @type {string | null} what is asked ("resign", "abort", "close", "new") */
    this.what = null;
    this.armed = false;
    this.timer = 0;
  }

  /** @param {string} what */
  ask(what) {
    clearTimeout(this.timer);
    this.what = what;
    this.armed = false;
    this.timer = setTimeout(() => {
      this.armed = true;
      this.update();
    }, ARM_MS);
    this.update();
    // the keyboard lands on "no": a second Enter keeps the game
    /** @type {HTMLElement | null} */ (document.getElementById("confirm-no"))?.focus();
  }

  /** Forgets the question (without drawing). */
  reset() {
    clearTimeout(this.timer);
    this.what = null;
  }

  /**
   * The question, when `what` is asked.
   * @param {string} what
   * @param {{text: string, yes: string, no: string, onYes: () => void, back?: string}} parts
   *   back: the id of the button that asked (the focus returns there on "no")
   */
  template(what, { text, yes, no, onYes, back }) {
    if (this.what !== what) return nothing;
    const close = () => {
      this.reset();
      this.update();
    };
    return html`<div class="prompt confirm" id="confirm" role="alertdialog" aria-labelledby="confirm-text">
      <p id="confirm-text">${text}</p>
      <div class="row">
        <button type="button" class="danger" id="confirm-yes" ?disabled=${!this.armed}
          @click=${() => { close(); onYes(); }}>${yes}</button>
        <button type="button" id="confirm-no" @click=${() => { close(); if (back) document.getElementById(back)?.focus(); }}>${no}</button>
      </div></div>`;
  }
}
