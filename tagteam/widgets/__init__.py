"""Widgets that wrap the pure renderables; they post messages up and never compute a rule."""
