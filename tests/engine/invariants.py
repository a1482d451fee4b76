"""Invariants that must hold after every Turn of any game, whatever the decisions."""

from __future__ import annotations

from tagteam.engine.state import GameState


def check(st: GameState) -> None:
    tab = st.tab()
    for f, fd in enumerate(tab.fighters):
        t = st.track[f]
        assert -1 <= t < len(fd.tracks), (f, t)
        if t >= 0:
            assert 0 <= st.pos[f] < len(fd.tracks[t].hp), (fd.id, st.pos[f])
            assert 0 <= st.hp(f) <= fd.tracks[t].max_hp
        else:
            assert fd.special == "spirit", f"{fd.id} has no Health track"
        assert st.power[f] >= 0, (fd.id, st.power[f])
        if fd.special is not None:
            assert 0 <= st.special[f] < fd.special_size, (fd.id, st.special[f])
        if fd.special == "spirit":
            assert 1 <= st.special[f] <= 4
            assert st.special[f] == 1 + bin(st.spirit_mask[f]).count("1")
        if fd.special == "fleet":
            assert 0 <= st.special[f] <= 20
    # every physical card is in exactly one place
    places: list[int] = []
    removed = set(st.removed)
    for s in (0, 1):
        for i, inst in enumerate(st.fight[s]):
            if inst in removed:  # a card removed this Fight step leaves its deck when the step ends
                assert st.phase in ("fight", "over") and i < st.cursor[s], "a removed card is still in play"
            else:
                places.append(inst)
        places += st.build[s] + st.drawn[s]
    assert not removed & set(places), "a removed card is in a Build deck"
    assert len(places) == len(set(places)), "a card is in two places"
    assert set(places) | removed == set(range(len(tab.cards))), "a card went missing"
    for s in (0, 1):
        assert all(tab.cards[i].seat == s for i in st.fight[s] + st.build[s]), "a card changed owner"
    # tokens are conserved
    if "shango" in tab.kinds:
        assert sum(st.aflame) <= 5
    else:
        assert sum(st.aflame) == 0
    if "wong_fei_hung" in tab.kinds:
        assert sum(st.conc) <= 2
    else:
        assert sum(st.conc) == 0
    if "milady" in tab.kinds:
        assert len(st.scheme_pile) + len(st.planted) + len(st.schemes_gone) == 11
        assert len(set(st.scheme_pile + st.planted + st.schemes_gone)) == 11
    if "wild_bunch" in tab.kinds:
        assert 0 <= st.sheriff < 4
    else:
        assert st.sheriff == -1
    if "golem" in tab.kinds:
        g = tab.kinds.index("golem")
        assert st.presence in (-1, g ^ 1), "the Presence token may only sit on the Golem's Partner"
    else:
        assert st.presence == -1
    # the Fight decks stay the same length (both add one card, Crippling Touch removes one each)
    assert len(st.fight[0]) == len(st.fight[1]) or st.phase == "build"
