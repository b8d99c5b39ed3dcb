"""Benchmarks of the referee: moves, open games, restart, memory, rules and the solver."""
