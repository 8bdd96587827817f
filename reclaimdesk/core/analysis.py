"""The AI's view of every decision a person made in a recorded game (issue 23).

:func:`analyse` replays a record; at each decision of a seat whose kind is
``"human"`` (a position where that seat had more than one legal action) it asks an
AI player of the chosen level (``hard`` by default, through the game's public
``spec.agent(level, seed).choose(state)``) what it would have done, and values both
the action played and the AI's action in the game's own unit:

- ``"points"``: the seat's expected final score (Reclaim, Alluvium);
- ``"win"``: the seat's chance to win, from 0 to 1, a shared win counting as its share
  (the two- and three-player games).

Each game brings its evaluator as a plug-in: ``reclaimdesk/games/<pkg>/analysis.py``
calls :func:`register_evaluator` with its game id when imported, and
:func:`evaluator_for` imports that module for a registered game the first time it is
needed (no shared file names a game).

**Nothing hidden is read.** A value is the mean over ``budget`` playouts, each on a
copy of the decision's position made by ``state.determinize(seat, rng)`` (what the
deciding seat could not see, such as the undrawn deck order, is a fresh random guess);
the action is applied to that copy, so even a card the action turns up is a guess.
The AI's own choice is also asked on such a copy. Both values of one decision share
their copies (common random numbers), so their difference measures the two actions,
not the luck of the samples.

**Deterministic from a seed.** Every random choice comes from ``Rng(seed)`` derived
per decision and per sample; budgets are counted in playouts, never in seconds. (An
AI level whose own search is bounded by time, as some games' ``hard`` players are,
may choose differently under another load; the values of a given action do not.)

**On a worker thread.** ``progress(done, total)`` is called after each step and
``cancel()`` before each: when it returns True, :class:`AnalysisCancelled` is raised
and nothing is returned. The result is plain data (:class:`Analysis`), written to and
read from JSON with :meth:`Analysis.to_json` / :meth:`Analysis.from_json`.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Hashable
from typing import Any

from reclaimdesk.core.errors import IllegalActionError, NotationError, RecordError, ReplayError
from reclaimdesk.core.game import TERMINAL, GameState, all_games, get_game
from reclaimdesk.core.i18n import _
from reclaimdesk.core.rng import Rng

ANALYSIS_FORMAT = "reclaimdesk-analysis"
ANALYSIS_VERSION = 1
UNITS = ("points", "win")
COSTLIEST = 3
"""How many decisions are marked as the costliest."""


class AnalysisCancelled(Exception):
    """Raised by :func:`analyse` when its ``cancel`` callable returned True."""


# --- the evaluators (one per game, registered by the game) ------------------
class Evaluator:
    """How a game values positions for the analysis; a game's plug-in makes one
    (or a subclass) and registers it with :func:`register_evaluator`.

    - ``unit``: ``"points"`` (expected final score) or ``"win"`` (chance to win);
    - ``playout_level``: the AI level (``LEVELS``) that plays every seat in playouts;
    - ``default_budget``: playouts per value when the caller gives none;
    - :meth:`stop` and :meth:`estimate` let a game cut a playout short and value the
      position reached with its own evaluation (in the same unit); by default a
      playout runs to the end of the game and :meth:`final` values it.
    """

    def __init__(self, unit: str, playout_level: str = "normal", default_budget: int = 8) -> None:
        if unit not in UNITS:
            raise ValueError(f"unit must be one of {UNITS}, not {unit!r}")
        self.unit = unit
        self.playout_level = playout_level
        self.default_budget = default_budget

    # what a game may override
    def stop(self, start: GameState, world: GameState, actions: int) -> bool:
        """Whether a playout from ``start`` ends at ``world`` (``actions`` played so
        far) before the game does. Default: never."""
        return False

    def estimate(self, world: GameState, seat: int) -> float:
        """The value of an unfinished ``world`` for ``seat`` when :meth:`stop` cut the
        playout short (games that stop early override it)."""
        raise NotImplementedError("an evaluator that stops playouts early must estimate")

    def playout_agent(self, spec: Any, seed: int) -> Any:
        """The player of one seat in a playout: the playout level's AI (a game may
        override it, e.g. to turn off what a level does for variety only)."""
        return spec.agent(self.playout_level, seed)

    def final(self, world: GameState, seat: int) -> float:
        """The value of a finished game: the seat's score, or its share of the win."""
        if self.unit == "points":
            return float(world.scores()[seat])
        winners = world.winners()
        return 1.0 / len(winners) if seat in winners else 0.0

    def hindsight(self, state: GameState, budget: int | None = None,
                  cancel: Callable[[], bool] | None = None) -> dict[str, Any] | None:
        """What the whole game allowed, judged with hindsight (a game that knows how,
        such as a solver reading the real deck), as plain data, or None."""
        return None

    def hindsight_text(self, data: dict[str, Any]) -> str:
        """One line saying :meth:`hindsight`'s result, in the current language."""
        return ""

    # the shared machinery
    def playout(self, world: GameState, seat: int, rng: Rng) -> float:
        """Play ``world`` (a determinized copy, changed in place) on with the playout
        level in every seat, and value where it ends for ``seat``."""
        spec = type(world).spec
        agents: dict[int, Any] = {}
        start = world.clone()
        played = 0
        while not world.is_terminal():
            if self.stop(start, world, played):
                return float(self.estimate(world, seat))
            who = world.current_player
            agent = agents.get(who)
            if agent is None:
                agent = agents[who] = self.playout_agent(spec, rng.derive(f"seat-{who}").seed)
            world.apply(agent.choose(world))
            played += 1
        return self.final(world, seat)

    def value(self, state: GameState, seat: int, rng: Rng, budget: int,
              first: Hashable | None = None) -> float:
        """The mean value for ``seat`` of ``budget`` playouts, each on
        ``state.determinize(seat, ...)`` (with ``first`` applied to it first, when
        given). The same ``rng`` gives the same copies, whatever ``first`` is."""
        budget = max(1, int(budget))
        total = 0.0
        for k in range(budget):
            sample = rng.derive(f"sample-{k}")
            world = state.determinize(seat, sample.derive("world"))
            if first is not None:
                world.apply(first)
            if world.is_terminal():
                total += self.final(world, seat)
            else:
                total += self.playout(world, seat, sample.derive("playout"))
        return total / budget


