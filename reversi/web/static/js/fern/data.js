// The player's Fernpartien (GET /api/fernpartien, docs/api.md): fetched once per page,
// shared by the header's count, the hall's reminder and the page /fernpartien.
import { api } from "../core/api.js";

/**
 * @typedef {{code: string, link: string, status: string, clock: string, rated: boolean,
 *   opponent: string | null, color: string | null, ply: number, your_turn: boolean,
 *   deadline: number | null, left: number | null, urgent: boolean}} Fernpartie
 * @typedef {{games: Fernpartie[], your_turn: number, urgent: number, server_time: number}} Fernpartien
 */

/** @type {Promise<Fernpartien | null> | null} */
let loading = null;

/** The player's Fernpartien; null when they cannot be read (offline). @returns {Promise<Fernpartien | null>} */
export function fernpartien() {
  if (!loading) loading = api("/api/fernpartien").catch(() => /** @type {Fernpartien | null} */ (null));
  return loading;
}
