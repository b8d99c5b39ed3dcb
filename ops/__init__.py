"""Watching the bot run: metrics, the health check and JSON logs (no Discord, no game code)."""
