// The analysis board's move tree: every line the player tried from one root position.
// It knows no rules (the worker checks every move); it only keeps the moves, their order
// (the first child continues the line, the others are side lines) and the tree's text
// in the address: squares in a row, a side line in brackets after the move it replaces,
// e.g. "f5d6(f4e3)c3" — after f5 the main line d6 c3, the side line f4 e3.

/** @typedef {{move: string, parent: Node | null, children: Node[], answer: any}} Node */

const TOKEN = /[a-h][1-8]|[()]/g;

/** @returns {Node} the root: the position before the first move */
export function newRoot() {
  return { move: "", parent: null, children: [], answer: null };
}

/**
 * The child of `node` that plays `move`, made when there is none (as a side line when
 * the node has a continuation already).
 * @param {Node} node @param {string} move
 */
export function child(node, move) {
  let next = node.children.find((c) => c.move === move);
  if (!next) {
    next = { move, parent: node, children: [], answer: null };
    node.children.push(next);
  }
  return next;
}

export class TreeSyntaxError extends Error {}

/**
 * The tree of a text such as "f5d6(f4e3)c3" (case and spaces do not matter; a plain
 * transcript is a tree of one line). Throws TreeSyntaxError for anything else.
 * @param {string} text
 */
export function parseTree(text) {
  const root = newRoot();
  const clean = text.toLowerCase().replace(/\s+/g, "");
  if (clean.replace(TOKEN, "") !== "") throw new TreeSyntaxError(text);
  let at = root;
  /** @type {Node[]} */
  const open = [];
  for (const token of clean.match(TOKEN) || []) {
    if (token === "(") {
      if (!at.parent) throw new TreeSyntaxError(text); // a side line needs a move it replaces
      open.push(at);
      at = at.parent;
    } else if (token === ")") {
      const back = open.pop();
      if (!back) throw new TreeSyntaxError(text);
      at = back;
    } else {
      at = child(at, token);
    }
  }
  if (open.length) throw new TreeSyntaxError(text);
  return root;
}

/**
 * The text of the lines after `node` (the inverse of parseTree).
 * @param {Node} node
 */
export function treeText(node) {
  let out = "";
  for (let at = node; at.children.length; at = at.children[0]) {
    const [main, ...sides] = at.children;
    out += main.move;
    for (const side of sides) out += `(${side.move}${treeText(side)})`;
  }
  return out;
}

/** The moves from the root to `node`, as a transcript. @param {Node} node */
export function pathOf(node) {
  const moves = [];
  for (let at = node; at.parent; at = at.parent) moves.push(at.move);
  return moves.reverse().join("");
}

/** The node at the end of `path` (a transcript from the root), or null. @param {Node} root @param {string} path */
export function nodeAt(root, path) {
  let at = root;
  for (const move of path.toLowerCase().match(/[a-h][1-8]/g) || []) {
    const next = at.children.find((c) => c.move === move);
    if (!next) return null;
    at = next;
  }
  return at;
}

/** How many moves `node` lies from the root. @param {Node} node */
export function depthOf(node) {
  let depth = 0;
  for (let at = node; at.parent; at = at.parent) depth += 1;
  return depth;
}

/** The end of the line through `node` (its first children). @param {Node} node */
export function lineEnd(node) {
  let at = node;
  while (at.children.length) at = at.children[0];
  return at;
}

/** Takes `node` and everything after it out of the tree. @param {Node} node */
export function remove(node) {
  if (node.parent) node.parent.children = node.parent.children.filter((c) => c !== node);
}

/**
 * Makes the line through `node` the main line where it branches off last: the first
 * ancestor (or the node itself) that is not its parent's first child moves to the front.
 * @param {Node} node
 */
export function promote(node) {
  for (let at = node; at.parent; at = at.parent) {
    const siblings = at.parent.children;
    if (siblings[0] !== at) {
      siblings.splice(siblings.indexOf(at), 1);
      siblings.unshift(at);
      return;
    }
  }
}

/** Whether `node` lies on the main line (every ancestor a first child). @param {Node} node */
export function onMainLine(node) {
  for (let at = node; at.parent; at = at.parent) if (at.parent.children[0] !== at) return false;
  return true;
}
