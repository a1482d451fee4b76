"""The network game's words: why the host ended a connection or refused a message, and the client's own notes.

The host sends a reason as a code with fields (``tagteam.net.protocol.Goodbye``, ``Error``); each client words it
here in its own player's language, so a host in French and a player in English each read their own.
"""

from __future__ import annotations

from collections.abc import Mapping

from tagteam.ground.jsonfile import printable
from tagteam.words.lang import N_, _, grammar, ngettext
from tagteam.words.numbers import grouped

# What the host says when it ends a connection or refuses a message: code -> message with named fields.
REASONS = {
    "quit": N_("The host has quit the game."),
    "crashed": N_("The host's game stopped on an error."),
    "busy": N_("the host is busy (too many connections): try again"),
    "no_hello": N_("no hello in time"),
    # TRANSLATORS: {limit} is a number of bytes
    "too_long": N_("message too long (the limit is {limit} bytes)"),
    "not_hello": N_("the first message must be a hello"),
    "silent": N_("silent for too long"),
    # TRANSLATORS: {rate} is a number of bytes
    "too_much_data": N_("too much data (the limit is {rate} bytes a second)"),
    "too_many_messages": N_("too many messages"),
    "too_many_bad": N_("too many bad messages"),
    "wrong_code": N_("wrong join code"),
    "wait_wrong_codes": N_("too many wrong join codes: try again in {seconds} s"),
    "wait_codes": N_("too many join codes tried here: try again in {seconds} s"),
    "unknown_token": N_("unknown seat token"),
    # TRANSLATORS: {number} is the seat's number, 1 or 2
    "seat_taken": N_("Player {number} is already playing"),
    "host_seat": N_("Player {number} is the host's seat"),
    "full": N_("the game is full"),
    "already_joined": N_("already joined"),
    "not_your_turn": N_("not your turn: nothing is owed from your seat now"),
    # TRANSLATORS: {detail} says why the decision is refused (from this player's words for input problems)
    "illegal": N_("illegal: {detail}"),
    # TRANSLATORS: {detail} says what is wrong with the message (a field path and what it should be)
    "bad_message": N_("a message the host could not read ({detail})"),
    "no_turn": N_("no Turn to resolve now"),
    "not_over": N_("the game is not over"),
}

# What the client itself says about its connection.
GONE = {
    # TRANSLATORS: {where} is host:port, e.g. localhost:8210 or [::1]:8210; the connection timed out
    "no_answer": N_("nothing answered at {where}: the connection timed out"),
    "conn_refused": N_("nothing answered at {where}: the connection was refused (no game is hosted on that port)"),
    # TRANSLATORS: {host} is the name the player typed, e.g. example.org
    "no_name": N_("nothing answered at {where}: no machine named {host} was found"),
    "no_route": N_("nothing answered at {where}: that machine or its network cannot be reached"),
    # TRANSLATORS: {why} is the system's reason, e.g. "Connection reset by peer"
    "unreachable": N_("nothing answered at {where} ({why})"),
    "silent_host": N_("the host stopped answering"),
    "lost": N_("the connection to the host was lost"),
    "host_too_long": N_("the host sent a message over the size limit"),
    # TRANSLATORS: {detail} says what is wrong with the message (a field path and what it should be)
    "host_bad": N_("the host sent a bad message ({detail})"),
    "host_bad_state": N_("the host sent a bad state ({detail})"),
    # TRANSLATORS: {reason} is why the host refused, e.g. "wrong join code"
    "refused": N_("refused: {reason}"),
    "not_welcomed": N_("the host did not welcome us"),
    # TRANSLATORS: {why} is how the connection was lost
    "no_rejoin": N_("{why}; could not rejoin"),
    "not_connected": N_("not connected"),
    "no_answer_in_time": N_("the host did not answer in time"),
    "rejoining": N_("Connection lost: rejoining…"),
    # TRANSLATORS: the host refused a join for now and said when to try again; {seconds} counts down to that try
    "retrying": N_("The host asked us to wait: trying again in {seconds} s…"),
    "rejoined": N_("Rejoined the game."),
}


