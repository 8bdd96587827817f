"""The state API every game implements, and the registry of games.

Every game is a sequence of atomic actions by one player at a time (simultaneous
phases on paper are played seat by seat; nothing in them depends on the order). A
game state knows its options, its seed and the actions applied so far, so that the
seed plus the list of actions rebuilds it exactly (see :mod:`reclaimdesk.core.record`).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Hashable, Mapping
from typing import TYPE_CHECKING, Any, ClassVar

from reclaimdesk.core.i18n import _, pgettext
from reclaimdesk.core.errors import IllegalActionError, RecordError

if TYPE_CHECKING:
    from reclaimdesk.core.rng import Rng

TERMINAL = -1
"""``current_player`` of a finished game."""

LEVELS: tuple[str, ...] = ("random", "easy", "normal", "hard")
"""AI level names shared by every game."""


class GameState(ABC):
    """One game in progress. Subclasses implement the abstract methods and call
    ``super().__init__``; :meth:`apply` and the record helpers are shared."""

    spec: ClassVar["GameSpec"]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "is_legal" in cls.__dict__:
            raise TypeError(
                f"{cls.__name__} overrides is_legal; override why_illegal instead "
                "(the one place legality is decided)"
            )

    def __init__(self, num_players: int, seed: int, options: Mapping[str, Any]) -> None:
        spec = _spec_of(type(self))
        if not spec.min_players <= num_players <= spec.max_players:
            raise ValueError(
                _("{game} is for {low}-{high} players, not {count}").format(
                    game=_(spec.name), low=spec.min_players, high=spec.max_players, count=num_players)
            )
        self.num_players = num_players
        self.seed = int(seed)
        self.options: dict[str, Any] = spec.resolve_options(options)
        self.history: list[Hashable] = []

    # --- to implement ------------------------------------------------------
    @property
    @abstractmethod
    def current_player(self) -> int:
        """Seat to act, or ``TERMINAL`` once the game is over."""

    @abstractmethod
    def legal_actions(self) -> list[Hashable]:
        """Every legal action, in a stable order; empty once the game is over."""

    @abstractmethod
    def _apply(self, action: Hashable) -> None:
        """Apply an action already known to be legal."""

    @abstractmethod
    def scores(self) -> list[float]:
        """Each seat's score: final once terminal, the running score before."""

    @abstractmethod
    def parse_action(self, text: str) -> Hashable:
        """An action from its notation; raises :class:`NotationError`."""

    @abstractmethod
    def state_key(self) -> Hashable:
        """Everything that defines the position (used for equality)."""

    # --- shared behaviour --------------------------------------------------
    def is_terminal(self) -> bool:
        return self.current_player == TERMINAL

    def action_to_str(self, action: Hashable) -> str:
        return str(action)

    def why_illegal(self, action: Hashable) -> str:
        """``""`` when ``action`` is legal now, else a short reason. This is the one
        place legality is decided: :meth:`is_legal` and :meth:`apply` ask it, and
        the conformance test checks that it agrees with :meth:`legal_actions`.
        Games override it to give detailed reasons (and to answer faster than a
        search of the legal list)."""
        if self.is_terminal():
            return _("the game is over")
        if action in self.legal_actions():
            return ""
        return _("not a legal action in this position")

    def is_legal(self, action: Hashable) -> bool:
        """Whether ``action`` may be played now (games do not override this:
        they override :meth:`why_illegal`)."""
        return self.why_illegal(action) == ""

    def apply(self, action: Hashable) -> None:
        """Validate and apply one action; raises :class:`IllegalActionError`."""
        why = self.why_illegal(action)
        if why:
            raise IllegalActionError(action, why)
        self._apply(action)
        self.history.append(action)

    def child(self, action: Hashable) -> "GameState":
        """A copy of this state with ``action`` applied (validated like
        :meth:`apply`); this state is left as it was. Search code builds its
        tree with it."""
        other = self.clone()
        other.apply(action)
        return other

    def apply_text(self, text: str) -> Hashable:
        action = self.parse_action(text)
        self.apply(action)
        return action

    def clone(self) -> "GameState":
        import copy

        return copy.deepcopy(self)

    def winners(self) -> list[int]:
        """Seats that won (several on a tie). Games override for tie-breaks."""
        s = self.scores()
        best = max(s)
        return [i for i, v in enumerate(s) if v == best]

    def result(self) -> dict[str, Any]:
        return {"scores": self.scores(), "winners": self.winners()}

    def result_agrees(self, key: str, stated: Any, computed: Any) -> bool:
        """Whether a record's stated ``result[key]`` says what the rules give
        (``computed``, as JSON reads it back): equality, unless a game's notation
        changed and an older record writes the same thing its old way."""
        return stated == computed

    def data_versions(self) -> dict[str, int]:
        """Ids and versions of the data files this game was set up with."""
        return {}

    def determinize(self, observer: int, rng: Rng) -> "GameState":
        """A copy in which everything ``observer`` cannot see (an undrawn deck
        order, another seat's hand) is resampled with ``rng``. Games with hidden
        information override it; AI players search on such copies only."""
        return self.clone()

    def describe_action(self, action: Hashable) -> str:
        """A human sentence for an action (status bars, logs)."""
        return self.action_to_str(action)

    # --- taking back: what a game declares (the match applies one rule) ----
    take_back_unit: ClassVar[str] = "turn"
    """What one take back removes (:meth:`reclaimdesk.core.match.Match.undo`):
    ``"turn"``, the asking person's latest turn with the computer's replies
    after it; ``"action"``, the person's latest action alone (a game whose turn
    is several small steps, each worth taking back on its own)."""

    take_back_after_end: ClassVar[bool] = False
    """Whether the last turn may still be taken back once the game is over (an
    open two-player game against the computer: the person may try the ending
    again). Games that keep scores or hide anything keep the default."""

    private_turns: ClassVar[bool] = False
    """Whether what a seat does on its turn stays hidden from the others for a
    while (drawing on a sheet nobody else sees): then a take back is refused
    once another person is to play."""

    def turn_key(self) -> Hashable:
        """Which turn this position belongs to: actions taken in a row by one seat
        from positions with the same key form one turn. Default: the seat to act
        (a game in which one seat may play two turns in a row adds a turn count)."""
        return self.current_player

    def seen_key(self) -> Hashable:
        """What the table has been shown so far that cannot be hidden again (a
        card turned up, another seat's hidden choice revealed): a take back never
        goes back past a change of this key. Games without hidden information
        keep the default, which never changes."""
        return None

    def touched_places(self) -> tuple[Hashable, ...]:
        """The places (cells, hexes, cards) the last applied action changed, for
        a view to redraw just those; a game that reports none returns ``()`` and
        its views redraw everything."""
        return ()

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return self.state_key() == other.state_key()  # type: ignore[attr-defined]

    __hash__ = None  # type: ignore[assignment]

    def to_record(self, players: list[dict[str, Any]] | None = None):
        from reclaimdesk.core.record import GameRecord

        return GameRecord.from_state(self, players)


