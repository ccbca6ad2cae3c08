"""The duel between two people at a table, without I/O: the game on a table's row and
how each intent changes it (``duel``), what a client sees of it (``views``), the rules
of time (``rules``) and of chat (``chat``). ``reversi.server`` loads, saves and sends."""
