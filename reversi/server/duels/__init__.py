"""Duels as the server runs them: the service that loads a table, lets the pure core
(``reversi.duel``) change it, commits and announces it; the lobby, quick pairing,
Fernpartien, the archive's record of a finished duel and the clocks after an outage."""
