// A table's status, as the server names it (docs/protocol.md, "The table"): the one
// place the client spells them (tests/web/test_js_check.py compares them with the document).
export const Status = Object.freeze({
  WAITING: "waiting",
  PLAYING: "playing",
  FINISHED: "finished",
  ABORTED: "aborted",
});

/** @param {{status: string} | null | undefined} table a table that is still to be played or being played */
export function isOpen(table) {
  return !!table && (table.status === Status.WAITING || table.status === Status.PLAYING);
}
