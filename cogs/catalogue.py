"""How the bot words each of the referee's codes, in its source language (English); each other
language translates these messages in its gettext catalogue (`cogs/locales`). A pair is a
message and its plural, chosen by the field `n`."""

from __future__ import annotations

from cogs.marks import N_, NP_
from cogs.tournament_catalogue import TOURNAMENT_WORDINGS, Wording
from referee.codes import Cancel, Line, Refusal, Reply
from referee.speech import Code


class Ask(Code):
    """Why the Discord front end could not tell what a member asked (nothing changed)."""

    NO_GAME_HERE = "no_game_here", "number"
    SERVER_ONLY = "server_only"
    SEVERAL_HERE = "several_here", "games"
    STILL_A_LOBBY = "still_a_lobby", "game"
    STILL_LOBBIES = "still_lobbies", "games"
    STARTED_ALREADY = "started_already", "game"
    ALL_STARTED = "all_started", "games"
    NO_OPEN_LOBBY = "no_open_lobby"
    NO_OPEN_GAME = "no_open_game"
    OTHER_PLAYERS_BUTTON = "other_players_button"
    NOT_WAITING_ON_YOU = "not_waiting_on_you", "game"
    NOT_PLAYING_NUMBER = "not_playing_number", "number"
    NO_SECRET_AWAITED = "no_secret_awaited"
    SEVERAL_WAITING = "several_waiting", "games", "example"
    EMPTY_DM = "empty_dm"
    MOVE_TOO_LONG = "move_too_long", "limit"
    NEVER_STARTED = "never_started", "game"
    NO_SEASONS_VERSUS = "no_seasons_versus"


LEVEL_NAMES = {
    "easy": N_("easy"),
    "medium": N_("medium"),
    "hard": N_("hard"),
    "expert": N_("expert"),
}
"""The computer levels' names as members read them (their ids are `players.LEVELS`')."""
POLICY_NAMES = {"auto": N_("auto"), "forfeit": N_("forfeit")}
"""The timeout policies' names as members read them (their ids are `referee.policies`')."""
LENGTH_NAMES = {
    "off": N_("off"),
    "weekly": N_("weekly"),
    "monthly": N_("monthly"),
    "quarterly": N_("quarterly"),
}
"""The season lengths' names as members read them (their ids are `referee.seasons`')."""
COMPUTER = N_("Computer ({level})")
COMPUTER_NUMBER = N_("Computer {number} ({level})")
"""A computer seat's name (the second at a table is numbered)."""

WORDS = {
    "a_member": N_("a member"),
    "former_player": N_("former player"),
    "defaults": N_("defaults"),
    "none": N_("none"),
    "range": N_("{low} to {high}"),
    "alternatives": N_("{some} or {last}"),
    "days": N_("{n} d"),
    "hours": N_("{n} h"),
    "minutes": N_("{n} min"),
    "seconds": N_("{n} s"),
    "more": N_("… and {} more"),
    "week": N_("week {week} of {year}"),
    "quarter": N_("Q{quarter} {year}"),
}
"""The words the catalogue's fields are shown with."""