_EVALUATORS: dict[str, Evaluator] = {}


def register_evaluator(game_id: str, evaluator: Evaluator) -> Evaluator:
    """A game's analysis plug-in registers its evaluator here (when imported)."""
    _EVALUATORS[game_id] = evaluator
    return evaluator


def evaluator_for(game_id: str) -> Evaluator:
    """The evaluator of a registered game: its ``reclaimdesk/games/<pkg>/analysis.py``
    is imported the first time; a game without one raises :class:`RecordError`."""
    if game_id not in _EVALUATORS:
        from reclaimdesk.core.game import import_if_present

        import_if_present(f"reclaimdesk.games.{get_game(game_id).id.replace('-', '_')}.analysis")
    if game_id not in _EVALUATORS:
        raise RecordError(_("no analysis is available for {game}").format(game=_(get_game(game_id).name)))
    return _EVALUATORS[game_id]


def analysable_games() -> list[str]:
    """Ids of the registered games that have an evaluator."""
    out = []
    for spec in all_games():
        try:
            evaluator_for(spec.id)
        except RecordError:
            continue
        out.append(spec.id)
    return out


# --- the result ---------------------------------------------------------------
class Decision:
    """One decision of a person: ``index`` is the action's 0-based place in the
    record's ``actions``; values are in the analysis' unit; ``loss`` is the AI
    action's value minus the played one's (positive: the AI's choice looked better)."""

    FIELDS = ("index", "seat", "played", "ai", "value_played", "value_ai", "loss", "costly")

    def __init__(self, index: int, seat: int, played: str, ai: str, value_played: float,
                 value_ai: float, costly: bool = False) -> None:
        self.index = index
        self.seat = seat
        self.played = played
        self.ai = ai
        self.value_played = value_played
        self.value_ai = value_ai
        self.loss = round(value_ai - value_played, 4)
        self.costly = costly

    def to_dict(self) -> dict[str, Any]:
        return {f: getattr(self, f) for f in self.FIELDS}

    @classmethod
    def from_dict(cls, data: Any) -> "Decision":
        if not isinstance(data, dict):
            raise RecordError(_("an analysis decision must be an object"))
        try:
            index, seat = data["index"], data["seat"]
            played, ai = data["played"], data["ai"]
            vp, va = data["value_played"], data["value_ai"]
            costly = data.get("costly", False)
        except KeyError as exc:
            raise RecordError(_("an analysis decision lacks the field {field}").format(field=exc.args[0])) from None
        ok = (all(isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in (index, seat))
              and isinstance(played, str) and isinstance(ai, str) and isinstance(costly, bool)
              and all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in (vp, va)))
        if not ok:
            raise RecordError(_("an analysis decision has a field of the wrong type"))
        return cls(index, seat, played, ai, float(vp), float(va), costly)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Decision) and self.to_dict() == other.to_dict()

    def __repr__(self) -> str:
        return f"Decision({self.to_dict()!r})"


