"""The hall's server (Starlette): the browser client now, duels and the hall later."""