class _Frozen:
    """A value set once in ``__init__`` and never changed. (The two classes below are
    written out by hand rather than as frozen dataclasses: importing ``dataclasses``
    costs the app's start-up about 14 ms, a tenth of a bare Qt window's.)"""

    __slots__ = ()

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"{type(self).__name__} is read-only: cannot set '{name}'")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"{type(self).__name__} is read-only: cannot delete '{name}'")

    def _set(self, **values: Any) -> None:
        for name, value in values.items():
            object.__setattr__(self, name, value)


class Credits(_Frozen):
    """Who made a game, as its rule book names them (proper names are not
    translated; the words around them are). ``published_on``: where the game was
    published when that is a web page rather than a publisher. ``local``: how a
    language writes a name, where the rule book in that language prints it in its
    own script (``{"ja": {"Yusuke Sawaguchi": "沢口游祐"}}``); other names stay as
    they are.

    >>> from reclaimdesk.core import i18n
    >>> c = Credits(designers=("Yusuke Sawaguchi",), local={"ja": {"Yusuke Sawaguchi": "沢口游祐"}})
    >>> c.lines()
    ['Game design: Yusuke Sawaguchi']
    >>> with i18n.using_language("ja"):
    ...     c.lines()
    ['ゲームデザイン：沢口游祐']
    """

    __slots__ = ("designers", "publisher", "artists", "translators", "published_on", "local")

    def __init__(self, designers: tuple[str, ...] = (), publisher: str = "", artists: tuple[str, ...] = (),
                 translators: tuple[str, ...] = (), published_on: str = "",
                 local: Mapping[str, Mapping[str, str]] | None = None) -> None:
        frozen = tuple(sorted((lang, tuple(sorted(names.items()))) for lang, names in (local or {}).items()))
        self._set(designers=tuple(designers), publisher=publisher, artists=tuple(artists),
                  translators=tuple(translators), published_on=published_on, local=frozen)

    def _key(self) -> tuple:
        return tuple(getattr(self, name) for name in self.__slots__)

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and self._key() == other._key()  # type: ignore[attr-defined]

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        fields = ", ".join(f"{n}={getattr(self, n)!r}" for n in self.__slots__ if getattr(self, n))
        return f"Credits({fields})"

    def name(self, name: str, lang: str | None = None) -> str:
        """``name`` as the language in force (or ``lang``) writes it."""
        from reclaimdesk.core.i18n import language

        lang = lang or language()
        for code, names in self.local:
            if code == lang:
                return dict(names).get(name, name)
        return name

    def lines(self) -> list[str]:
        """One line per role, in the current language (empty roles left out)."""
        out = []
        names = _(", ").join
        if self.designers:
            out.append(_("Game design: {names}").format(names=names(self.name(n) for n in self.designers)))
        if self.artists:
            out.append(_("Art: {names}").format(names=names(self.name(n) for n in self.artists)))
        if self.publisher:
            out.append(_("Publisher: {name}").format(name=self.name(self.publisher)))
        if self.translators:
            out.append(_("English translation: {names}").format(names=names(self.name(n) for n in self.translators)))
        if self.published_on:
            out.append(_("Published on {place}").format(place=self.published_on))
        return out

    def text(self) -> str:
        """The lines joined with "; " (a kit's cover, the About box)."""
        return pgettext("between the lines of a game's credits", "; ").join(self.lines())