class Analysis:
    """The analysis of one record: its game, the unit, how it was made (level, seed,
    budget), the decisions in record order and, for a game that offers it, the
    hindsight result (plain data)."""

    def __init__(self, game: str, unit: str, level: str, seed: int, budget: int,
                 decisions: list[Decision], hindsight: dict[str, Any] | None = None) -> None:
        self.game = game
        self.unit = unit
        self.level = level
        self.seed = seed
        self.budget = budget
        self.decisions = decisions
        self.hindsight = hindsight

    def costliest(self) -> list[Decision]:
        """The marked decisions, costliest first."""
        return sorted((d for d in self.decisions if d.costly), key=lambda d: (-d.loss, d.index))

    def to_dict(self) -> dict[str, Any]:
        return {"format": ANALYSIS_FORMAT, "format_version": ANALYSIS_VERSION, "game": self.game,
                "unit": self.unit, "level": self.level, "seed": self.seed, "budget": self.budget,
                "decisions": [d.to_dict() for d in self.decisions], "hindsight": self.hindsight}

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False, sort_keys=True)

    @classmethod
    def from_dict(cls, data: Any) -> "Analysis":
        if not isinstance(data, dict) or data.get("format") != ANALYSIS_FORMAT:
            raise RecordError(_("not an analysis (field 'format' is missing or wrong)"))
        version = data.get("format_version")
        if not isinstance(version, int) or not 1 <= version <= ANALYSIS_VERSION:
            raise RecordError(_("analysis format version {version} is not one this app understands")
                              .format(version=version))
        game, unit, level = data.get("game"), data.get("unit"), data.get("level")
        seed, budget = data.get("seed"), data.get("budget")
        decisions = data.get("decisions")
        hindsight = data.get("hindsight")
        if not (isinstance(game, str) and unit in UNITS and isinstance(level, str)
                and isinstance(seed, int) and isinstance(budget, int) and isinstance(decisions, list)
                and (hindsight is None or isinstance(hindsight, dict))):
            raise RecordError(_("an analysis has a field of the wrong type"))
        return cls(game, unit, level, seed, budget, [Decision.from_dict(d) for d in decisions], hindsight)

    @classmethod
    def from_json(cls, text: str) -> "Analysis":
        try:
            data = json.loads(text)
        except ValueError:
            raise RecordError(_("an analysis must be JSON")) from None
        return cls.from_dict(data)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Analysis) and self.to_dict() == other.to_dict()


def mark_costliest(decisions: list[Decision], count: int = COSTLIEST) -> None:
    """Mark the ``count`` decisions with the largest positive loss (earlier first on
    a tie); nothing is marked where the AI's choice was no better."""
    for d in decisions:
        d.costly = False
    ranked = sorted((d for d in decisions if d.loss > 1e-9), key=lambda d: (-d.loss, d.index))
    for d in ranked[:count]:
        d.costly = True


# --- the analysis -------------------------------------------------------------
def _replay_action(state: GameState, text: str, number: int) -> Hashable:
    try:
        action = state.parse_action(text)
        state.apply(action)
    except IllegalActionError as exc:
        raise ReplayError(number, _("{text} is illegal: {reason}").format(text=text, reason=exc.reason)) from None
    except NotationError as exc:
        raise ReplayError(number, str(exc)) from None
    return action


def decision_points(record: Any) -> list[int]:
    """0-based indexes of the record's actions that were a person's decisions: the
    acting seat is of kind ``"human"`` (a record's default) and had more than one
    legal action. Raises :class:`ReplayError` at an illegal action."""
    state = record.new_state()
    record.check_data_versions(state)
    out = []
    for i, text in enumerate(record.actions):
        seat = state.current_player
        if (seat != TERMINAL and record.players[seat].get("kind", "human") == "human"
                and len(state.legal_actions()) > 1):
            out.append(i)
        _replay_action(state, text, i + 1)
    return out


def ai_choice(state: GameState, seat: int, level: str, rng: Rng, agent: Any = None) -> Hashable:
    """What an AI of ``level`` plays at ``state`` for ``seat``, asked on a copy
    determinized from that seat's view (so it can read nothing hidden whatever its
    own code does); should the copy's choice not be legal in the real position,
    the AI is asked the real position (which it never reads hidden parts of).
    ``agent``: that AI, already made (it may carry on a plan it made at this seat's
    previous decision, see :func:`analyse`); a fresh one when None."""
    spec = type(state).spec
    world = state.determinize(seat, rng.derive("ai-world"))
    if agent is None:
        agent = spec.agent(level, rng.derive("ai").seed)
    action = agent.choose(world)
    if state.why_illegal(action):
        action = spec.agent(level, rng.derive("ai").seed).choose(state.clone())
    return action


