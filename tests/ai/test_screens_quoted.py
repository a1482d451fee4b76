"""The Hard screens' scores quoted in docs/ai.md are the committed games' (issue 26, item 3): a rerun or an edit
of either without the other fails here."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tagteam.ai.stats import wilson

ROOT = Path(__file__).resolve().parents[2]
SCREENS = ROOT / "benchmarks" / "data" / "hard_screens"
RUNS = {  # the docs' row for each candidate: its games, which may span files
    "level2": ["level2"],
    "mirror7": ["mirror7"],
    "depth3": ["depth3"],
    "keep": ["keep"],
    "model02": ["model02"],
    "memory": ["memory"],
    "race": ["race"],
    "samples24": ["samples24"],
    "temperature007": ["temperature007"],
    "temperature004": ["temperature004", "temperature004-more"],
    "stratify": ["stratify"],
    "opening1024": ["opening1024"],
    "opening_rule": ["opening_rule"],
    "blind3": ["blind3"],
    "samples32": ["samples32"],
    "model08": ["model08"],
    "cards": ["cards"],
    "cards_fitted_t": ["cards_fitted_t"],
    "cards_fitted_t_model08": ["cards_fitted_t_model08"],
    "fitted_model08": ["fitted_model08"],
    "infer": ["infer"],
    "infer_memory": ["infer_memory"],
    "normal_leaf_t_model08": ["normal_leaf_t_model08"],
    "depth1_samples24_fitted_model08": ["depth1_samples24_fitted_model08"],
    "model1": ["model1"],
    "learned1": ["learned1"],
    "mirror3x4": ["mirror3x4"],
    "theirs12_samples11": ["theirs12_samples11"],
    "br_hard_samples1": ["br_hard_samples1"],
}


def score(files: list[str]) -> tuple[str, int]:
    """The arena's score line for these games, as ``benchmarks/arena_by_deal.py summary`` prints it."""
    rows = [json.loads(line) for f in files for line in (SCREENS / f"{f}.jsonl").read_text().splitlines()]
    w, d, lo = (sum(int(r[k]) for r in rows) for k in ("w", "d", "l"))
    mean, low, high = wilson(w + d / 2, w + d + lo)
    return f"{100 * mean:.1f}% ({100 * low:.1f}-{100 * high:.1f})", w + d + lo


@pytest.mark.parametrize("run", sorted(RUNS))
def test_each_screen_is_quoted_with_its_games_score(run: str) -> None:
    text = (ROOT / "docs" / "ai.md").read_text()
    line, games = score(RUNS[run])
    rows = [r for r in text.splitlines() if r.startswith(("  | `hard", "  | `br:"))]
    row = next(r for r in rows if f"| {games}" in r and line in r)
    assert line in row


def test_every_committed_screen_is_in_the_table() -> None:
    assert sorted(p.stem for p in SCREENS.glob("*.jsonl")) == sorted(f for fs in RUNS.values() for f in fs)


def test_the_summary_tells_deals_won_twice_from_deals_the_seat_decided(tmp_path: Path) -> None:
    import importlib.util

    spec = importlib.util.spec_from_file_location("arena_by_deal", ROOT / "benchmarks" / "arena_by_deal.py")
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    games = [(2, 0, 0), (1, 0, 1), (1, 0, 1), (0, 0, 2), (1, 1, 0)]
    rows = [{"a": "x", "b": "y", "w": w, "d": d, "l": lo, "cpu_a": [0.1], "cpu_b": [0.2]} for w, d, lo in games]
    f = tmp_path / "g.jsonl"
    f.write_text("".join(json.dumps(r) + "\n" for r in rows))
    said = mod.summary([str(f)])
    assert "10 games, 5-1-4" in said
    assert "x won both games of 1, lost both of 1; each bot won one of 2" in said and "a draw in 1" in said


FIRST_500 = list(range(500))


@pytest.mark.parametrize(
    ("screen", "rest", "dealt"),
    [
        ("model08", "hard_model08", FIRST_500),
        ("fitted_model08", "hard_fitted_model08", FIRST_500),
        ("normal_leaf_t_model08", "hard_normal_leaf", FIRST_500),
        ("depth1_samples24_fitted_model08", "hard_depth1", list(range(500, 1000))),
        ("learned1", "hard_learned", [*range(1100, 1200), *range(1400, 1800)]),
    ],
)
def test_each_long_run_is_quoted_with_its_games_score(screen: str, rest: str, dealt: list[int]) -> None:
    """Each 1,000-game run: the 200-game screen, then 400 more deals (0-99 then 100-499; depth 1 screened on
    500-599, then 600-999; the learned model screened on 1100-1199, then 1400-1799)."""
    rows = [
        json.loads(line)
        for path in (SCREENS / f"{screen}.jsonl", *(ROOT / "benchmarks" / "data" / rest).glob("deals-*.jsonl"))
        for line in path.read_text().splitlines()
    ]
    assert sorted(r["deal"] for r in rows) == dealt
    w, d, lo = (sum(int(r[k]) for r in rows) for k in ("w", "d", "l"))
    mean, low, high = wilson(w + d / 2, w + d + lo)
    said = f"**{100 * mean:.1f}% ({100 * low:.1f}-{100 * high:.1f}), {w}-{d}-{lo}**"
    assert said in (ROOT / "docs" / "ai.md").read_text()


def test_the_best_responses_later_deals_are_quoted_with_their_games() -> None:
    """The bound on what knowing Hard's policy is worth (docs/ai.md, benchmarks/arena_report.md)."""
    rows = [json.loads(x) for x in (ROOT / "benchmarks/data/br_hard/deals-100-200.jsonl").read_text().splitlines()]
    w, d, lo = (sum(int(r[k]) for r in rows) for k in ("w", "d", "l"))
    mean, low, high = wilson(w + d / 2, w + d + lo)
    line = f"{100 * mean:.1f}% ({100 * low:.1f}-{100 * high:.1f})"
    both = wilson(w + d / 2 + 113 + 4 / 2, w + d + lo + 200)  # deals 0-99: 113-4-83 (the arena report's run)
    pooled = f"{100 * both[0]:.1f}% ({100 * both[1]:.1f}-{100 * both[2]:.1f}) over the {w + d + lo + 200} games"
    ai = (ROOT / "docs" / "ai.md").read_text().replace("\n  ", " ")
    assert f"{line} on deals 100-200" in ai and pooled in ai
    assert f"{line}, {w}-{d}-{lo}" in (ROOT / "benchmarks" / "arena_report.md").read_text().replace("\n", " ")
