"""Pure functions from content and views to rich renderables; no Textual, no game rules."""
