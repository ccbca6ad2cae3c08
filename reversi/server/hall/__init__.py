"""What the server lends the game-agnostic hall (``reversi.hall``): its mount with the
duel server's cookie and Reversi's settings, a device game's moves, drill and opening
items, puzzle attempts."""
