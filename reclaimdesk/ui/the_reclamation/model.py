"""Plain data that The Reclamation's items paint, and the words the table uses.

The controller builds these from the engine's state; items only draw them. No
Qt here, so the sentences can be tested on their own.
"""

from __future__ import annotations

from dataclasses import dataclass

from reclaimdesk.core.grid import Cell, cell_name
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
    TargetPreview,
    TheReclamationState,
)
from reclaimdesk.ui.the_reclamation.geometry import Orientation

RULE_NAMES = {"garden": "Garden", "throne": "Throne"}
GOALS = {
    "garden": f"Cover {GARDEN_SQUARES_TO_WIN} squares with your stones (your Gardener counts).",
    "throne": (f"Leave your opponent without a Gardener, or take {THRONE_CAPTURES_TO_WIN} stones "
               "from their Gardeners."),
}


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
    return FACTIONS[seat]


EFFECT_WORDS = {
    STACK: "one of your stones goes on top of your stone here",
    PLACE: "one of your stones is placed on this empty square",
    TAKE: "the top stone here is taken and joins your hand (usable from your next turn)",
    TAKE_GARDENER: "a stone is taken from this Gardener and kept apart (it counts towards the Throne win)",
    NOTHING: "nothing changes here",
}
EFFECT_LABELS = {STACK: "+1 stack", PLACE: "+1 place", TAKE: "take 1", TAKE_GARDENER: "take 1 (kept)",
                 NOTHING: "no change"}


def describe_target(p: TargetPreview) -> str:
    """A status-bar line for one square of a card's preview."""
    text = EFFECT_WORDS.get(p.effect, p.effect)
    if p.effect == NOTHING and p.reason:
        text = f"{text}: {p.reason}"
    if p.optional:
        text += "; your hand is short, so you will choose which of these squares get stones"
    return f"{cell_name(p.cell)}: {text}."


def summarise_preview(marks: list[TargetPreview], hand: int | None = None) -> str:
    """'places 2 stones, takes 1 stone' for a card's preview; with a short hand
    (``hand`` stones), how many of the offered squares get one."""
    counts: dict[str, int] = {}
    for m in marks:
        counts[m.effect] = counts.get(m.effect, 0) + 1
    parts = []
    short = [m for m in marks if m.optional]
    for effect, verb in ((STACK, "stacks"), (PLACE, "places")):
        n = counts.get(effect, 0)
        if not n:
            continue
        if hand is not None and any(m.effect == effect for m in short):
            given = hand if effect == STACK else hand - counts.get(STACK, 0)
            parts.append(f"{verb} {_stones(given)} on {given} of these {n} squares (you choose which)")
        else:
            parts.append(f"{verb} {_stones(n)}")
    if counts.get(TAKE):
        parts.append(f"takes {_stones(counts[TAKE])}")
    if counts.get(TAKE_GARDENER):
        parts.append(f"takes {_stones(counts[TAKE_GARDENER])} from a Gardener")
    if not parts:
        return "changes nothing"
    text = ", ".join(parts)
    if short and hand is None:
        text += " (you choose where your last stones go)"
    return text


def _stones(n: int) -> str:
    return f"{n} stone{'s' if n != 1 else ''}"


@dataclass(frozen=True)
class EndStory:
    """How a game ended, in words: a headline, why, and the winner's seat (or None)."""

    headline: str
    why: str
    winner: int | None
    kind: str
    """'squares', 'no-gardener', 'taken', 'no-move', 'no-card', 'draw' or 'other'."""


def end_story(state: TheReclamationState, names: list[str], sides: list[str] | None = None) -> EndStory:
    """Who won and why, worked out from the final position (not from the engine's
    wording), for the end screen and the status bar.

    ``names`` name the seats in the headline ("You", "The AI", "Ada (Flower)");
    ``sides`` name them in the explanation (default: "Flower", "Tendril").
    """
    winner = state.winner
    if winner is None:
        return EndStory("The game goes on", "", None, "other")
    if winner == DRAW:
        return EndStory("A draw", f"Nobody won within {TURN_LIMIT} turns ({TURN_LIMIT // 2} each), so the game "
                        "ends without a winner. Stones kept changing hands back and forth.", None, "draw")
    loser = 1 - winner
    w = names[winner]
    headline = f"{w} win{'' if w == 'You' else 's'}"
    fw, fl = (sides or list(FACTIONS))[winner], (sides or list(FACTIONS))[loser]
    if state.rules == "garden" and state.occupied_squares(winner) >= GARDEN_SQUARES_TO_WIN:
        why = (f"The stones of {fw} now cover {state.occupied_squares(winner)} squares, the Gardener "
               f"included: reaching {GARDEN_SQUARES_TO_WIN} squares wins the Garden game at once.")
        return EndStory(headline, why, winner, "squares")
    if state.rules == "throne" and not state.gardeners(loser):
        why = (f"{fl} has no Gardener left: every stack of three of its stones has lost a stone. "
               "A player without a Gardener loses the Throne game.")
        return EndStory(headline, why, winner, "no-gardener")
    if state.rules == "throne" and state.taken_from_gardeners(winner) >= THRONE_CAPTURES_TO_WIN:
        why = (f"{fw} has taken {state.taken_from_gardeners(winner)} stones from the Gardeners of {fl}: "
               f"{THRONE_CAPTURES_TO_WIN} such stones win the Throne game.")
        return EndStory(headline, why, winner, "taken")
    if state.player == loser and state.active < 0:
        several = state.rules == "throne" and len(state.gardeners(loser)) > 1
        what = f"No Gardener of {fl} could move" if several else f"The Gardener of {fl} could not move"
        why = (f"{what}: every neighbouring square holds stones. A player who cannot move "
               "at the start of their turn loses.")
        return EndStory(headline, why, winner, "no-move")
    if state.player == loser:
        cards = ", ".join(str(n) for n in state.available_cards(loser))
        plural = "s" if len(state.available_cards(loser)) > 1 else ""
        why = (f"After moving, {fl} held no card (card{plural} {cards} left) that would change anything on "
               "the board: nothing to stack, place or take. A Reclamation must change something, so "
               f"{fl} loses.")
        return EndStory(headline, why, winner, "no-card")
    why = state.end_reason_text()
    return EndStory(headline, why[:1].upper() + why[1:] + ".", winner, "other")