REFUSALS: dict[Code, Wording] = {
    Refusal.NO_GAME_NUMBER: N_("There is no game #{number}."),
    Refusal.NO_GAME_HERE: N_("There is no game #{number} in this server."),
    Refusal.CHANGING_FAST: N_("Game #{number} is changing fast right now; try again."),
    Refusal.REMATCH_CHANGING: N_("The rematch of game #{number} is changing fast; try again."),
    Refusal.NO_SUCH_GAME: N_("There is no game {slug}; games: {games}."),
    Refusal.NO_SUCH_LEVEL: N_("There is no level {level}; levels: {levels}."),
    Refusal.NO_SUCH_POLICY: N_("There is no deadline policy {policy}; policies: {policies}."),
    Refusal.BAD_OPTION: N_("{reason}"),
    Refusal.NO_PLAYER_COUNT: N_("No number of players fits these options."),
    Refusal.NO_PLAYER_COUNT_BECAUSE: N_("{reason} No number of players fits these options."),
    Refusal.ONE_PLAYER_ONLY: N_(
        "{game} with these options is for one player: no computer can join."
    ),
    Refusal.NOT_STARTED: N_("{game} has not started yet."),
    Refusal.ALREADY_STARTED: N_("{game} has already started."),
    Refusal.ALREADY_ENDED: N_("{game} has already ended."),
    Refusal.ALREADY_CANCELLED: N_("{game} has already been cancelled."),
    Refusal.OVER: N_("{game} is over."),
    Refusal.FULL: N_("{game} is full ({players} players)."),
    Refusal.NO_COMPUTER: N_("There is no computer in {game}."),
    Refusal.HOST_ONLY_ADD_COMPUTER: N_("Only the host, {host}, can add a computer."),
    Refusal.HOST_ONLY_REMOVE_COMPUTER: N_("Only the host, {host}, can remove a computer."),
    Refusal.HOST_ONLY_START: N_("Only the host, {host}, can start it."),
    Refusal.CLOSED_TO_JOIN: N_("{game} is no longer open to join."),
    Refusal.ALREADY_SEATED: N_("You are already seated in {game}."),
    Refusal.NOT_SEATED: N_("You are not seated in {game}."),
    Refusal.LEAVE_STARTED: N_(
        "{game} has already started; use `/resign` to give up a game in progress."
    ),
    Refusal.NEEDS_PLAYERS: N_("{game} needs {counts} players; {seated} seated."),
    Refusal.NO_MEMBER: N_("{game} has no member playing: computers cannot play alone."),
    Refusal.CANCEL_WITH_COMPUTER: N_(
        "{game} is a game with a computer and it has begun: only a member with Manage Server "
        "can cancel it now; `/resign` gives it up."
    ),
    Refusal.CANCEL_WHO: N_(
        "Only the host can propose to cancel {game} (every other player still in it must "
        "agree), or a member with Manage Server can cancel it; `/resign` leaves a game."
    ),
    Refusal.VOTERS_ONLY: N_("Only the players still in {game} vote on cancelling."),
    Refusal.NO_PROPOSAL: N_(
        "There is no proposal to cancel {game} now: a move was made or a player refused "
        "since. The host can propose again with `/cancel`."
    ),
    Refusal.STEP_RESOLVED: N_(
        "{game}: that was for a step that has already resolved; nothing was played."
    ),
    Refusal.NOT_YOUR_MOVE: N_("It is not your move in {game}; waiting for {waiting}."),
    Refusal.EMPTY_MOVE: N_("{game}: your move is empty. Send {notation}."),
    Refusal.ILLEGAL_MOVE: N_("{game}: {reason}"),
    Refusal.NOT_A_PLAYER: N_("You are not a player in {game}."),
    Refusal.LEFT_GAME: N_("You have left {game}; the referee plays your moves."),
    Refusal.REMOVE_WHO: N_("Only the host or a member with Manage Server can remove a player."),
    Refusal.NOT_PLAYING: N_("{player} is not playing in {game}."),
    Refusal.HOST_NOT_REMOVABLE: N_("The host cannot be removed; cancel the lobby instead."),
    Refusal.REMOVE_SELF: N_("You cannot remove yourself; `/resign` leaves the game."),
    Refusal.NOT_WAITING_ON: N_("{game} is not waiting on {player}: {rule}"),
    Refusal.NOT_WAITED_ENOUGH: N_("{game} has waited on {player} for {waited}: {rule}"),
    Refusal.REMOVE_RULE_DEADLINE: N_(
        "a host can remove a player only once the game has waited on their move for {needed} "
        "(a quarter of the move deadline); a member with Manage Server can remove anyone."
    ),
    Refusal.REMOVE_RULE_NO_DEADLINE: N_(
        "a host can remove a player only once the game has waited on their move for {needed} "
        "(without a move deadline); a member with Manage Server can remove anyone."
    ),
    Refusal.REMATCH_CANCELLED: N_(
        "{game} was cancelled: only a finished game has a rematch. `/newgame` opens a new one."
    ),
    Refusal.REMATCH_NOT_OVER: N_("{game} is not over yet: a rematch follows a finished game."),
    Refusal.REMATCH_SOLITAIRE: N_("{game} was a one-player game: `/newgame` opens a new one."),
    Refusal.REMATCH_PLAYERS_ONLY: N_(
        "Only the members who played {game} can ask for its rematch: {players}. "
        "`/newgame` opens a new game."
    ),
    Refusal.REMATCH_NOBODY: N_(
        "Only the members who played {game} can ask for its rematch. `/newgame` opens a new game."
    ),
    Refusal.ALREADY_IN_REMATCH: N_("You are already in {rematch}; {waiting}"),
    Refusal.REPLAY_LOBBY: N_("{game} is still a lobby; it has no steps to replay yet."),
    Refusal.REPLAY_NEVER_STARTED: N_("{game} never started; it has no steps to replay yet."),
    Refusal.NO_STEP: N_("{game} has steps 0 to {last} (0 is the start); there is no step {step}."),
    Refusal.NOTHING_STORED: N_(
        "This bot stores nothing about you: no standings, no one-player best and no seat in a "
        "finished game."
    ),
    Refusal.FORGET_BLOCKED: N_("{reason} Nothing was removed."),
    Refusal.FORGET_BLOCKED_TWICE: N_("{playing} {gone} Nothing was removed."),
    Refusal.STILL_IN: NP_(
        "You are still in {games}: leave or resign it (`/leave`, `/resign`), then `/forget-me` "
        "again.",
        "You are still in {games}: leave or resign them (`/leave`, `/resign`), then "
        "`/forget-me` again.",
    ),
    Refusal.GOES_ON: NP_(
        "{games} goes on without you: `/forget-me` again once it has ended.",
        "{games} go on without you: `/forget-me` again once they have ended.",
    ),
    Refusal.NO_SUCH_LENGTH: N_("There is no season length {length}; lengths: {lengths}."),
    Refusal.SEASONS_MODERATORS: N_(
        "Only a member with Manage Server can set how long seasons last (now: {length}); "
        "nothing changed. Anyone can see the seasons with `/season`, and their tables with "
        "`/leaderboard`."
    ),
    Refusal.NO_SEASONS: N_(
        "This server has no seasons: `/leaderboard` shows the table of every game. A member "
        "with Manage Server can start seasons with `/season length:`."
    ),
    Refusal.NO_SUCH_SEASON: N_(
        "This server has no season {season}; its seasons: {seasons} (or `all-time`, the table "
        "of every game)."
    ),
}

