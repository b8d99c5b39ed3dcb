"""Board pictures: a PNG of a game's board, drawn from one viewer's view and nothing else."""
