"""The ``/join`` page's app: ``JoinApp`` that tells its page which address it joins, so a reload offers it.

The address goes out as a meta packet on the app's own output (textual-serve's channel to the server); the
server checks it (``pages.address``) and hands it to the page, whose script writes it into the page's URL
(``/join?address=localhost:8210``). A reload opens its websocket with that address, and the server gives it
to the new process (``pages.ADDRESS_ENV``) only after the same check. The join code is never kept.
"""

from __future__ import annotations

from textual import on
from textual.drivers.web_driver import WebDriver

from tagteam.remote.join_app import JoinApp, JoinAsked
from tagteam.web.pages import ADDRESS_META, address


class PageJoinApp(JoinApp):
    """``JoinApp`` in a page: each join asked for with an address of this machine is told to the page."""

    @on(JoinAsked)
    def _tell_page(self, message: JoinAsked) -> None:
        said = address(message.address)
        driver = self._driver  # Textual's own: the web driver of a page, the one that can write a meta packet
        if said is not None and isinstance(driver, WebDriver):
            driver.write_meta({"type": ADDRESS_META, "address": said})
