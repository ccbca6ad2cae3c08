"""The hall's server (Starlette): the browser client's files, duels at tables over HTTP
and a WebSocket, tournaments, and the hall's routes (``reversi.hall``). Only I/O and
glue: the rules of a duel are the pure core ``reversi.duel``.

One room per concern:

* here, at the top: the whole app (``app.py``), the duel server that builds every part
  once and runs their lifespan and background tasks (``duel_server.py``), the settings
  (``settings.py``), uvicorn's configuration (``serving.py``), the time every part reads
  (``wall_clock.py``), the broker between processes (``broker.py``, its channels in
  ``channels.py``) and the garbage collector's tuning (``collector.py``);
* ``http/``: requests — the duel routes (``duel_routes.py``), replays and downloads
  (``game_routes.py``), the guards in front of every route (``guards.py``), rate limits
  (``ratelimit.py``, guessed codes in ``lookups.py``), the player's cookie
  (``identity.py``), the client's files (``assets.py``) and the one error shape
  (``problem_replies.py``);
* ``ws/``: the WebSocket — the hub that accepts sockets (``hub.py``), a socket's
  lifecycle and worker (``connection.py``), what a client may send
  (``client_messages.py``), who watches a table (``presence.py``);
* ``duels/``: the duel service that loads, changes, commits and announces a table
  (``duel_service.py``, its saves in ``saving.py``, the client's intents in
  ``intents.py``), the lobby (``lobby.py``), quick pairing (``pairing.py``), Fernpartien
  (``correspondence.py``), a finished duel in the archive (``archived.py``) and the
  clocks after an outage (``downtime.py``);
* ``tournaments/``: arenas and Swiss events (``tournament_service.py``, its rows,
  pairing, views and routes);
* ``hall/``: what the server lends the game-agnostic hall (``hall_mount.py``): a
  device game's moves, drill and opening items, puzzle attempts.
"""
