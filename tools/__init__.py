"""Tools for the people who work on the game, not shipped in the wheel (which packages only ``tagteam``).

Run them from the repository's root, in an editable install: ``python -m tools.fit`` (the leaf evaluations),
``python -m tools.tune`` (the card and Fighter tables), ``python -m tools.calibration_fit`` (the coach's
calibration maps), each printing the generated module the game reads; ``tools/check_commit_msg.py`` is the
commit-msg hook (.pre-commit-config.yaml).
"""
