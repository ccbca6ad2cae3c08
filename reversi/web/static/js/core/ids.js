// Names this device makes or reads: a new id (a game on the device, a move's cid) and a
// typed code (a table's, a transfer's) as the server reads it.

export function newId() {
  if (globalThis.crypto?.randomUUID) return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

// A normalised code, as the server reads a typed one.
/** @param {unknown} text */
export function normalCode(text) {
  return String(text).toUpperCase().replace(/[^A-Z0-9]/g, "").slice(0, 16);
}
