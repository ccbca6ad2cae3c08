// What the hall keeps on this device (localStorage): settings, and each finished
// game's result. A running solo game is not saved.
const SETTINGS = "reversi.settings.v1";
const RESULTS = "reversi.results.v1";

const DEFAULTS = {
  dots: true,
  counts: false,
  level: "leicht",
  begins: "me",
  sound: false,
  motion: !matchMedia("(prefers-reduced-motion: reduce)").matches,
};

function read(key, fallback) {
  try {
    const text = localStorage.getItem(key);
    return text === null ? fallback : JSON.parse(text);
  } catch {
    return fallback;
  }
}

function write(key, value) {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // storage full or blocked: the hall still works, it just forgets
  }
}

export function settings() {
  return { ...DEFAULTS, ...read(SETTINGS, {}) };
}

export function saveSetting(name, value) {
  write(SETTINGS, { ...read(SETTINGS, {}), [name]: value });
}

export function results() {
  const list = read(RESULTS, []);
  return Array.isArray(list) ? list : [];
}

export function saveResult(result) {
  const list = results();
  list.push({ ...result, date: new Date().toISOString() });
  write(RESULTS, list.slice(-500));
}

// Computer games by level: {leicht: {win, draw, loss}, …}
export function record() {
  const table = {};
  for (const level of ["leicht", "mittel", "schwer"]) table[level] = { win: 0, draw: 0, loss: 0 };
  let duo = 0;
  for (const r of results()) {
    if (r.mode === "solo" && table[r.level] && r.outcome in table[r.level]) table[r.level][r.outcome] += 1;
    if (r.mode === "duo") duo += 1;
  }
  return { table, duo };
}
