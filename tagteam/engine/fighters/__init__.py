"""One small module per Fighter: its special Actions, setup and end-of-Turn rules (the Golden Rule hooks)."""
