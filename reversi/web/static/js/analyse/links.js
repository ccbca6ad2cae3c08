// The analysis board's address, for the pages that link to it (replay, game, puzzles,
// openings): `stellung` the root as OBF (none: the start), `partie` the move tree
// (tree.js), `bei` the shown position (none: the end of the main line).

/** @param {{obf?: string | null, tree?: string, at?: string | null}} where */
export function analysePath({ obf = null, tree = "", at = null }) {
  const params = new URLSearchParams();
  if (obf) params.set("stellung", obf);
  if (tree) params.set("partie", tree);
  if (at !== null) params.set("bei", at);
  const query = params.toString();
  return `/analyse${query ? `?${query}` : ""}`;
}
