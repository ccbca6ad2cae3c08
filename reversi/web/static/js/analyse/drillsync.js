// The drill's progress on the server (docs/api.md, /api/drill), so that it follows the
// player to another device (core/repetition.js `deckSync`). Without a connection the
// drill goes on with the device's items.
import { deckSync } from "../core/repetition.js";
import { deck } from "./drill.js";

const FIELDS = ["id", "game", "ply", "obf", "color", "played", "playedScore", "best", "bestScore", "loss", "mark",
  "due", "streak", "solved", "missed", "changed_at"];

/** Sends and takes the drill's progress; resolves true when it is in step with the
 * server, false without a connection. */
export const syncDrill = deckSync(deck, "/api/drill", "reversi.fehler-gesendet.v1", FIELDS);
