// German texts: every word the hall shows comes from de.json.
let texts = {};

export async function loadTexts(base) {
  const response = await fetch(`${base}de.json`);
  texts = await response.json();
}

export function t(key, params = {}) {
  const text = texts[key];
  if (text === undefined) {
    console.warn(`missing text: ${key}`);
    return key;
  }
  return text.replace(/\{(\w+)\}/g, (_, name) => (name in params ? String(params[name]) : `{${name}}`));
}

export function colorName(color) {
  return t(`color.${color}`);
}

export function stones(n) {
  return n === 1 ? t("stones.one") : t("stones.many", { n });
}

// A tiny element builder: h("p", {class: "x"}, "text", child)
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === false || value === null || value === undefined) continue;
    if (name.startsWith("on")) el.addEventListener(name.slice(2), value);
    else el.setAttribute(name, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child !== null && child !== undefined && child !== false) el.append(child);
  }
  return el;
}