def import_named(path: str) -> Any:
    """What ``"package.module:Name"`` names, its module imported now (None when
    the module has no such name): how a game names a class it imports only when
    it is first needed.

    >>> import_named("reclaimdesk.core.game:GameSpec").__name__
    'GameSpec'
    """
    import importlib

    module, _sep, name = path.partition(":")
    return getattr(importlib.import_module(module), name, None)


def import_if_present(name: str) -> Any | None:
    """Module ``name`` imported now, or None when there is no such module: how the
    shared code takes a game's optional parts (its analysis, its benches, its
    print kit) without naming the game.

    >>> import_if_present("reclaimdesk.core.no_such_module") is None
    True
    """
    import importlib
    import importlib.util

    try:
        if importlib.util.find_spec(name) is None:
            return None
    except (ImportError, ValueError):  # (a parent package missing)
        return None
    return importlib.import_module(name)


def lazy_exports(package: str, **modules: tuple[str, ...]) -> Callable[[str], Any]:
    """A module ``__getattr__`` for a game's package: each keyword names one of
    its modules and the names re-exported from it, imported the first time one is
    read (registering a game imports none of its rules, so listing the games
    stays quick).

    >>> getattr_ = lazy_exports("reclaimdesk.core", game=("GameSpec",))
    >>> getattr_("GameSpec").__name__
    'GameSpec'
    """
    where = {name: f"{package}.{module}" for module, names in modules.items() for name in names}

    def __getattr__(name: str) -> Any:
        if name in where:
            import importlib

            return getattr(importlib.import_module(where[name]), name)
        raise AttributeError(f"module {package!r} has no attribute {name!r}")

    return __getattr__


def import_subpackages(package: str) -> None:
    """Import every sub-package of ``package``, in name order: each game's
    package registers itself when imported (no entry-point scan: importing
    ``importlib.metadata`` alone costs ~40 ms of start-up)."""
    import importlib
    import pkgutil

    parent = importlib.import_module(package)
    for info in sorted(pkgutil.iter_modules(parent.__path__), key=lambda m: m.name):
        if info.ispkg:
            importlib.import_module(f"{package}.{info.name}")


