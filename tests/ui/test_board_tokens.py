"""Board and log agree on every token: where the log says a token went, that Fighter's board shows it."""

from __future__ import annotations

import random

import pytest

from tagteam.engine import events as ev
from tagteam.engine.position import build, parse
from tagteam.engine.randomplay import random_action
from tagteam.engine.session import Session
from tagteam.engine.view import view_for
from tagteam.render.board import tokens_line
from tagteam.words import log as wl

# the word each token has on a board, on its holder and on its owner's board (its supply)
HOLDER_WORD = {"Sheriff": "Sheriff", "Golem's Presence": "Golem's Presence", "Concentration": "Concentration ×"}
OWNER_WORD = {
    "Golem's Presence": "Presence token with the Golem",
    "Concentration": "with Wong Fei-Hung",
    "Aflame!": "with Shango",
}
TEAMS = [
    (("golem", "shango"), ("wong_fei_hung", "wild_bunch")),
    (("wong_fei_hung", "joan"), ("golem", "shango")),
    (("wild_bunch", "golem"), ("shango", "wong_fei_hung")),
]


def _line(st: object, f: int) -> str:
    view = view_for(st, 0)  # type: ignore[arg-type]
    text = tokens_line(view, view.fighters[f])
    return text.plain if text is not None else ""


@pytest.mark.parametrize("teams", TEAMS)
def test_log_destination_shows_the_token_on_that_board(teams: tuple[tuple[str, str], tuple[str, str]]) -> None:
    checked = 0
    for seed in range(6):
        s = Session.new(seed, teams=teams)
        r = random.Random(seed)
        while not s.over():
            if s.needs_advance():
                events = s.advance()
            else:
                seat = s.seats_owing()[0]
                events = s.act(seat, random_action(s.state, seat, r))
            tab = s.state.table
            assert tab is not None
            last: dict[str, ev.TokenMoved] = {}
            for e in events:
                if isinstance(e, ev.TokenMoved):
                    last[e.token] = e
            for token, e in last.items():
                said = wl.describe(e, tab)
                if e.new >= 0:
                    word = HOLDER_WORD.get(token, token)
                    where = e.new
                else:
                    word = OWNER_WORD[token]
                    where = tab.kinds.index(wl.TOKEN_OWNERS[token])
                    assert said.endswith(f"back to {tab.fighters[where].name}."), said
                    assert "supply" not in said
                if token == "Aflame!" and e.new >= 0:
                    word = "Aflame! ×"
                assert word in _line(s.state, where), (said, _line(s.state, where))
                checked += 1
    assert checked > 10


def test_wong_fei_hung_board_shows_his_concentration_tokens() -> None:
    st = build(
        parse(
            {
                "teams": [["wong_fei_hung", "mordred"], ["joan", "ching_shih"]],
                "fighters": {"joan": {"concentration": 1}},
                "fight": [["wong_fei_hung.ging_bridge"], ["joan.dieu_premier_servi*"]],
            }
        )
    )
    assert _line(st, 0) == "Tokens: Concentration 1 of 2 with Wong Fei-Hung (1 on Joan)"
    assert _line(st, 2) == "Tokens: Concentration ×1"
    st.conc[2] = 0
    assert _line(st, 0) == "Tokens: Concentration 2 of 2 with Wong Fei-Hung"
