"""The puzzles of /aufgaben (docs/puzzles.md): mining (mine.py), themes (themes.py)
and the shipped file (build.py)."""
