"""Looking on: /board, /score, /rules, /games, /history and /leaderboard."""

from __future__ import annotations

import io
import json
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal

import discord
from discord import app_commands
from discord.ext import commands

from cogs.boards import draw
from cogs.catalogue import N_, NP_, WORDS, Ask
from cogs.context import GAME_ID, find_match
from cogs.delivery import embed_for
from cogs.lists import EMBED_TEXT, fit_list
from cogs.replies import NO_MENTIONS, answer_failure, reply, words_for
from cogs.season_words import board_note, board_title, empty_season, season_choices
from cogs.speech import Words
from cogs.words import prose_name
from players import LEVELS
from referee import announce
from referee.codes import Line
from referee.errors import RefereeError
from referee.match import ACTIVE, LOBBY, OVER
from referee.notices import Style
from referee.rows import Standing
from referee.safe_text import board_name
from referee.seasons import ALL_TIME
from referee.speech import Listed, Person, say
from referee.standings import PROVISIONAL_GAMES, provisional, shown_rating
from rules import GAMES
from rules.base import Game, clip

if TYPE_CHECKING:
    from bot import RefereeBot

GAME_CHOICES = [app_commands.Choice(name=g.title, value=slug) for slug, g in GAMES.items()]

HEAD = N_("**{game}**")
WAITING_FOR = N_("Waiting for: {players}")
NO_SUCH_GAME = N_("There is no game {game}.")
OPTION = N_("{name}: {help}; {low} to {high}, default {default}")
OPTION_OR_NONE = N_("{name}: {help}; {low} to {high} or none, default {default}")
EXACTLY = N_("exactly {n}")
PLAYERS = N_("**Players:** {players}")
MOVES = N_("**Moves:** {notation}")
OPTIONS = N_("**Options:**\n{options}")
START = N_("**Start:** {command}")
NO_OPEN_GAMES = N_("No games are open in this server. `/newgame` starts one.")
OPEN_GAMES = N_("Open games")
OPEN_LOBBY = N_("#{number} {game} in {channel}, lobby: {players}")
OPEN_PLAYING = N_("#{number} {game} in {channel}, playing: {players}")
RECORD_OVER = N_("Record of {game}. Replay it with `python -m rules replay FILE`.")
RECORD_SO_FAR = N_(
    "Record of {game} (moves so far; sealed moves not yet revealed stay out). Replay it with "
    "`python -m rules replay FILE`."
)
ALL_GAMES = N_("all games")
VERSUS_TITLE = N_("Against the computer: {games}")
LEADERBOARD_TITLE = N_("Leaderboard: {games}")
NO_FINISHED_GAMES = N_("No finished games here yet.")
NO_MEMBERS_GAMES = N_(
    "No finished game among members here yet: games against the computer count under "
    "`/leaderboard vs:computer`."
)
NO_COMPUTER_GAMES = N_(
    "No finished game against the computer here yet: `/newgame` with `computer:` starts one."
)
STANDINGS_HEAD = N_("#  player           games wins draws   points  rating")
VERSUS_HEAD = N_("#  player           rating {levels}")
"""The heads of the tables, in code spans: a translation keeps each column's width."""
LEVEL_RATING = NP_("{level} {rating} ({n} game)", "{level} {rating} ({n} games)")
LEVELS_LINE = N_("Levels: {levels}")
VERSUS_NOTE = N_(
    "Against each level: wins-draws-losses. Members and levels are rated on one scale, from "
    "games with a computer only. {rating}"
)
RATING_NOTE = N_(
    "Rating: everyone starts at 1000 and climbs by winning, most against strong players; "
    "? = fewer than {games} games (`/help` says how it is worked out)."
)
HELP_TITLE = N_("How to play here")
HELP = N_(
    "Seven paper-and-pencil games by Leroy Quet, refereed here.\n"
    "- `/newgame` opens a lobby in this channel (add `computer:` to play the computer); others "
    "press Join or use `/join`, and the host presses Start.\n"
    "- Turn moves: `/move`. Secret moves: send them to me by DM (or use the button I post if "
    "your DMs are closed).\n"
    "- `/board`, `/score`, `/games`, `/replay` and `/history` look on; `/rules` explains a game; "
    "`/resign` gives up; `/cancel` and `/remove` are for hosts and moderators.\n"
    "- `/leaderboard`, `/season`, `/stats` and `/solitaire` show results; `/forget-me` deletes "
    "your data.\n"
    "- Ratings: each game among members updates an OpenSkill (Plackett-Luce) estimate of your "
    "skill, mu, and its uncertainty, sigma; the rating shown is 1000 + 40 × (mu − 3 sigma), "
    "rounded, so it rises as you win and as the bot grows sure of you. Games against the "
    "computer are rated apart (`/leaderboard vs:computer`)."
)


