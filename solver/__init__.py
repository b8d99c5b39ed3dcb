"""The compiled exact search for a(n) of An Integer Sequence Game (rules/ keeps the pure one)."""
