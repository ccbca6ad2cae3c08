// The template library of the pages (lit-html, vendored by reversi/web/build.py and
// served with the client): every page and panel is a template rendered into its
// container, so a new render changes only what changed and focus stays where it was.
export { html, nothing, render, svg } from "../../vendor/lit-html/lit-html.js";
export { classMap } from "../../vendor/lit-html/directives/class-map.js";
export { live } from "../../vendor/lit-html/directives/live.js";
export { ref } from "../../vendor/lit-html/directives/ref.js";
/** @typedef {import("../../vendor/lit-html/lit-html.js").TemplateResult} TemplateResult */
