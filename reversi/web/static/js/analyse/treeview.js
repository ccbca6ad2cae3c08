// The analysis board's move tree as a transcript: the main line in a row, each side line
// indented under the move it replaces, every move a button that goes to its position.
import { colorName, t } from "../core/i18n.js";
import { html, nothing } from "../core/lit.js";
import { depthOf } from "./tree.js";

/** @typedef {import("./tree.js").Node} Node */

/**
 * @param {{root: Node, current: Node, go: (node: Node) => void}} options
 */
export function treeView({ root, current, go }) {
  const button = (/** @type {Node} */ node) => {
    const ply = depthOf(node);
    const last = node.answer && node.answer.view.last;
    const color = last ? last.color : "";
    const label = t("analyse.tree.move", { ply, square: node.move, color: color ? colorName(color) : "" });
    return html`<button type="button" class="tree-move" data-path-end=${node.move} data-color=${color || nothing}
      aria-current=${node === current ? "step" : nothing} aria-label=${label} @click=${() => go(node)}><span class="tree-num" aria-hidden="true">${ply}.</span>${node.move}</button>`;
  };
  /** @param {Node} from @returns {unknown[]} the line after `from`, its side lines indented */
  const line = (from) => {
    const parts = [];
    for (let at = from; at.children.length; at = at.children[0]) {
      const [main, ...sides] = at.children;
      parts.push(button(main));
      if (sides.length) {
        parts.push(html`<div class="tree-sides">${sides.map((side) => html`<div class="tree-side" role="group"
          aria-label=${t("analyse.tree.side", { ply: depthOf(side), square: side.move })}>${button(side)}${line(side)}</div>`)}</div>`);
      }
    }
    return parts;
  };
  const moves = line(root);
  return html`<div class="tree" id="tree" role="group" aria-label=${t("analyse.tree.label")}>
    <button type="button" class="tree-move tree-root" aria-current=${root === current ? "step" : nothing} @click=${() => go(root)}>${t("analyse.tree.root")}</button>
    ${moves.length ? moves : html`<p class="hint">${t("analyse.tree.empty")}</p>`}
  </div>`;
}
