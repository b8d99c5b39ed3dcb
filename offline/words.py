"""What the offline terminal itself says (its help, its prompts, how it labels what members
see), in English, marked for the catalogue and translated like the bot's own words."""

from __future__ import annotations

from cogs.catalogue import N_

HELP = N_(
    """\
You are in the server "home", channel #games, as any of: {members}.
Type an action as `name> what`:
  alice> /newgame numbers-to-number m:6     a slash command (options as name:value)
  bob> /join                                 the same as pressing Join
  alice> /move 17    or   carol> /move b2 c3 a move (`/move move:... game:3` works too)
  alice dm> 17                               a direct message to the bot (a secret move)
  alice dm> [17]                             choose 17 in the menu of your latest DM
  bob> [Join]                                press the button labelled Join on the latest
                                             message that has one ([0], [1], [Start], ...)
  alice> [Add computer (hard)]               choose that in a menu (here, the lobby's)
  alice> /newgame binary-scramble computer:hard   play the computer at once
  bob> [Rematch]                             under a finished game: the same game again, with
                                             the same players invited
  bob> [Submit secret move] 17               press it and fill the form with 17
  carol> /replay game:1   then   carol> [Next]   a game step by step ([First], [Previous],
                                             [Next], [Last]); [Animation] for all of it
  help    this text       quit    leave (games are saved; they go on next time)
Commands: {commands}
"""
)
TYPE_HELP = N_("type `help`")
STARTING = N_("No DISCORD_TOKEN: starting the offline mode (a simulated Discord server).")
SAVED_IN = N_("Games are saved in {database}; the log goes to {log}.")
PICTURES_IN = N_("Board pictures are saved in {folder}.")
BYE = N_("Bye. Your games are saved.")
NAME_FIRST = N_("Start a line with a member's name: {members} (try `help`).")
WHAT_TO_TYPE = N_(
    "The bot reads no messages in #games: type a command (`{name}> /move {text}`), a secret"
    " move by DM (`{name} dm> {text}`), a button (`{name}> [Join]`) or `help`."
)
REFUSED = N_("(simulated Discord refused that: {error})")
FORM_NEEDS_MOVE = N_(
    "That opens a form: put the move after the button, e.g. [Submit secret move] 17"
)
NO_SUCH_BUTTON = N_("No message in #games has a [{label}] button.")
NO_SUCH_COMMAND = N_("no command /{command}")
OPTIONS_AS_PAIRS = N_("write options as name:value (got {rest})")
ONLY_SEES = N_("(only {name} sees)")
DM_TO = N_("[DM to {name}]")
REFEREE = N_("Referee")
PICTURE = N_("[picture: {path}]")