class _StateClass:
    """``GameSpec.state_class``: the game's :class:`GameState` subclass, given either
    as the class or as ``"package.module:ClassName"``, imported the first time it is
    read. A game's package can so register its spec without importing its rules,
    and listing the games (the start page, ``reclaimdesk games``) stays cheap."""

    def __set_name__(self, owner: type, name: str) -> None:
        self.slot = f"_{name}"

    def __get__(self, spec: Any, owner: type | None = None) -> type[GameState]:
        if spec is None:
            raise AttributeError(self.slot)  # read on the class: there is no default
        value = spec.__dict__[self.slot]
        if isinstance(value, str):
            cls = import_named(value)
            if not (isinstance(cls, type) and issubclass(cls, GameState)):
                raise TypeError(f"{value} (the state class of game '{spec.id}') is not a GameState subclass")
            cls.spec = spec
            spec.__dict__[self.slot] = value = cls
        return value

    def __set__(self, spec: Any, value: Any) -> None:
        lazy = isinstance(value, str) and value.count(":") == 1
        if not lazy and not (isinstance(value, type) and issubclass(value, GameState)):
            raise TypeError("state_class must be a GameState subclass or 'package.module:ClassName'")
        spec.__dict__[self.slot] = value

    def target(self, spec: Any) -> str:
        """``module:ClassName`` of the state class, without importing it."""
        value = spec.__dict__[self.slot]
        return value if isinstance(value, str) else f"{value.__module__}:{value.__qualname__}"


class GameSpec(_Frozen):
    """What the registry knows about a game: the rules (``state_class``, options, AI)
    and what the app shows about it (name, player counts, summary, credits).
    Compared by identity: one spec per game. Read-only once made.

    - ``name``: marked with ``N_``; shown through ``_``.
    - ``make_agent(level, seed)`` builds an AI player of a level in ``LEVELS``;
      given as ``"package.module:function"``, it is imported when first called.
    - ``make_hint_agent(seed, budget)`` (optional, the same two forms) builds the AI
      that answers a person's hint: the game's strongest judgement on a budget of
      its own (nodes, iterations, positions kept: never seconds), sized so that a
      hint answers within half a second on an idle machine whatever the levels'
      budgets become; ``budget`` left out is the game's own. Without it a hint is
      the hard level's choice.
    - ``summary``: one or two sentences about the game (``N_``-marked):
      ``reclaimdesk games`` and the start page's card show it.
    - ``order``: where the game comes in lists (start page, ``reclaimdesk games``),
      lower first.
    - ``option_help``: one line (``N_``-marked) per option, for the command line's help.
    """

    state_class: type[GameState] | str = _StateClass()  # type: ignore[assignment]

    def __init__(self, id: str, name: str, min_players: int, max_players: int,  # noqa: A002 - the record's word
                 score_range: tuple[float, float], max_length: int, state_class: type[GameState] | str,
                 default_options: Mapping[str, Any] | None = None,
                 option_choices: Mapping[str, tuple[Any, ...]] | None = None,
                 make_agent: Callable[[str, int], Any] | str | None = None, summary: str = "", order: int = 100,
                 credits: Credits | None = None, option_help: Mapping[str, str] | None = None,
                 make_hint_agent: Callable[..., Any] | str | None = None) -> None:
        self._set(id=id, name=name, min_players=min_players, max_players=max_players,
                  score_range=tuple(score_range), max_length=max_length, state_class=state_class,
                  default_options=dict(default_options or {}), option_choices=dict(option_choices or {}),
                  make_agent=make_agent, summary=summary, order=order, credits=credits or Credits(),
                  option_help=dict(option_help or {}), make_hint_agent=make_hint_agent)

    def __repr__(self) -> str:
        return f"GameSpec(id={self.id!r}, state_class={self.state_class_name()!r})"

    def players_text(self) -> str:
        """"2 players", "1-6 players" in the current language."""
        from reclaimdesk.core.i18n import ngettext

        if self.min_players == self.max_players:
            return ngettext("{count} player", "{count} players", self.min_players).format(count=self.min_players)
        return _("{low}-{high} players").format(low=self.min_players, high=self.max_players)

    def state_class_name(self) -> str:
        """``module:ClassName`` of the rules, without importing them."""
        return type(self).__dict__["state_class"].target(self)

    def resolve_options(self, options: Mapping[str, Any] | None) -> dict[str, Any]:
        """Defaults overlaid with ``options``; unknown names or values raise ValueError."""
        resolved = dict(self.default_options)
        for key, value in (options or {}).items():
            if key not in self.default_options:
                raise ValueError(_("{game} has no option '{option}'").format(game=_(self.name), option=key))
            choices = self.option_choices.get(key)
            if choices is not None and value not in choices:
                allowed = ", ".join(str(c) for c in choices)
                raise ValueError(_("option '{option}' must be one of {allowed}, not {value!r}").format(
                    option=key, allowed=allowed, value=value))
            if choices is None and type(value) is not type(self.default_options[key]):
                raise ValueError(_("option '{option}' must be a {kind}").format(
                    option=key, kind=type(self.default_options[key]).__name__))
            resolved[key] = value
        return resolved

    def new_game(
        self, num_players: int, seed: int, options: Mapping[str, Any] | None = None
    ) -> GameState:
        return self.state_class(num_players, seed, options or {})  # type: ignore[call-arg]

    def agent(self, level: str, seed: int):
        if level not in LEVELS:
            raise ValueError(_("unknown AI level '{level}' (choose from {levels})").format(
                level=level, levels=", ".join(LEVELS)))
        if self.make_agent is None:
            from reclaimdesk.core.agents import RandomAgent

            return RandomAgent(seed)
        maker = import_named(self.make_agent) if isinstance(self.make_agent, str) else self.make_agent
        return maker(level, seed)

    def hint_agent(self, seed: int, budget: int | None = None):
        """The AI that answers a person's hint (see ``make_hint_agent``): on the
        game's hint budget, or ``budget``; the hard level when the game has no
        hint maker."""
        if self.make_hint_agent is None:
            return self.agent("hard", seed)
        maker = import_named(self.make_hint_agent) if isinstance(self.make_hint_agent, str) else self.make_hint_agent
        return maker(seed) if budget is None else maker(seed, budget)


