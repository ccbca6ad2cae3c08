// German texts: every word the hall shows comes from de.json.
/** @type {Record<string, string>} */
let texts = {};

/** @param {string} base the client's URL prefix (config.app) */
export async function loadTexts(base) {
  const response = await fetch(`${base}de.json`);
  texts = await response.json();
}

/**
 * The text of `key` with its `{name}` placeholders filled in.
 * @param {string} key
 * @param {Record<string, string | number>} [params]
 */
export function t(key, params = {}) {
  const text = texts[key];
  if (text === undefined) {
    console.warn(`missing text: ${key}`);
    return key;
  }
  return text.replace(/\{(\w+)\}/g, (_, name) => (name in params ? String(params[name]) : `{${name}}`));
}

/** @param {string} color "black" or "white" */
export function colorName(color) {
  return t(`color.${color}`);
}

/** @param {number} n */
export function stones(n) {
  return n === 1 ? t("stones.one") : t("stones.many", { n });
}
