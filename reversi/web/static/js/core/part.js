// A part of a page with a state of its own (a form and its message, a panel): it
// renders its template into its own element, which the page's template places like
// any other node. Parts without a state of their own are plain template functions.
import { nothing, render } from "./lit.js";

export class Part {
  /**
   * @param {string} tag the host element, e.g. "section"
   * @param {Record<string, string>} [attrs] its attributes (id, class …)
   */
  constructor(tag, attrs = {}) {
    this.element = document.createElement(tag);
    for (const [name, value] of Object.entries(attrs)) this.element.setAttribute(name, value);
  }

  /** @returns {unknown} */
  template() {
    return nothing;
  }

  /** Draws the part again; returns its element for the page's template. */
  update() {
    render(this.template(), this.element);
    return this.element;
  }
}
