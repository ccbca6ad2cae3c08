"""The duel server load benchmark: ``python -m benchmarks.load`` (see ``__main__``)."""
