"""Tag Team in the terminal. The version lives here alone: the build reads it, and ``tagteam --version`` shows it."""

__version__ = "0.2.0"
