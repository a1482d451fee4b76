"""What the game around the engine found, as typed data: where a Fight stands, what a hand-over reports, the
history's statistics, what a recap or a lesson is about. ``tagteam.play`` fills these, ``tagteam.words`` says
them; they sit on a floor below both, so the words never read ``play`` (not even for typing)."""