REPLIES: dict[Code, Wording] = {
    Reply.OPENED: N_("Opened {game}. Others join with the Join button or `/join`."),
    Reply.OPENED_AGAINST: N_("Opened {game} against {rivals}: the game has started."),
    Reply.COMPUTER_SEATED: N_("{player} takes seat {seat} in {game}."),
    Reply.REMOVED: N_("Removed {player} from {game}."),
    Reply.JOINED: N_("You joined {game} (seat {seat})."),
    Reply.LEFT: N_("You left {game}."),
    Reply.STARTED: N_("{game} has started."),
    Reply.CANCELLED: N_("{game} is cancelled."),
    Reply.PROPOSED_CANCEL: N_("You proposed to cancel {game}; waiting for {waiting} to agree."),
    Reply.AGREED_CANCEL: N_("You agreed to cancel {game}; waiting for {waiting}."),
    Reply.REFUSED_CANCEL: N_("You refused to cancel {game}; it goes on."),
    Reply.PLAYED: N_("Played {move} in {game}."),
    Reply.LOCKED_AND_RESOLVED: N_("Locked in {move} for {game}: everyone has moved."),
    Reply.LOCKED_IN: N_(
        "Locked in {move} for {game}; waiting for {waiting}. You can change it until everyone "
        "has moved."
    ),
    Reply.CHANGED_TO: N_(
        "Changed to {move} for {game}; waiting for {waiting}. You can change it until everyone "
        "has moved."
    ),
    Reply.RESIGNED: N_("You resigned from {game}."),
    Reply.REMATCH_OPENED: N_("Opened {rematch}; {waiting}"),
    Reply.REMATCH_STARTED: N_("Opened {rematch} against {rivals}: it has started."),
    Reply.REMATCH_JOINED: N_("You joined {rematch} (seat {seat})."),
    Reply.FORGET_QUESTION: N_(
        "`/forget-me` removes for good what this bot stores about you:\n{held}\n{kept}\n"
        "Press the Forget me button to confirm."
    ),
    Reply.FORGOTTEN: N_("Forgotten. Removed:\n{held}\n{kept}"),
    Reply.FORGOT_NOTHING: N_("This bot stores nothing about you; nothing was removed."),
    Reply.SEASONS_SET: N_(
        "Seasons are now {length}: the current season, {season}, runs from {first} to {last} "
        "(UTC), and its ratings start afresh. `/leaderboard` shows its table; the table of "
        "every game stays whole (`/leaderboard season:all-time`)."
    ),
    Reply.SEASONS_OFF: N_(
        "Seasons are off: `/leaderboard` shows the table of every game again. The past "
        "seasons' tables and winners stay (`/season`)."
    ),
}

