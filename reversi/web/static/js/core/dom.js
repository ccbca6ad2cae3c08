// Elements built by hand where a template does not fit (the board's 64 squares, the live
// boards' parts that a page places into its own template).

/**
 * An element with attributes (`on…` ones are listeners; null, undefined and false ones
 * are left out, true is an empty attribute) and children (null, undefined and false
 * ones are left out).
 * @param {string} tag
 * @param {Record<string, any>} [attrs]
 * @param {...(Node | string | null | undefined | false)} children
 */
export function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (name.startsWith("on")) node.addEventListener(name.slice(2), value);
    else node.setAttribute(name, value === true ? "" : value);
  }
  node.append(.../** @type {(Node | string)[]} */ (children.filter((child) => child !== null && child !== undefined && child !== false)));
  return node;
}
