"""The rules of each game as plain, literal, slow Python: one module per game."""