CANCELS: dict[Code, Wording] = {
    Cancel.HOST_LEFT: N_("closed: the host left the lobby"),
    Cancel.MODERATOR: N_("cancelled by a moderator"),
    Cancel.HOST: N_("cancelled by the host"),
    Cancel.HOST_BEFORE_FIRST_MOVE: N_("cancelled by the host before the first move"),
    Cancel.AGREED: N_("cancelled by the host with every player's agreement"),
    Cancel.LOBBY_EXPIRED: N_("closed: nobody started it in time"),
    Cancel.ALL_OUT_OF_TIME: N_("ended: every player ran out of time"),
}

LINES: dict[Code, Wording] = {
    Line.LOBBY_TITLE: N_("{game}: lobby"),
    Line.BEGINS_TITLE: N_("{game}: the game begins"),
    Line.OVER_TITLE: N_("{game}: game over"),
    Line.CANCEL_TITLE: N_("{game}: cancel?"),
    Line.CANCELLED_TITLE: N_("{game}: cancelled"),
    Line.BACK_TITLE: N_("I am back: the games here go on"),
    Line.GAME: N_("{game}"),
    Line.HOST: N_("Host: {host}"),
    Line.REMATCH_OF: N_("Rematch of {game}."),
    Line.OPTIONS: N_("Options: {options}"),
    Line.PLAYERS: N_("Players: {players}"),
    Line.LOBBY_PLAYERS: N_("Players: {counts} (seated {n}): {seated}"),
    Line.SEAT: N_("{number}. {player}"),
    Line.DEADLINE: N_("Move deadline: {seconds} ({policy} at expiry)."),
    Line.INVITED: N_("Invited: {invited}"),
    Line.INVITEE_JOINED: N_("{player} (joined)"),
    Line.REMATCH_STARTS: N_(
        "It starts by itself once every invited player has joined; the host may start it before."
    ),
    Line.HOST_STARTS: N_("The host starts it once enough players are in."),
    Line.STARTS_WHEN_FULL: NP_(
        "It starts by itself when {n} player has joined.",
        "It starts by itself when {n} players have joined.",
    ),
    Line.LOBBY_STARTED: N_("This game has started."),
    Line.LOBBY_CLOSED: N_("Cancelled: {reason}."),
    Line.CANCELLED: N_("The game was {reason}. It counts for no leaderboard."),
    Line.RULES: N_("{text}"),
    Line.TO_MOVE: N_("{player} to move: {prompt}"),
    Line.SECRETS_AWAITED: N_("Waiting for secret moves from {players}."),
    Line.THINKING: NP_("{players} is thinking.", "{players} are thinking."),
    Line.AWAITED_AND_THINKING: N_("{awaited} {thinking}"),
    Line.WAITING_HEAD: N_("Waiting for a move (`/games` lists every open game):"),
    Line.WAITING_TURN: N_("{game}: waiting for {players} (turn move)."),
    Line.WAITING_SECRET: N_("{game}: waiting for {players} (secret moves)."),
    Line.TOTAL: N_("{player}: {total}"),
    Line.TOTAL_LEFT: N_("{player}: {total} (left)"),
    Line.TOTAL_WINNER: N_("🏆 {player}: {total}"),
    Line.RESULT_WIN: N_("🏆 {player} wins {score}"),
    Line.RESULT_WIN_WITH: N_("🏆 {player} wins with {score}"),
    Line.RESULT_DRAW: N_("Draw {score}"),
    Line.RESULT_DRAW_WITH: N_("Draw between {players} with {score}"),
    Line.RESULT_SCORED: N_("{player} scores {score}"),
    Line.RESULT_AFTER: N_("{result} ({left})"),
    Line.LEFT_RESIGNED: N_("{player} resigned"),
    Line.LEFT_REMOVED: N_("{player} was removed"),
    Line.LEFT_TIMEOUT: N_("{player} ran out of time"),
    Line.SOLITAIRE_BEST: N_(
        "{score} is the best possible: the proven best with {options} is {best}."
    ),
    Line.SOLITAIRE_SHARE: N_(
        "{score} is {percent}% of the best possible: the proven best with {options} is {best}."
    ),
    Line.SOLITAIRE_RESIGNED: N_("Resigned: a one-player game that is given up has no result."),
    Line.SOLITAIRE_COUNTS: N_("One-player games count for `/solitaire`, not for the leaderboard."),
    Line.RESIGNED: N_("{player} resigned."),
    Line.REMOVED: N_("{player} was removed."),
    Line.REMOVED_BY: N_("{player} was removed by {host}."),
    Line.OUT_OF_TIME: N_("{player} ran out of time."),
    Line.OUT_OF_TIME_LEAVES: N_("{player} ran out of time and leaves."),
    Line.REFEREE_PLAYS: N_("The referee plays their moves from now on; they cannot win."),
    Line.REFEREE_PLAYED: N_("The referee played the move of {players}."),
    Line.TIME_RAN_OUT: N_("Time ran out for {players}: the referee played a move for them."),
    Line.REMINDER_AUTO: N_(
        "⏰ {left} left to move in {game}; then the referee will play a move for you."
    ),
    Line.REMINDER_FORFEIT: N_("⏰ {left} left to move in {game}; then you will leave the game."),
    Line.PROPOSES_CANCEL: N_(
        "The host proposes to cancel {game}: it would count for no leaderboard."
    ),
    Line.CANCEL_MUST_AGREE: N_(
        "Every other player still in the game must agree: {waiting}. A move made before then "
        "ends the vote."
    ),
    Line.AGREES_CANCEL: N_("{player} agrees to cancel. Waiting for {waiting}."),
    Line.REFUSED_CANCEL: N_("{player} refused to cancel the game: it goes on."),
    Line.REMATCH_LABEL: N_("{game}, the rematch of #{old}"),
    Line.REMATCH_HOST_MAY_START: N_("the host can press Start."),
    Line.REMATCH_AWAITS: NP_(
        "it starts by itself once {players} has joined.",
        "it starts by itself once {players} have joined.",
    ),
    Line.REPLAY_START: N_("The start. Players: {players}"),
    Line.REPLAY_GOING: N_("The game is still going: this is its latest resolved step."),
    Line.REPLAY_CANCELLED: N_("The game was cancelled here; it counts for nobody."),
    Line.REPLAY_OVER: N_("Game over: {result}."),
    Line.NONE: N_("none"),
    Line.GAMES: NP_("{n} game", "{n} games"),
    Line.SERVERS: NP_("{n} server", "{n} servers"),
    Line.FINISHED_GAMES: NP_("{n} finished game", "{n} finished games"),
    Line.HELD_STANDINGS: N_("- your standings: {games} in {servers}"),
    Line.HELD_NO_STANDINGS: N_("- your standings: none"),
    Line.HELD_RATED: N_("- your rating after each rated game (the chart of `/stats`): {games}"),
    Line.HELD_BESTS: N_("- your one-player bests: {count}"),
    Line.HELD_VERSUS: N_("- your records against the computer (per game and level): {count}"),
    Line.HELD_VOTES: N_("- your agreements to cancel a game: {count}"),
    Line.HELD_INVITATIONS: N_("- your invitations to rematch lobbies: {count}"),
    Line.HELD_SEASONS: N_("- your standings in seasons (per game and season): {count}"),
    Line.HELD_SEATS: N_(
        "- your name and Discord id in {games} (each such seat becomes “{former}”)"
    ),
    Line.HELD_HOSTED_SEATS: NP_(
        "- your name and Discord id in {games}, {n} of them hosted by you (each such seat "
        "becomes “{former}”)",
        "- your name and Discord id in {games}, {n} of them hosted by you (each such seat "
        "becomes “{former}”)",
    ),
    Line.HELD_NO_SEATS: N_("- your seats in finished games: none"),
    Line.KEPT: N_(
        "The moves and results of those games stay, under “{former}”, so no other player's "
        "result or standing changes."
    ),
}

