"""Tournaments without I/O: the games of a tournament (``games``), an arena's scoring,
standings and pairing (``arena``), a Swiss tournament's rounds and tie-breaks
(``swiss``), the performance rating (``performance``) and the hall's own regular
tournaments (``schedule``). ``reversi.server`` stores, pairs in one transaction and
opens the tables."""
