"""The French the bot words boards in (its shipped catalogue), for the boards' bound tests."""

from __future__ import annotations

from cogs.speech import Words

FRENCH = Words("fr").gettext
"""French translation of one English template: French words are longer, so boards must fit
at every bound in French too."""
