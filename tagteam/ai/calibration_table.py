"""The coach's calibration maps, fitted by ``python -m tagteam.ai.calibration_fit`` (generated: do not
edit). Key: (opponent, kind); value: (weights, predictions fitted on)."""

TABLE: dict[tuple[str, str], tuple[tuple[float, ...], int]] = {
    ("normal", "case"): ((0.83750, 0.37282, -1.26399, 0.05455), 1171),
    ("normal", "likely"): ((-0.09612, 0.85605, -0.32023, -0.57718), 3480),
    ("normal", "option"): ((0.88567, 0.44961, -1.26060, 0.10189), 1171),
}
