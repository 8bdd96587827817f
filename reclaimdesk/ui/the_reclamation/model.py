"""Plain data that The Reclamation's items paint, and the words the table uses.

The controller builds these from the engine's state; items only draw them. No
Qt here, so the sentences can be tested on their own.
"""

from __future__ import annotations

from dataclasses import dataclass

from reclaimdesk.core.grid import Cell, cell_name
from reclaimdesk.core.i18n import N_, _, ngettext
from reclaimdesk.games.the_reclamation.components import FACTIONS, board_offset
from reclaimdesk.games.the_reclamation.state import (
    DRAW,
    GARDEN_SQUARES_TO_WIN,
    NOTHING,
    PLACE,
    STACK,
    TAKE,
    TAKE_GARDENER,
    THRONE_CAPTURES_TO_WIN,
    TURN_LIMIT,
    Consequence,
    TargetPreview,
    TheReclamationState,
)
from reclaimdesk.ui.text import sentence
from reclaimdesk.ui.the_reclamation.geometry import Orientation

RULE_NAMES = {"garden": N_("Garden"), "throne": N_("Throne")}
GOALS = {
    "garden": N_("Cover {squares} squares with your stones (your Gardener counts)."),
    "throne": N_("Leave your opponent without a Gardener, or take {stones} stones from their Gardeners."),
}


def rule_name(rules: str) -> str:
    """'Garden' or 'Throne' in the current language."""
    return _(RULE_NAMES[rules]) if rules in RULE_NAMES else rules


def goal(rules: str) -> str:
    """How a rule set is won, in the current language."""
    if rules not in GOALS:
        return ""
    return _(GOALS[rules]).format(squares=GARDEN_SQUARES_TO_WIN, stones=THRONE_CAPTURES_TO_WIN)


@dataclass(frozen=True)
class StackView:
    cell: Cell
    owner: int
    height: int


@dataclass(frozen=True)
class CardFace:
    """One card as it lies on the table: its pattern as screen steps ``(down,
    right)`` from the Gardener (already turned for the player's side), and its
    state."""

    seat: int
    number: int
    name: str
    rules: str
    steps: tuple[tuple[int, int], ...]
    owner_at_bottom: bool
    used: bool = False
    selected: bool = False
    hinted: bool = False
    useless: bool = False
    """Playable now, but it would change nothing from where the Gardener stands."""
    last: bool = False
    """The only card left: using it brings the other three back."""
    outcome: str = ""
    """What playing it does to the game at once (a :class:`Consequence` kind:
    ``"boxed"``, ``"lose"``, ``"win"``, ``"draw"``), '' when nothing."""


@dataclass(frozen=True)
class TrayView:
    seat: int
    name: str
    role: str
    rules: str
    hand: int
    taken: int
    kept: int
    squares: int
    gardeners: int
    to_move: bool
    winner: bool = False
    at_bottom: bool = False


def card_steps(state: TheReclamationState, seat: int, number: int, o: Orientation) -> tuple[tuple[int, int], ...]:
    """Card ``number``'s squares for ``seat`` as screen steps, so that the picture
    matches what the card does on the board as seen on screen."""
    out = []
    for forward, right in state.card_offsets(number):
        drow, dcol = board_offset(seat, forward, right)
        out.append(o.screen_delta(drow, dcol))
    return tuple(out)


def faction(seat: int) -> str:
    """'Flower' or 'Tendril' in the current language."""
    return _(FACTIONS[seat])


EFFECT_WORDS = {
    STACK: N_("one of your stones goes on top of your stone here"),
    PLACE: N_("one of your stones is placed on this empty square"),
    TAKE: N_("the top stone here is taken and joins your hand (usable from your next turn)"),
    TAKE_GARDENER: N_("a stone is taken from this Gardener and kept apart (it counts towards the Throne win)"),
    NOTHING: N_("nothing changes here"),
}
EFFECT_LABELS = {STACK: N_("+1 stack"), PLACE: N_("+1 place"), TAKE: N_("take 1"), TAKE_GARDENER: N_("take 1 (kept)"),
                 NOTHING: N_("no change")}


def effect_label(effect: str) -> str:
    """The short word a previewed square shows ('+1 stack', 'take 1'...)."""
    return _(EFFECT_LABELS[effect]) if effect in EFFECT_LABELS else effect


