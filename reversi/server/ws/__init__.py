"""The server's WebSocket: the hub that accepts sockets, a socket's lifecycle and its
worker, what a client may send, and who watches a table."""
