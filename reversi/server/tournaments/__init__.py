"""Tournaments as the server runs them: arenas and Swiss events stored, paired in one
transaction, shown and served (the pure core is ``reversi.tournament``)."""
