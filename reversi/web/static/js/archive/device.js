// The games kept on this device. A stand-in until the device archive is merged: it
// holds no games of its own and asks the server (GET /api/games/{id}, docs/api.md).
import { api } from "../net.js";

/**
 * The game with this id: the device's record if it has one, else the server's.
 * @param {string} id
 * @returns {Promise<any>} the record, in the shape of GET /api/games/{id}
 */
export async function loadGame(id) {
  return api(`/api/games/${encodeURIComponent(id)}`);
}
