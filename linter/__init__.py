"""oraclelint: a rules-text linter and Oracle checker for Magic: The Gathering cards."""

__version__ = "0.1.0"
