"""The server's HTTP side: the duel routes, replays and downloads, the guards in front
of every route, rate limits, the player's cookie, the client's files and the one error
shape of every refusal."""