def describe_target(p: TargetPreview) -> str:
    """A status-bar line for one square of a card's preview."""
    text = _(EFFECT_WORDS[p.effect]) if p.effect in EFFECT_WORDS else p.effect
    if p.effect == NOTHING and p.reason:
        text = _("{effect}: {reason}").format(effect=text, reason=p.reason)
    if p.optional:
        text = _("{effect}; your hand is short, so you will choose which of these squares get stones").format(
            effect=text)
    return _("{square}: {effect}.").format(square=cell_name(p.cell), effect=text)


def summarise_preview(marks: list[TargetPreview], hand: int | None = None) -> str:
    """'places 2 stones, takes 1 stone' for a card's preview; with a short hand
    (``hand`` stones), how many of the offered squares get one."""
    counts: dict[str, int] = {}
    for m in marks:
        counts[m.effect] = counts.get(m.effect, 0) + 1
    parts = []
    short = [m for m in marks if m.optional]
    for effect in (STACK, PLACE):
        n = counts.get(effect, 0)
        if not n:
            continue
        if hand is not None and any(m.effect == effect for m in short):
            given = hand if effect == STACK else hand - counts.get(STACK, 0)
            if effect == STACK:
                text = ngettext("stacks {count} stone on {count} of these {squares} squares (you choose which)",
                                "stacks {count} stones on {count} of these {squares} squares (you choose which)",
                                given)
            else:
                text = ngettext("places {count} stone on {count} of these {squares} squares (you choose which)",
                                "places {count} stones on {count} of these {squares} squares (you choose which)",
                                given)
            parts.append(text.format(count=given, squares=n))
        elif effect == STACK:
            parts.append(ngettext("stacks {count} stone", "stacks {count} stones", n).format(count=n))
        else:
            parts.append(ngettext("places {count} stone", "places {count} stones", n).format(count=n))
    if counts.get(TAKE):
        n = counts[TAKE]
        parts.append(ngettext("takes {count} stone", "takes {count} stones", n).format(count=n))
    if counts.get(TAKE_GARDENER):
        n = counts[TAKE_GARDENER]
        parts.append(ngettext("takes {count} stone from a Gardener", "takes {count} stones from a Gardener",
                              n).format(count=n))
    if not parts:
        return _("changes nothing")
    text = _(", ").join(parts)
    if short and hand is None:
        text = _("{effects} (you choose where your last stones go)").format(effects=text)
    return text


@dataclass(frozen=True)
class EndStory:
    """How a game ended, in words: a headline, why, and the winner's seat (or None)."""

    headline: str
    why: str
    winner: int | None
    kind: str
    """'squares', 'no-gardener', 'taken', 'no-move', 'no-card', 'draw' or 'other'."""


def warning_text(consequence: Consequence | None, other: str, several: bool = False) -> str:
    """The warning a card's or a move's preview gives about what it does to the game
    at once ('' when nothing): ``other`` names the opponent; ``several``: the
    player has more than one Gardener (Throne)."""
    if consequence is None:
        return ""
    kind = consequence.kind
    if kind == "boxed":
        if consequence.always:
            text = (_("Warning: this leaves none of your Gardeners an empty square to move to. Unless {other}'s "
                      "turn frees one, you lose when your next turn starts.") if several else
                    _("Warning: this leaves your Gardener no empty square to move to. Unless {other}'s turn "
                      "frees one, you lose when your next turn starts."))
        else:
            text = (_("Warning: depending on where your last stones go, this can leave none of your Gardeners "
                      "an empty square to move to; unless {other}'s turn frees one, you then lose.") if several
                    else _("Warning: depending on where your last stones go, this can leave your Gardener no "
                           "empty square to move to; unless {other}'s turn frees one, you then lose."))
        return text.format(other=other)
    reason = consequence.reason_text
    if kind == "lose":
        return (_("Warning: you lose at once ({reason}).") if consequence.always else
                _("Warning: depending on where your last stones go, you can lose at once ({reason}).")).format(
            reason=reason)
    if kind == "draw":
        return _("This ends the game in a draw ({reason}).").format(reason=reason)
    return (_("This wins the game at once ({reason}).") if consequence.always else
            _("Depending on where your last stones go, this wins the game at once ({reason}).")).format(
        reason=reason)


