"""The two advisers a Build screen may offer (solo practice only), typed once for the screen and its callers.

Each is asked off the UI thread with this seat's view only and the player's selection: the coach answers with
its lines (the selection always rated among them), the what-if with its cases, both as the words layer writes
them (``tagteam.words.advice``)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tagteam.engine.actions import BuildChoice
    from tagteam.engine.view import PlayerView
    from tagteam.words.advice import CoachLine, WhatIfLine

Coach = Callable[["PlayerView", "BuildChoice"], Sequence["CoachLine"]]
WhatIfAdviser = Callable[["PlayerView", "BuildChoice"], Sequence["WhatIfLine"]]
