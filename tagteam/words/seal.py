"""The words of the sealed connection (``tagteam.net.seal``) and of the page over HTTPS (``tagteam serve``).

Kept apart from ``tagteam.words.net`` so the two can change at once; ``tagteam.words.net.reason`` reads
``REASONS`` here for the codes it does not hold itself.
"""

from __future__ import annotations

from tagteam.words.lang import N_, _

# Why the host ended a connection, for the codes of the sealed connection (the host sends the code, the client
# words it).
REASONS = {
    "tampered": N_("a message failed its check (tampered with, replayed or out of order): connection closed"),
    "bad_exchange": N_("the key exchange failed (not a tagteam of this version, or tampered with)"),
}

# What the client itself says about the sealed connection.
GONE = {
    "tampered": N_(
        "a message from the host failed its check (tampered with, replayed or out of order): connection closed"
    ),
    "bad_exchange": N_("the key exchange with the host failed (tampered with on the way?)"),
    "unproven": N_("the host could not prove it knows the join code: connection closed"),
}


def sealed_reason(code: str) -> str | None:
    """The untranslated message of one of these reason codes, or None."""
    return REASONS.get(code)


def seal_gone(code: str) -> str:
    """The client's own line about the sealed connection, in this player's words."""
    return _(GONE[code])


def seal_host_line(address: str) -> str:
    """The host's log when a client's sealed message fails its check."""
    # TRANSLATORS: the host's log; {address} is host:port
    return _("{address}: a sealed message failed its check (tampered with or replayed): dropped").format(
        address=address
    )


def page_sealed() -> str:
    """``tagteam serve``'s banner line when the page travels encrypted."""
    return _("The page is encrypted (HTTPS and WSS, with the certificate given).")


def host_sealed() -> str:
    """``tagteam host``'s banner line on an address beyond this machine: what the join code protects now."""
    return _(
        "The game is encrypted end to end with a key made from the join code: give the code only to your friend."
    )


def page_reachable(port: int) -> str:
    """``tagteam serve --bind`` beyond this machine, encrypted: what it still opens."""
    return _(
        "Note: anyone who can reach port {port} can open a game (and its saves) here; a hosted game is still "
        "guarded by its join code."
    ).format(port=port)


def page_unsealed_warning(port: int) -> str:
    """The one-line warning of ``tagteam serve --bind`` on a non-local address without a certificate."""
    # TRANSLATORS: {port} is a port number
    return _(
        "Warning: the page is served unencrypted to the network: anyone on the path can read every game on port "
        "{port} (give --tls-cert and --tls-key)."
    ).format(port=port)


def tls_problem(code: str, path: str, why: str = "") -> str:
    """Why the certificate or key given to ``tagteam serve`` cannot be used, in one line."""
    match code:
        case "half":
            return _("--tls-cert and --tls-key go together: give both, or neither")
        case _:
            # TRANSLATORS: {path} is a file name, {why} the system's or the TLS library's reason
            return _("cannot use the certificate {path}: {why}").format(path=path, why=why)
