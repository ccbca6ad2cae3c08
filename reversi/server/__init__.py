"""The hall's server (Starlette): the browser client's files, duels at tables over HTTP
and a WebSocket, and the hall's routes (``reversi.hall``).

The state machine of a duel is ``duel.py`` (no I/O; its row in ``table.py``, the game
on it in ``game.py``), what a client sees ``views.py``; ``service.py`` loads, changes,
commits (``saving.py``) and announces through ``broker.py`` on ``channels.py``;
``http.py``, ``ws.py`` and ``connection.py`` speak to clients; ``identity.py`` knows
players by a signed cookie; ``duels.py`` holds the parts and their lifespan, ``app.py``
the whole app.
"""
