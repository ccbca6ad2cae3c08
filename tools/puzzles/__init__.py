"""The puzzles of /aufgaben: mining (mine.py), themes (themes.py), the shipped file (build.py); docs/puzzles.md."""
