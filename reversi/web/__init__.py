"""The hall's browser client: static files, the worker's session and the build."""
