"""The rating scale every table shows: a newcomer at 1000, a loss below, a win above."""

from __future__ import annotations

from referee.standings import MODEL, provisional, shown_rating


def test_a_newcomer_shows_1000_a_loss_below_and_a_win_above() -> None:
    """From a newcomer's rating, one game between two newcomers puts the winner above 1000 and
    the loser below, in whole numbers; the raw estimate (about -1.8 for the loser) never."""
    assert shown_rating(MODEL.mu, MODEL.sigma) == 1000
    (won,), (lost,) = MODEL.rate([[MODEL.rating()], [MODEL.rating()]], ranks=[1.0, 2.0])
    up, down = shown_rating(won.mu, won.sigma), shown_rating(lost.mu, lost.sigma)
    assert isinstance(up, int) and isinstance(down, int)
    assert up > 1000 > down > 800
    assert down == round(1000 + 40 * (lost.mu - 3 * lost.sigma))


def test_a_draw_between_newcomers_raises_both_as_the_estimate_grows_surer() -> None:
    """Neither result moves the mean, but each game makes the bot surer, so both rise."""
    (a,), (b,) = MODEL.rate([[MODEL.rating()], [MODEL.rating()]], ranks=[1.0, 1.0])
    assert shown_rating(a.mu, a.sigma) == shown_rating(b.mu, b.sigma) > 1000


def test_few_games_are_provisional() -> None:
    """Fewer than five games mark a rating provisional."""
    assert provisional(0) and provisional(4) and not provisional(5)
