"""How the bot words tournaments: the referee's tournament codes, the formats' and tie-breaks'
names, and the standings' columns (English; other languages in the gettext catalogues)."""

from __future__ import annotations

from cogs.marks import N_, NP_
from referee.codes import Cancel, Line, Refusal, Reply
from referee.speech import Code

Wording = str | tuple[str, str]

FORMAT_NAMES = {
    "swiss": N_("Swiss"),
    "round-robin": N_("round robin"),
    "knockout": N_("knockout"),
}
"""The tournament formats' names as members read them (their ids are `referee.pairings`')."""
TIEBREAK_NAMES = {
    "buchholz": N_("Buchholz"),
    "sonneborn-berger": N_("SB"),
    "head-to-head": N_("H2H"),
    "round-reached": N_("Round"),
}
"""The tie-breaks' column heads (their ids are `referee.pairings`')."""
COLUMNS = {
    "rank": N_("#"),
    "player": N_("Player"),
    "score": N_("Score"),
    "record": N_("W-D-L"),
    "withdrew": N_("withdrew"),
    "bye": N_("bye"),
    "tiebreak": N_("tie-break"),
    "ranked_by": N_("Ranked by score, then {tiebreaks}."),
    "round": N_("Round {number}"),
    "final": N_("Final"),
    "semi_finals": N_("Semi-finals"),
    "quarter_finals": N_("Quarter-finals"),
}
"""The words of a tournament's standings table and bracket."""

REFUSALS: dict[Code, Wording] = {
    Refusal.NO_TOURNAMENT: N_("There is no tournament #{number} in this server."),
    Refusal.NO_OPEN_TOURNAMENT: N_(
        "No tournament is taking entries or under way in this server; "
        "`/tournament create` opens one."
    ),
    Refusal.SEVERAL_TOURNAMENTS: N_(
        "Several tournaments are under way here: {numbers}. Add `tournament:` with the number."
    ),
    Refusal.NO_SUCH_FORMAT: N_("There is no format {format}; formats: {formats}."),
    Refusal.TABLE_SIZE: N_("{game} is not played at tables of that size: {counts} players."),
    Refusal.TOURNAMENT_CLOSED: N_("Tournament #{tournament} has started: it takes no entries."),
    Refusal.TOURNAMENT_ENTERED: N_("You have already entered tournament #{tournament}."),
    Refusal.TOURNAMENT_NOT_ENTERED: N_("You have not entered tournament #{tournament}."),
    Refusal.TOURNAMENT_HOST_ONLY: N_(
        "Only {host}, who opened tournament #{tournament}, or a moderator can do that."
    ),
    Refusal.TOURNAMENT_NEEDS: N_(
        "Tournament #{tournament} needs at least {needed} entrants to start; entered so far: "
        "{entered}."
    ),
    Refusal.TOURNAMENT_NO_MEMBER: N_(
        "Tournament #{tournament} needs at least one member among its entrants."
    ),
    Refusal.TOURNAMENT_ENDED: N_("Tournament #{tournament} is over."),
    Refusal.TOURNAMENT_GAME: N_(
        "{game} is a game of tournament #{tournament}: it is not cancelled alone. A player "
        "may resign, a moderator may remove a player, or the tournament may be cancelled."
    ),
    Refusal.TOURNAMENT_TOO_BIG: N_(
        "Tournament #{tournament} cannot pair that many entrants at tables of that size: "
        "{most} at most."
    ),
    Refusal.TOURNAMENT_CHANGING: N_(
        "Tournament #{tournament} is changing fast right now; try again."
    ),
    Refusal.TOURNAMENT_WITHDRAWN: N_("You have already withdrawn from tournament #{tournament}."),
}
REPLIES: dict[Code, Wording] = {
    Reply.TOURNAMENT_OPENED: N_(
        "Opened tournament #{tournament}. Members enter with `/tournament join`; you start it "
        "with `/tournament start`."
    ),
    Reply.TOURNAMENT_JOINED: NP_(
        "You have entered tournament #{tournament} ({n} entrant).",
        "You have entered tournament #{tournament} ({n} entrants).",
    ),
    Reply.TOURNAMENT_COMPUTER: N_("{player} enters tournament #{tournament}."),
    Reply.TOURNAMENT_LEFT: N_("You have left tournament #{tournament}."),
    Reply.TOURNAMENT_WITHDREW: N_(
        "You have withdrawn from tournament #{tournament}: your game under way is resigned, "
        "and you are not paired again."
    ),
    Reply.TOURNAMENT_STARTED: N_("Tournament #{tournament} has started: round 1 is open."),
    Reply.TOURNAMENT_CANCELLED: N_("Tournament #{tournament} is cancelled."),
}
CANCELS: dict[Code, Wording] = {Cancel.TOURNAMENT: N_("cancelled with its tournament")}
LINES: dict[Code, Wording] = {
    Line.TOURNAMENT_TITLE: N_("Tournament #{tournament}: {game}, {format}"),
    Line.TOURNAMENT_ENTRANTS: NP_("Entrant ({n}): {entrants}", "Entrants ({n}): {entrants}"),
    Line.TOURNAMENT_PLAN: NP_(
        "{n} player a game; rounds: {rounds}", "{n} players a game; rounds: {rounds}"
    ),
    Line.TOURNAMENT_PLAN_BY_FORMAT: NP_(
        "{n} player a game; rounds: as many as the format needs for its entrants",
        "{n} players a game; rounds: as many as the format needs for its entrants",
    ),
    Line.ROUND_TITLE: N_("Tournament #{tournament}: round {round} of {rounds}"),
    Line.ROUND_GAME: N_("{game}: {players}"),
    Line.ROUND_TIEBREAK: N_("{game} (tie-break): {players}"),
    Line.ROUND_BYE: N_("{player} has a bye (1 point)."),
    Line.ROUND_BYE_ON: N_("{player} has a bye and goes on to round {round}."),
    Line.ROUND_FORFEIT: N_("{winners} win by forfeit against {player}, who withdrew."),
    Line.GAME_OF_TOURNAMENT: N_("A game of tournament #{tournament}, round {round}."),
    Line.TOURNAMENT_OVER_TITLE: N_("Tournament #{tournament} ({game}) is over"),
    Line.CHAMPION: N_("{player} wins the tournament!"),
    Line.CHAMPIONS: N_("{players} share first place!"),
    Line.WITHDREW: N_("{player} withdrew from tournament #{tournament}."),
    Line.TOURNAMENT_CANCELLED: N_(
        "Tournament #{tournament} is {reason}; its games under way are cancelled."
    ),
    Line.STANDINGS_TITLE: N_("Tournament #{tournament}: standings after round {round} of {rounds}"),
}
TOURNAMENT_WORDINGS: dict[Code, Wording] = {
    **REFUSALS,
    **REPLIES,
    **CANCELS,
    **LINES,
}
"""Every tournament code's wording."""