def rating_note(words: Words) -> str:
    """How the tables' ratings are made, in these words."""
    return words(RATING_NOTE, games=PROVISIONAL_GAMES)


def player_range(game: Game[Any], words: Words) -> str:
    """How many play a game: 'exactly 2' or '2 to 8'."""
    if game.min_players == game.max_players:
        return words(EXACTLY, n=game.min_players)
    return words(WORDS["range"], low=game.min_players, high=game.max_players)


class Info(commands.Cog):
    """Boards, scores, rules, lists and records."""

    def __init__(self, bot: RefereeBot) -> None:
        self.bot = bot

    @app_commands.command(name="board", description="Show a game's board (privately).")
    @app_commands.describe(game=GAME_ID)
    @app_commands.guild_only()
    async def board(self, interaction: discord.Interaction, game: int | None = None) -> None:
        try:
            match = await find_match(interaction, game, (ACTIVE, OVER))
            seat = match.seat_of(interaction.user.id)
            viewer = seat.seat if seat else None
            drawn = await draw(announce.board(match, viewer), words_for(interaction))
        except RefereeError as e:
            await answer_failure(interaction, e)
            return
        words = words_for(interaction)
        await reply(
            interaction,
            f"{words(HEAD, game=words.field(match.ref))}\n{drawn.fallback()}",
            drawn.files(),
        )

    @app_commands.command(name="score", description="Show a game's scores (privately).")
    @app_commands.describe(game=GAME_ID)
    @app_commands.guild_only()
    async def score(self, interaction: discord.Interaction, game: int | None = None) -> None:
        try:
            match = await find_match(interaction, game, (ACTIVE, OVER))
            p = match.require_progress()
        except RefereeError as e:
            await answer_failure(interaction, e)
            return
        words = words_for(interaction)
        totals = p.game.scores(p.state)
        lines = [
            words.text(
                say(
                    Line.TOTAL_LEFT if match.resigned(s.seat) else Line.TOTAL,
                    player=Person(s.name),
                    total=totals[s.seat],
                )
            )
            for s in match.seats
        ]
        waiting = [Person(match.seats[s].name) for s in match.waiting_on()]
        if waiting:
            lines.append(words(WAITING_FOR, players=words.field(Listed.of(waiting))))
        head = words(HEAD, game=words.field(match.ref))
        await reply(interaction, head + "\n" + "\n".join(lines))

    @app_commands.command(name="rules", description="A game's rules and move notation.")
    @app_commands.describe(game="which game")
    @app_commands.choices(game=GAME_CHOICES)
    async def rules(self, interaction: discord.Interaction, game: str) -> None:
        words = words_for(interaction)
        g = GAMES.get(game)
        if g is None:
            await reply(interaction, words(NO_SUCH_GAME, game=f"`{clip(game)}`"))
            return
        options = "\n".join(
            words(
                OPTION_OR_NONE if o.none_allowed else OPTION,
                name=f"`{words.name(o.name)}`",
                help=words.phrase(o.help),
                low=o.low,
                high=o.high,
                default=words.phrase(o.default_help),
            )
            for o in g.options
        )
        lines = [
            words.phrase(g.summary),
            "",
            words(PLAYERS, players=player_range(g, words)),
            words(MOVES, notation=words.phrase(g.notation)),
            words(OPTIONS, options=options),
            words(START, command=f"`{words.command('newgame', g.slug)}`"),
        ]
        await interaction.response.send_message(
            embed=embed_for(g.title, lines, Style.NOTICE, words), ephemeral=True
        )

    @app_commands.command(name="games", description="This server's open games.")
    @app_commands.guild_only()
    async def games(self, interaction: discord.Interaction) -> None:
        words = words_for(interaction)
        matches = await self.bot.referee.open_matches(interaction.guild_id or 0)
        if not matches:
            await reply(interaction, words(NO_OPEN_GAMES))
            return
        lines = [
            words(
                OPEN_LOBBY if m.status == LOBBY else OPEN_PLAYING,
                number=m.id,
                game=m.game.title,
                channel=f"<#{m.row.channel_id}>",
                players=", ".join(
                    prose_name(words.seat_name(s.name, s.computer is not None)) for s in m.seats
                ),
            )
            for m in matches
        ]
        text = fit_list(lines, EMBED_TEXT, sep="\n", more=words.more())
        await interaction.response.send_message(
            embed=embed_for(words(OPEN_GAMES), [text], Style.NOTICE, words), ephemeral=True
        )

    @app_commands.command(name="history", description="A game's record as a JSON file.")
    @app_commands.describe(game="the game's number (#id)")
    @app_commands.guild_only()
    async def history(self, interaction: discord.Interaction, game: int) -> None:
        try:
            match = await find_match(interaction, game, (LOBBY, ACTIVE, OVER))
            if match.row.settled is None:
                raise RefereeError(Ask.NEVER_STARTED, game=match.ref)
        except RefereeError as e:
            await answer_failure(interaction, e)
            return
        data = json.dumps(match.history(), indent=1).encode()
        file = discord.File(io.BytesIO(data), filename=f"game-{match.id}-{match.row.game}.json")
        words = words_for(interaction)
        record = RECORD_OVER if match.status == OVER else RECORD_SO_FAR
        await interaction.response.send_message(
            words(record, game=words.field(match.ref)),
            file=file,
            ephemeral=True,
        )

    @app_commands.command(name="leaderboard", description="This server's standings.")
    @app_commands.describe(
        game="one game; all games when left out",
        vs="members: games among members (the default); computer: games against the computer",
        season="a season (2026-11) or all-time; with seasons on, the current one when left out",
    )
    @app_commands.choices(game=GAME_CHOICES)
    @app_commands.guild_only()
    async def leaderboard(
        self,
        interaction: discord.Interaction,
        game: str | None = None,
        vs: Literal["members", "computer"] | None = None,
        season: str | None = None,
    ) -> None:
        words = words_for(interaction)
        guild_id = interaction.guild_id or 0
        where = GAMES[game].title if game else words(ALL_GAMES)
        if vs == "computer":
            if season is not None and season.strip().lower() != ALL_TIME:
                await answer_failure(interaction, RefereeError(Ask.NO_SEASONS_VERSUS))
                return
            lines = await self._versus_lines(guild_id, game, words)
            title = words(VERSUS_TITLE, games=where)
        else:
            try:
                board = await self.bot.referee.season_board(guild_id, game, season)
            except RefereeError as e:
                await answer_failure(interaction, e)
                return
            if not board.standings and board.season is not None:
                await reply(interaction, empty_season(board.season, words))
                return
            lines = standing_lines(board.standings, words)
            title = board_title(board, where, season, words) or words(
                LEADERBOARD_TITLE, games=where
            )
            note = board_note(board, words)
            lines += [note] if lines and note else []
        if not lines:
            await reply(interaction, words(await self._why_empty(interaction, game, vs)))
            return
        await interaction.response.send_message(
            embed=embed_for(title, lines, Style.NOTICE, words), allowed_mentions=NO_MENTIONS
        )

    async def _why_empty(
        self, interaction: discord.Interaction, game: str | None, vs: str | None
    ) -> str:
        """Why a leaderboard has no line: nothing finished, or only games of the other kind."""
        referee, guild_id = self.bot.referee, interaction.guild_id or 0
        if vs == "computer":
            return NO_COMPUTER_GAMES
        versus, _ = await referee.versus_standings(guild_id, game)
        return NO_MEMBERS_GAMES if versus else NO_FINISHED_GAMES

    @app_commands.command(name="help", description="How to play, and how ratings are worked out.")
    async def help(self, interaction: discord.Interaction) -> None:
        words = words_for(interaction)
        embed = embed_for(words(HELP_TITLE), words(HELP).split("\n"), Style.NOTICE, words)
        await interaction.response.send_message(
            embed=embed, ephemeral=True, allowed_mentions=NO_MENTIONS
        )

    @leaderboard.autocomplete("season")
    async def season_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        """The server's seasons, newest first, and the all-time table."""
        return await season_choices(self.bot, interaction, current)

    async def _versus_lines(self, guild_id: int, game: str | None, words: Words) -> list[str]:
        """Each member's rating and wins-draws-losses against each level, then the levels'."""
        rows, levels = await self.bot.referee.versus_standings(guild_id, game)
        if not rows:
            return []
        columns = LevelColumns(words)
        lines = [f"`{words(VERSUS_HEAD, levels=columns.head)}`"]
        for i, r in enumerate(rows, 1):
            records = columns.row(r.records)
            name = board_name(words.seat_name(r.name, False), 16)
            lines.append(f"`{i:<2} {name:<16} {rating_text(r.mu, r.sigma, r.games):>6} {records}`")
        if levels:
            rated = " · ".join(
                words.plural(
                    *LEVEL_RATING,
                    lv.games,
                    level=words.level(lv.level),
                    rating=shown_rating(lv.mu, lv.sigma),
                )
                for lv in sorted(levels, key=lambda lv: list(LEVELS).index(lv.level))
            )
            lines.append(words(LEVELS_LINE, levels=rated))
        lines.append(words(VERSUS_NOTE, rating=rating_note(words)))
        return lines


