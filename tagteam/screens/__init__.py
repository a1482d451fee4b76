"""One screen per module, each with its own .tcss whose selectors start with the screen's class."""
