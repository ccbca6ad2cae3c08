"""The command line: ``reversi …`` or ``python -m reversi …``.

``commands.py`` holds the parser and the engine's and the computer player's commands
(``perft``, ``figure``, ``serve``, ``move``, ``solve``, ``play``, ``match``);
``archive_commands.py`` the archive's (``import``, ``analyse``); ``engine_commands.py``
``eval`` and ``nboard``, which ``nboard.py`` speaks.
"""

from reversi.cli.commands import main

__all__ = ["main"]
