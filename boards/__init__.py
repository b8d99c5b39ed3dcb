"""Boards drawn from a viewer's view, never from a state: pictures of every game; no discord."""