def judge(state: GameState, played: Hashable, index: int, evaluator: Evaluator, level: str, budget: int,
          rng: Rng, agent: Any = None) -> Decision:
    """One decision: the seat to act at ``state`` played ``played`` (the record's
    action ``index``); what the AI of ``level`` would play and both values. Reads
    only what that seat could see (the copies are determinized from its view).
    ``agent``: the AI to ask (see :func:`ai_choice`)."""
    seat = state.current_player
    ai = ai_choice(state, seat, level, rng, agent)
    values = rng.derive("values")
    v_played = evaluator.value(state, seat, values, budget, first=played)
    v_ai = v_played if ai == played else evaluator.value(state, seat, values, budget, first=ai)
    return Decision(index, seat, state.action_to_str(played), state.action_to_str(ai),
                    round(v_played, 4), round(v_ai, 4))


def analyse(record: Any, level: str = "hard", budget: int | None = None, seed: int = 0,
            progress: Callable[[int, int], None] | None = None,
            cancel: Callable[[], bool] | None = None, hindsight: bool = True) -> Analysis:
    """Analyse every decision of a person in ``record`` (a :class:`GameRecord`).

    ``budget``: playouts per value (the game's default when None); ``seed``: every
    random choice; ``hindsight``: also ask the game's hindsight (e.g. a solver) when
    it has one (for a finished game). Raises :class:`ReplayError` for a record that
    breaks the rules, :class:`RecordError` for one that cannot be analysed, and
    :class:`AnalysisCancelled` when ``cancel()`` returned True."""
    from reclaimdesk.core.game import LEVELS

    if level not in LEVELS:
        raise ValueError(_("unknown AI level '{level}' (choose from {levels})").format(
            level=level, levels=", ".join(LEVELS)))
    evaluator = evaluator_for(record.game)
    budget = evaluator.default_budget if budget is None else int(budget)
    if budget < 1:
        raise ValueError(_("the budget must be 1 or more playouts"))
    points = set(decision_points(record))
    hindsight = hindsight and record.replay().is_terminal()
    total = len(points) + (1 if hindsight else 0)
    done = 0
    root = Rng(seed).derive("analysis")

    def step() -> None:
        if cancel is not None and cancel():
            raise AnalysisCancelled()

    state = record.new_state()
    decisions: list[Decision] = []
    # The AI of a decision is kept for the seat's very next action while the person
    # played what it chose: as in a game, it carries on the plan it made (a whole
    # turn, in some games) instead of making it again at every step. After another
    # action, or once another seat has acted, it is made afresh, so no plan made for
    # another position is followed.
    kept: tuple[int, int, Any] | None = None
    spec = get_game(record.game)
    if progress is not None:
        progress(0, total)
    for i, text in enumerate(record.actions):
        if i in points:
            step()
            seat = state.current_player
            rng = root.derive(f"decision-{i}")
            if kept is not None and kept[0] == seat and kept[1] == i - 1:
                agent = kept[2]
            else:
                agent = spec.agent(level, rng.derive("ai").seed)
            decision = judge(state, state.parse_action(text), i, evaluator, level, budget, rng, agent)
            decisions.append(decision)
            kept = (seat, i, agent) if decision.ai == decision.played else None
            done += 1
            if progress is not None:
                progress(done, total)
        _replay_action(state, text, i + 1)
    mark_costliest(decisions)
    found = None
    if hindsight and state.is_terminal():
        step()
        found = evaluator.hindsight(state, cancel=cancel)
        done += 1
        if progress is not None:
            progress(done, total)
    return Analysis(record.game, evaluator.unit, level, seed, budget, decisions, found)


def value_text(unit: str, value: float) -> str:
    """A value in its unit, in the current language ("71.5 points", "62% to win")."""
    if unit == "win":
        return _("{percent}% to win").format(percent=f"{100 * value:.0f}")
    return _("{points} points").format(points=f"{value:.1f}")


def loss_text(unit: str, loss: float) -> str:
    """A loss in its unit ("3.5 points", "12 percentage points")."""
    if unit == "win":
        return _("{percent} percentage points").format(percent=f"{100 * loss:.0f}")
    return _("{points} points").format(points=f"{loss:.1f}")


__all__ = ["loss_text", "Analysis", "AnalysisCancelled", "Decision", "Evaluator", "analyse", "analysable_games",
           "decision_points", "evaluator_for", "judge", "mark_costliest", "register_evaluator", "value_text"]