# Why ``tagteam host`` or ``tagteam serve`` cannot listen (``tagteam.net.oserrors.listen_reason``).
LISTEN = {
    # TRANSLATORS: {where} is address:port, e.g. 127.0.0.1:8210 or [::]:8210
    "port_in_use": N_("cannot listen on {where}: that port is already in use (choose another with --port)"),
    "port_forbidden": N_("cannot listen on {where}: not allowed here (ports below 1024 need administrator rights)"),
    "no_such_address": N_("cannot listen on {where}: this machine has no such address"),
    # TRANSLATORS: {why} is the system's reason
    "cannot_listen": N_("cannot listen on {where} ({why})"),
}


# Why a typed ``HOST[:PORT]`` cannot be joined (``tagteam.net.address.BadTarget``); {target} is what was typed.
TARGET = {
    "empty": N_("expected HOST or HOST:PORT"),
    "no_bracket": N_("{target}: missing ']' after an IPv6 address"),
    "no_port_after_bracket": N_("{target}: expected :PORT after ']'"),
    "not_a_host": N_("{target}: not a host name"),
    "bad_port": N_("port {port}: expected a whole number from 1 to 65535"),
}


def bad_target(code: str, text: str) -> str:
    """Why the address a player typed (``tagteam join``, the join page) is not one, in their words."""
    limit = 20 if code == "bad_port" else 60
    shown = repr(printable(text, limit))
    return _(TARGET.get(code, TARGET["empty"])).format(target=shown, port=shown)


def cannot_listen(code: str, where: str, why: str = "") -> str:
    """Why the server could not start, in this player's words."""
    return _(LISTEN.get(code, LISTEN["cannot_listen"])).format(where=where, why=why)


WEB_EXTRA = "pip install 'tagteam-terminal[web]'"  # the optional part of the game that tagteam serve needs


def no_web(module: str) -> str:
    """``tagteam serve`` on an install without the ``web`` extra: what is missing, and the command that adds it."""
    # TRANSLATORS: {module} is a Python package (e.g. textual-serve), {command} the command that installs it
    return _("the browser page needs {module}, which is not installed; install it with: {command}").format(
        module=module, command=WEB_EXTRA
    )


def host_line(code: str, **fields: object) -> str:
    """A line of the host's own log (what its guard did, what it could not write), in the host's language."""
    count = fields.get("count", 0)
    n = count if isinstance(count, int) else 0
    match code:
        case "crowd":
            # TRANSLATORS: the host's log; {limit} is a number of connections
            text = _("more than {limit} connections without a hello: dropping the oldest silent ones")
        case "backoff":
            # TRANSLATORS: the host's log; {address} is an IP address (an IPv6 one as its /64)
            text = ngettext(
                "{address}: holding its join codes after {count} wrong one",
                "{address}: holding its join codes after {count} wrong ones",
                n,
            )
        case "codes":
            text = _("too many join codes from everywhere: holding them")
        case "wrong_held":
            text = ngettext(
                "{address}: {count} wrong join code; its codes are now held",
                "{address}: {count} wrong join codes; its codes are now held",
                n,
            )
        case "wrong":
            text = _("wrong join code from {address}")
        case "bytes":
            # TRANSLATORS: the host's log; {address} is host:port, {rate} a number of bytes
            text = _("cut {address}: more than {rate} bytes a second")
        case "more":
            # TRANSLATORS: the host's log; {line} is a line said before, {count} how many like it were not repeated
            text = ngettext(
                "{line} ({count} more like it since the last such line)",
                "{line} ({count} more like it since the last such line)",
                n,
            )
        case "dropped":
            text = ngettext(
                "({count} log line dropped: the output was not being read)",
                "({count} log lines dropped: the output was not being read)",
                n,
            )
        case "loop":
            # TRANSLATORS: the host's log; {detail} is the system's technical line (asyncio's), not translated
            text = _("the server's event loop reported an error: {detail}")
        case "autosave":
            # TRANSLATORS: the host's log; {problem} is why the autosave could not be written
            text = _("autosave: {problem}")
        case _:  # a code of a newer host: said as it is
            return code
    return text.format_map(
        _fields({k: _grouped(v) if isinstance(v, int) and not isinstance(v, bool) else v for k, v in fields.items()})
    )