def boxed_in_story(state: TheReclamationState, loser: int, sides: list[str]) -> str:
    """Which turn and card boxed in the Gardener of ``loser`` ('' when not known:
    a position set up with no history)."""
    boxed = state.boxed_by[loser] if 0 <= loser < len(state.boxed_by) else None
    if boxed is None:
        return ""
    card = _(state.cards()[boxed.card - 1].side(state.rules).name) if boxed.card else ""
    if boxed.by == loser:
        return _("{side} boxed its own Gardener in with card {number} ({card}) on turn {turn}, and the turn of "
                 "{other} that followed did not free it.").format(
            side=sides[loser], number=boxed.card, card=card, turn=boxed.turn, other=sides[1 - loser])
    return _("{other} boxed it in with card {number} ({card}) on turn {turn}.").format(
        other=sides[boxed.by], number=boxed.card, card=card, turn=boxed.turn)


def end_story(state: TheReclamationState, names: list[str], sides: list[str] | None = None) -> EndStory:
    """Who won and why, worked out from the final position (not from the engine's
    wording), for the end screen and the status bar.

    ``names`` name the seats in the headline ("You", "The AI", "Ada (Flower)");
    ``sides`` name them in the explanation (default: "Flower", "Tendril"), both
    in the current language.
    """
    winner = state.winner
    if winner is None:
        return EndStory(_("The game goes on"), "", None, "other")
    if winner == DRAW:
        return EndStory(_("A draw"), _("Nobody won within {turns} turns ({each} each), so the game ends without a "
                                       "winner. Stones kept changing hands back and forth.").format(
                            turns=TURN_LIMIT, each=TURN_LIMIT // 2), None, "draw")
    loser = 1 - winner
    w = names[winner]
    headline = _("You win") if w == _("You") else _("{name} wins").format(name=w)
    sides = sides or [faction(0), faction(1)]
    fw, fl = sides[winner], sides[loser]
    if state.rules == "garden" and state.occupied_squares(winner) >= GARDEN_SQUARES_TO_WIN:
        why = _("The stones of {side} now cover {count} squares, the Gardener included: reaching {goal} squares "
                "wins the Garden game at once.").format(side=fw, count=state.occupied_squares(winner),
                                                         goal=GARDEN_SQUARES_TO_WIN)
        return EndStory(headline, why, winner, "squares")
    if state.rules == "throne" and not state.gardeners(loser):
        why = _("{side} has no Gardener left: every stack of three of its stones has lost a stone. "
                "A player without a Gardener loses the Throne game.").format(side=fl)
        return EndStory(headline, why, winner, "no-gardener")
    if state.rules == "throne" and state.taken_from_gardeners(winner) >= THRONE_CAPTURES_TO_WIN:
        why = _("{side} has taken {count} stones from the Gardeners of {other}: {goal} such stones win the Throne "
                "game.").format(side=fw, count=state.taken_from_gardeners(winner), other=fl,
                                goal=THRONE_CAPTURES_TO_WIN)
        return EndStory(headline, why, winner, "taken")
    if state.player == loser and state.active < 0:
        several = state.rules == "throne" and len(state.gardeners(loser)) > 1
        if several:
            why = _("No Gardener of {side} could move: every neighbouring square holds stones. A player who "
                    "cannot move at the start of their turn loses.")
        else:
            why = _("The Gardener of {side} could not move: every neighbouring square holds stones. A player who "
                    "cannot move at the start of their turn loses.")
        why = why.format(side=fl)
        how = boxed_in_story(state, loser, sides)
        if how:
            why = _("{why} {how}").format(why=why, how=how)
        return EndStory(headline, why, winner, "no-move")
    if state.player == loser:
        left = state.available_cards(loser)
        cards = _(", ").join(str(n) for n in left)
        why = ngettext("After moving, {side} held no card (card {cards} left) that would change anything on the "
                       "board: nothing to stack, place or take. A Reclamation must change something, so {side} "
                       "loses.",
                       "After moving, {side} held no card (cards {cards} left) that would change anything on the "
                       "board: nothing to stack, place or take. A Reclamation must change something, so {side} "
                       "loses.", len(left)).format(side=fl, cards=cards)
        return EndStory(headline, why, winner, "no-card")
    why = state.end_reason_text()
    return EndStory(headline, sentence(why), winner, "other")