_REGISTRY: dict[str, GameSpec] = {}
_DISCOVERED = False

def _spec_of(cls: type) -> GameSpec:
    """The spec of a state class, also when the class was imported directly before
    its (lazily registered) spec was first asked for it."""
    spec = cls.__dict__.get("spec")
    if spec is not None:
        return spec
    _discover()
    target = f"{cls.__module__}:{cls.__qualname__}"
    for candidate in list(_REGISTRY.values()):
        if candidate.state_class_name() == target and candidate.state_class is cls:
            return candidate
    inherited = getattr(cls, "spec", None)
    if inherited is None:
        raise TypeError(f"{cls.__name__} is not the state class of a registered game")
    return inherited


def register(spec: GameSpec) -> GameSpec:
    """Add a game to the registry (its package calls this when imported). Games from
    outside ``reclaimdesk.games`` (an installed plug-in, a test's toy game) call it
    too; :func:`unregister` takes one out again."""
    if spec.id in _REGISTRY and _REGISTRY[spec.id] is not spec:
        raise ValueError(f"game id '{spec.id}' is registered twice")
    if "_state_class" in spec.__dict__ and not isinstance(spec.__dict__["_state_class"], str):
        spec.state_class.spec = spec
    _REGISTRY[spec.id] = spec
    return spec


def unregister(game_id: str) -> None:
    """Remove a game registered from outside the package (tests use it)."""
    _REGISTRY.pop(game_id, None)


def _discover() -> None:
    """Import every sub-package of :mod:`reclaimdesk.games` once (each registers its
    game when imported). Games from elsewhere call :func:`register` themselves."""
    global _DISCOVERED
    if _DISCOVERED:
        return
    _DISCOVERED = True
    import_subpackages("reclaimdesk.games")


def all_games() -> list[GameSpec]:
    """Every registered game, by :attr:`GameSpec.order` then id."""
    _discover()
    return sorted(_REGISTRY.values(), key=lambda g: (g.order, g.id))


def get_game(game_id: str) -> GameSpec:
    _discover()
    try:
        return _REGISTRY[game_id]
    except KeyError:
        known = ", ".join(sorted(_REGISTRY))
        raise RecordError(_("unknown game '{game}' (known: {known})").format(game=game_id, known=known)) from None