def terminal_line(message: str) -> str:
    """A seat's last word on the terminal once its screen has closed ("tagteam : la connexion ... perdue")."""
    if grammar().data.lower_after_colon and message[:2].istitle():  # ours ("L'hôte a quitté"): no capital after ":"
        message = message[0].lower() + message[1:]
    # TRANSLATORS: a line on the terminal; French puts a space before ":"
    return _("tagteam: {message}").format(message=message)


def host_said(line: str) -> str:
    """A line of the host's log, shown on its terminal after its own game's screen closed."""
    # TRANSLATORS: a line of the host's log repeated on its terminal; French puts a space before ":"
    return _("host: {line}").format(line=line)


class _Blank(dict[str, object]):
    """A field the host did not send is left empty rather than failing the whole line."""

    def __missing__(self, key: str) -> str:
        return ""


def _grouped(n: int) -> str:
    """A large number with its thousands grouped as the language writes them (CLDR): 40,000; 40 000."""
    return grouped(n)


def _fields(fields: Mapping[str, object]) -> _Blank:
    return _Blank(
        {
            k: _grouped(v) if isinstance(v, int) and not isinstance(v, bool) and abs(v) >= 10_000 else v
            for k, v in fields.items()
        }
    )


def _said(fields: Mapping[str, object]) -> str | None:
    """The problem a refusal carries as data (``tagteam.ground.problems.as_fields``), in this player's words;
    None when it carries none (a host of version 3 sent a technical ``detail``)."""
    from tagteam.ground.problems import from_fields
    from tagteam.words.inputs import line

    found = from_fields(fields)
    return None if found is None else line(found)


def reason(code: str | None, fields: Mapping[str, object], text: str = "") -> str:
    """The host's reason (a code and its fields) in this player's words; ``text`` is a line as it came (a peer
    of another version refusing ours says why in the one shape every version reads)."""
    if code is None:
        return text
    from tagteam.words.seal import sealed_reason

    template = REASONS.get(code) or sealed_reason(code)
    said = _said(fields)
    if said is not None:
        fields = {**fields, "detail": said}
    if template is None:
        # TRANSLATORS: a host of a newer version gave a reason this one does not know; {code} is its code
        return _("the host says: {code}").format(code=code)
    return _(template).format_map(_fields(fields))


def gone(code: str, **fields: object) -> str:
    """The client's own line about its connection, in this player's words."""
    return _(GONE[code]).format_map(_fields(fields))


# A rematch over the network starts once both players asked for the same one.
REMATCH = {
    # TRANSLATORS: {player} is the other player; r and d are the game-over screen's keys
    (False, True): N_("{player} asks for a rematch with the same teams: press r to accept."),
    (False, False): N_("{player} asks for a rematch with a new draft: press d to accept."),
    (True, True): N_("You asked {player} for a rematch with the same teams; waiting for them to accept."),
    (True, False): N_("You asked {player} for a rematch with a new draft; waiting for them to accept."),
}


def rematch_note(mine: bool, same_teams: bool, player: str) -> str:
    """Who asked for which rematch, said to both seats (``player`` is the other one)."""
    return _(REMATCH[(mine, same_teams)]).format(player=player)


def opponent_left(player: str, code: str = "") -> str:
    """The other player's connection ended (``opponent_here`` went false): said at once, whatever screen is up,
    since a Build screen shows no waiting status. The host's terminal knows the code they can rejoin with."""
    if code:
        # TRANSLATORS: {player} is "Player 2"; {code} the join code, e.g. K7QF-M2XD
        return _(
            "{player} left the game. Their seat waits for them: they can rejoin with the join code {code}."
        ).format(player=player, code=code)
    # TRANSLATORS: {player} is "Player 1"
    return _("{player} left the game. Their seat waits for them to rejoin.").format(player=player)


def opponent_back(player: str) -> str:
    """The other player is connected again after leaving."""
    # TRANSLATORS: {player} is "Player 2"
    return _("{player} is back in the game.").format(player=player)