def standing_lines(rows: list[Standing], words: Words) -> list[str]:
    """The standings among members, a line each (none without a row)."""
    if not rows:
        return []
    lines = [f"`{words(STANDINGS_HEAD)}`"]
    for i, r in enumerate(rows, 1):
        points = str(r.points) if len(str(r.points)) <= 8 else f"{str(r.points)[:6]}…"
        name = board_name(words.seat_name(r.name, False), 16)
        lines.append(
            f"`{i:<2} {name:<16} {r.games:>5} {r.wins:>4} {r.draws:>5} "
            f"{points:>8} {rating_text(r.mu, r.sigma, r.games):>7}`"
        )
    lines.append(rating_note(words))
    return lines


def rating_text(mu: float, sigma: float, games: int) -> str:
    """A rating as the tables show it, marked ? while provisional."""
    return f"{shown_rating(mu, sigma)}{'?' if provisional(games) else ''}"


class LevelColumns:
    """The tables' columns of records against each computer level, headed by the levels'
    names in the reader's language, each as wide as its name (a record fits in 7)."""

    def __init__(self, words: Words) -> None:
        names = [words.level(level) for level in LEVELS]
        self.widths = [max(7, len(name)) for name in names]
        self.head = "  ".join(f"{n:<{w}}" for n, w in zip(names, self.widths, strict=True))
        self.head = self.head.rstrip()

    def row(self, records: Mapping[str, tuple[int, int, int]]) -> str:
        """A member's records against each level, in the columns."""
        cells = (wdl(records.get(lv)) for lv in LEVELS)
        return "  ".join(f"{c:<{w}}" for c, w in zip(cells, self.widths, strict=True)).rstrip()


def wdl(record: tuple[int, int, int] | None) -> str:
    """Games, wins and draws against a level as 'wins-draws-losses' ('-' for none)."""
    if record is None:
        return "-"
    games, wins, draws = record
    return f"{wins}-{draws}-{games - wins - draws}"


async def setup(bot: RefereeBot) -> None:
    """Add the info cog."""
    await bot.add_cog(Info(bot))