ASKS: dict[Code, Wording] = {
    Ask.NO_GAME_HERE: N_("There is no game #{number} in this server."),
    Ask.SERVER_ONLY: N_("Use this command in a server channel."),
    Ask.SEVERAL_HERE: N_("Several games are open here: {games}. Add `game:` with the number."),
    Ask.STILL_A_LOBBY: N_(
        "{game} is still a lobby: the host presses Start (it starts by itself when full)."
    ),
    Ask.STILL_LOBBIES: N_(
        "The games here are still lobbies: {games}. Their hosts press Start (each starts by "
        "itself when full)."
    ),
    Ask.STARTED_ALREADY: N_("{game} has already started; `/newgame` opens a new one."),
    Ask.ALL_STARTED: N_(
        "The games here have already started: {games}. `/newgame` opens a new one."
    ),
    Ask.NO_OPEN_LOBBY: N_(
        "There is no open lobby in this channel. `/games` lists this server's games; "
        "`/newgame` starts one."
    ),
    Ask.NO_OPEN_GAME: N_(
        "There is no open game in this channel. `/games` lists this server's games; "
        "`/newgame` starts one."
    ),
    Ask.OTHER_PLAYERS_BUTTON: N_("This button is for another player."),
    Ask.NOT_WAITING_ON_YOU: N_("{game} is not waiting for a move from you."),
    Ask.NOT_PLAYING_NUMBER: N_("You are not playing a game #{number} that is under way."),
    Ask.NO_SECRET_AWAITED: N_(
        "No game is waiting for a secret move from you right now. Turn moves go in the "
        "game's channel with `/move`."
    ),
    Ask.SEVERAL_WAITING: N_(
        "Several games are waiting for you: {games}. Answer with the game number first, "
        "e.g. {example}."
    ),
    Ask.EMPTY_DM: N_("Send your move as text, e.g. `17`, or `#12 17` for game #12."),
    Ask.MOVE_TOO_LONG: N_("A move is at most {limit} characters."),
    Ask.NEVER_STARTED: N_("{game} never started; it has no moves to record."),
    Ask.NO_SEASONS_VERSUS: N_(
        "Games against the computer have no seasons: `/leaderboard vs:computer` shows their "
        "table since the first game."
    ),
}

TEMPLATES: dict[Code, Wording] = {
    **REFUSALS,
    **REPLIES,
    **CANCELS,
    **LINES,
    **ASKS,
    **TOURNAMENT_WORDINGS,
}
"""Every code's wording."""
