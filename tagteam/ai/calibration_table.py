"""The coach's calibration maps, fitted by ``python -m tagteam.ai.calibration_fit`` (generated: do not
edit). Key: (opponent, kind); value: (weights, predictions fitted on)."""

TABLE: dict[tuple[str, str], tuple[tuple[float, ...], int]] = {}
