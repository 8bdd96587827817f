"""The ``reclaimdesk`` command line.

``reclaimdesk`` alone opens the desktop app; the sub-commands work headless:
``play`` (AI or scripted games), ``replay`` (check a record through the rules),
``bench`` (the performance suite) and ``games`` (what is built). Every problem
with the input is reported in one line with a non-zero exit status, never a
traceback: 1 for an illegal action in a record, 2 for bad arguments or files.

Every message is translated: ``--lang ja|en`` (anywhere on the line) chooses the
language, otherwise ``LANGUAGE``/``LC_ALL``/``LC_MESSAGES``/``LANG`` do; argparse's
own messages ("usage:", "the following arguments are required") go through the
same catalogue.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from reclaimdesk import __version__
from reclaimdesk.core import i18n
from reclaimdesk.core.errors import DataError, RecordError, ReclaimDeskError, ReplayError
from reclaimdesk.core.i18n import LANGUAGES, N_, _

EXIT_OK = 0
EXIT_ILLEGAL = 1
EXIT_USAGE = 2


ARGPARSE_MESSAGES = (
    N_("usage: "), N_("positional arguments"), N_("options"), N_("show this help message and exit"),
    N_("show program's version number and exit"), N_("the following arguments are required: %s"),
    N_("unrecognized arguments: %s"), N_("expected one argument"), N_("expected at least one argument"),
    N_("expected at most one argument"), N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("invalid %(type)s value: %(value)r"), N_("argument %(argument_name)s: %(message)s"),
    N_("ambiguous option: %(option)s could match %(matches)s"), N_("not allowed with argument %s"),
    N_("ignored explicit argument %r"), N_("one of the arguments %s is required"),
)
"""The messages of argparse a user can meet, listed so that the catalogue has them:
argparse looks them up through its module's ``_`` and ``ngettext``, which
:func:`_translate_argparse` points at the app's catalogue."""


def _translate_argparse() -> None:
    """argparse binds gettext's functions when imported; its messages then come
    from gettext's default domain, which has no catalogue here. Its module-level
    ``_`` and ``ngettext`` are looked up at each call, so pointing them at the
    app's catalogue translates them."""
    argparse._ = i18n._  # type: ignore[attr-defined]
    argparse.ngettext = i18n.ngettext  # type: ignore[attr-defined]


class _Parser(argparse.ArgumentParser):
    """argparse, but errors are one line on stderr and exit 2, and a section's
    heading ends with the language's colon (argparse writes "title:")."""

    def format_help(self) -> str:
        import re

        text = super().format_help()
        heading = _("{heading}:")
        if heading == "{heading}:":
            return text
        return re.sub(r"^(\S[^\n]*?):$", lambda m: heading.format(heading=m.group(1)), text, flags=re.M)

    def error(self, message: str) -> None:  # type: ignore[override]
        from reclaimdesk.core.files import one_line

        sys.stderr.write(_("{prog}: {message} (see --help)").format(prog=self.prog, message=one_line(message)) + "\n")
        raise SystemExit(EXIT_USAGE)


def take_lang(args: Sequence[str]) -> tuple[str | None, list[str]]:
    """``--lang X`` / ``--lang=X`` taken out of ``args`` wherever it is (before or
    after the sub-command), and the other arguments.

    >>> take_lang(["print", "some-game", "--lang", "ja", "-o", "x.pdf"])
    ('ja', ['print', 'some-game', '-o', 'x.pdf'])
    """
    lang: str | None = None
    rest: list[str] = []
    i = 0
    while i < len(args):
        arg = args[i]
        if arg == "--":
            rest.extend(args[i:])
            break
        if arg == "--lang" and i + 1 < len(args):
            lang = args[i + 1]
            i += 2
            continue
        if arg.startswith("--lang="):
            lang = arg.partition("=")[2]
        else:
            rest.append(arg)
        i += 1
    return lang, rest


def game_key(text: str) -> str:
    """What a game id and its aliases have in common: ``reclaimdesk play`` and
    ``print`` take the id (``some-game``), its package name (``some_game``) and any
    case alike.

    >>> game_key("Some_Game") == game_key("some-game")
    True
    """
    return text.strip().lower().replace("_", "-")


def resolve_game(text: str) -> Any:
    """The one resolver of a game named on the command line (every command asks
    here): the registered spec whose id is ``text`` or an alias of it, else a
    ``ValueError`` listing the ids."""
    from reclaimdesk.core.game import all_games

    for spec in all_games():
        if game_key(spec.id) == game_key(text):
            return spec
    raise ValueError(_("unknown game '{game}' (choose from {games})").format(
        game=text, games=", ".join(_games_for_choices())))


def seed_argument(text: str) -> int:
    """``--seed``: a whole number in the range a record holds
    (:func:`reclaimdesk.core.record.seed_problem`, the one definition)."""
    from reclaimdesk.core.record import seed_problem

    value = int(text)  # not a number: argparse's own "invalid int value"
    problem = seed_problem(value)
    if problem:
        raise argparse.ArgumentTypeError(_("the seed {problem}").format(problem=problem))
    return value


seed_argument.__name__ = "int"  # how argparse names the type in "invalid int value: 'abc'"


def positive_argument(text: str) -> int:
    """A whole number of 1 or more (``analyse --budget``)."""
    value = int(text)  # not a number: argparse's own "invalid int value"
    if value < 1:
        raise argparse.ArgumentTypeError(_("must be 1 or more, not {value}").format(value=value))
    return value


def _games_for_choices() -> list[str]:
    from reclaimdesk.core.game import all_games

    return [g.id for g in all_games()]


def game_option_flags() -> dict[str, list[tuple[Any, bool]]]:
    """Every option of the registered games (their specs' ``default_options``), by
    name: the games that have it and whether it is a switch (a boolean)."""
    from reclaimdesk.core.game import all_games

    flags: dict[str, list[tuple[Any, bool]]] = {}
    for spec in all_games():
        for name, default in spec.default_options.items():
            flags.setdefault(name, []).append((spec, isinstance(default, bool)))
    return flags


RESERVED_FLAGS = frozenset({"players", "seed", "agents", "games", "record", "json", "rotate-seats", "option",
                            "help", "lang"})


def _add_game_option_flags(play: argparse.ArgumentParser) -> None:
    """``--NAME`` for each game option, its help made of each game's own line
    (``option_help``) and choices (``option_choices``)."""
    for name, owners in sorted(game_option_flags().items()):
        flag = name.replace("_", "-")
        if flag in RESERVED_FLAGS:
            continue  # still reachable as --option NAME=VALUE
        parts = []
        for spec, _switch in owners:
            line = spec.option_help.get(name)
            choices = spec.option_choices.get(name)
            text = _(line) if line else ""
            if choices and not all(isinstance(c, bool) for c in choices):
                listed = _(" or ").join(str(c) for c in choices)
                text = f"{text} ({listed})" if text else listed
            parts.append(_("{game}: {help}").format(game=_(spec.name), help=text or name))
        help_text = "; ".join(parts).replace("%", "%%")
        if all(switch for _spec, switch in owners):
            play.add_argument(f"--{flag}", dest=f"game_option_{name}", action="store_true", default=None,
                              help=help_text)
        else:
            play.add_argument(f"--{flag}", dest=f"game_option_{name}", metavar="VALUE", help=help_text)


def _kit_maps_help() -> str:
    """--map's help: each kit's maps (or boards)."""
    from reclaimdesk.export.kit import kits

    parts = [_("{game}: {maps}").format(game=kit.name, maps=_(" or ").join(m for m, _label in kit.offer.maps))
             for kit in kits() if kit.offer.maps]
    if not parts:
        return _("the map or board of blank sheets (default: every one)")
    return _("the map or board of blank sheets (default: every one). {maps}").format(maps=_("; ").join(parts))


def build_parser(for_print: bool = False) -> argparse.ArgumentParser:
    """The parser; ``for_print``: the ``print`` help lists every kit's maps (which
    imports the kits, so only when printing)."""
    _translate_argparse()
    parser = _Parser(prog="reclaimdesk", description=_("Play and print the reclamation games."))
    parser.add_argument("--version", action="version", version=f"reclaimdesk {__version__}",
                        help=_("show program's version number and exit"))
    parser.add_argument("--lang", choices=tuple(LANGUAGES),
                        help=_("language of the app, the messages and the printed kits "
                               "(default: the system's, from LANG)"))
    sub = parser.add_subparsers(dest="command", parser_class=_Parser)

    play = sub.add_parser("play", help=_("play games headless with AI players"))
    play.add_argument("game", help=_("game id (see 'reclaimdesk games')"))
    play.add_argument("--players", type=int, help=_("number of seats (default: one per agent)"))
    play.add_argument("--seed", type=seed_argument, help=_("seed of the first game (default: random)"))
    play.add_argument("--agents", default=None,
                      help=_("AI level per seat, comma separated: random, easy, normal, hard"))
    play.add_argument("--games", type=int, default=1, help=_("number of games (seeds S, S+1, ...)"))
    play.add_argument("--record", type=Path,
                      help=_("write the game record here (FILE-2.json ... for more games)"))
    play.add_argument("--json", action="store_true", help=_("one JSON object per game"))
    play.add_argument("--rotate-seats", action="store_true",
                      help=_("move every AI one seat on after each game (fair matches between levels)"))
    play.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                      help=_("a game option (also as --NAME VALUE, listed below)"))
    _add_game_option_flags(play)

    replay = sub.add_parser("replay", help=_("re-apply a game record through the rules"))
    replay.add_argument("file", type=Path)
    replay.add_argument("--json", action="store_true", help=_("the result as one JSON object"))

    analyse = sub.add_parser("analyse", help=_("the AI's view of every decision a person made in a game record"))
    analyse.add_argument("file", type=Path)
    analyse.add_argument("--json", action="store_true", help=_("the analysis as one JSON object"))
    analyse.add_argument("--budget", type=positive_argument, metavar="N",
                         help=_("playouts per value (default: the game's own)"))
    analyse.add_argument("--seed", type=seed_argument, default=0, help=_("seed of every random choice (default 0)"))

    bench = sub.add_parser("bench", help=_("run the performance benchmarks"))
    bench.add_argument("--json", action="store_true", help=_("the figures as one JSON object"))
    bench.add_argument("--quick", action="store_true", help=_("fewer repetitions"))
    bench.add_argument("--only", action="append", default=[],
                       help=_("run only benchmarks whose name contains this"))

    sub.add_parser("games", help=_("list the games"))

    prt = sub.add_parser("print", help=_("write a print-and-play PDF (sheets, cards, rules, filled sheet)"))
    prt.add_argument("game", help=_("game id (see 'reclaimdesk games')"))
    prt.add_argument("-o", "--output", type=Path, help=_("the PDF file to write"))
    prt.add_argument("--paper", choices=("a4", "letter"), default="a4")
    prt.add_argument("--what", choices=("sheets", "cards", "rules", "all"), help=_("default: all"))
    prt.add_argument("--map", help=_kit_maps_help() if for_print else
                     _("the map or board of blank sheets (default: every one)"))
    prt.add_argument("--greyscale", action="store_true", help=_("print every colour as grey"))
    prt.add_argument("--ink-saver", action="store_true",
                     help=_("grey line art on white: no large dark areas (less ink than --greyscale)"))
    prt.add_argument("--fold-over", action="store_true",
                     help=_("cards for a printer without duplex: fronts and backs on one page, folded in half"))
    prt.add_argument("--sheets-per-page", type=int, default=1, metavar="N",
                     help=_("2 puts two smaller player sheets on a page, for a pad, where a kit offers it "
                            "(default 1)"))
    prt.add_argument("--cards-as-images", type=Path, metavar="DIR",
                     help=_("write one PNG per card face, with bleed, at 300 dpi, into DIR (for print shops)"))
    prt.add_argument("--shop", choices=("drivethrucards", "makeplayingcards", "generic"), default="generic",
                     help=_("with --cards-as-images: make each image the size of this print shop's poker-card "
                            "template (DriveThruCards 825 x 1125 px, MakePlayingCards 822 x 1122 px); "
                            "generic: the card with --bleed (3 mm by default)"))
    prt.add_argument("--bleed", type=float, default=0.0, metavar="MM",
                     help=_("card bleed in mm (default 0: none); where the paper leaves less room, the "
                            "command says what it gave"))
    prt.add_argument("--gutter", type=float, default=0.0, metavar="MM",
                     help=_("with --bleed: MM of space between the cards' bleeds, so each card keeps its whole "
                            "bleed and is cut on its own (fewer cards a page)"))
    prt.add_argument("--back-offset", default="0,0", metavar="X,Y",
                     help=_("move the card backs by X,Y mm: X to the right and Y up, as seen on the backs' "
                            "page (write --back-offset=-1,0.5 when X is negative)"))
    prt.add_argument("--record", type=Path, help=_("print the filled sheet of this game record"))
    prt.add_argument("--seat", type=int, help=_("with --record: whose sheet (1-based, default 1)"))
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    lang, args_list = take_lang(list(sys.argv[1:] if argv is None else argv))
    try:
        i18n.set_language(lang)
    except ValueError:
        i18n.set_language(None)  # said in the language the system asks for
        _err(_("unknown language '{lang}' (choose from {choices})").format(lang=lang, choices=", ".join(LANGUAGES)))
        return EXIT_USAGE
    app_args = [f"--lang={lang}"] if lang else []
    if not args_list:
        return _run_app(app_args)
    if args_list[0].endswith(".json") and Path(args_list[0]).exists():
        return _run_app(args_list + app_args)
    for problem in i18n.take_problems():  # a damaged catalogue: said once, then English (the app shows its own)
        _err(problem)
    for stream in (sys.stdout, sys.stderr):
        if hasattr(stream, "reconfigure"):  # a name the terminal cannot show is escaped, never a crash
            stream.reconfigure(errors="backslashreplace")
    parser = build_parser(for_print=args_list[0] == "print")
    try:
        args = parser.parse_args(args_list)
    except SystemExit as exc:
        return int(exc.code or 0)
    try:
        if args.command == "play":
            return cmd_play(args)
        if args.command == "replay":
            return cmd_replay(args)
        if args.command == "analyse":
            return cmd_analyse(args)
        if args.command == "bench":
            from reclaimdesk.bench import run_benchmarks

            return run_benchmarks(as_json=args.json, quick=args.quick, only=args.only)
        if args.command == "games":
            return cmd_games()
        if args.command == "print":
            return cmd_print(args)
        parser.print_help()
        return EXIT_OK
    except ReplayError as exc:
        _err(str(exc))
        return EXIT_ILLEGAL
    except (RecordError, DataError, ReclaimDeskError, ValueError) as exc:
        _err(str(exc))
        return EXIT_USAGE
    except KeyboardInterrupt:
        _err(_("interrupted"))
        return 130


def _err(message: str) -> None:
    from reclaimdesk.core.files import one_line

    sys.stderr.write(_("reclaimdesk: {message}").format(message=one_line(message)) + "\n")


def _run_app(argv: list[str]) -> int:
    import gc

    # Loading Qt and building the window make tens of thousands of objects that live
    # as long as the app: the cyclic collector would walk them again and again (about
    # 4 ms of the start). run_app freezes them and turns it back on once the window shows.
    gc.disable()
    try:
        from reclaimdesk.ui import preload

        # Qt's libraries and fontconfig (and the Japanese face) on the other core meanwhile
        preload.start(japanese=i18n.language() == "ja")
        from reclaimdesk.ui.app import run_app
    except ImportError as exc:
        gc.enable()
        if "reclaimdesk.ui" not in str(exc) and "PySide6" not in str(exc):
            raise
        build_parser().print_help()
        return EXIT_OK
    return run_app(argv)


def cmd_games() -> int:
    from reclaimdesk.core.game import all_games

    specs = list(all_games())
    names = [_(spec.name) for spec in specs]
    counts = [str(spec.min_players) if spec.min_players == spec.max_players
              else _("{low}-{high}").format(low=spec.min_players, high=spec.max_players) for spec in specs]
    id_width = max(len(spec.id) for spec in specs)
    name_width = max(i18n.display_width(name) for name in names)
    count_width = max(i18n.display_width(count) for count in counts)
    for spec, name, count in zip(specs, names, counts):
        # columns measured in terminal cells: a Japanese name takes two a character
        print(_("{id} {name} {players} players  {summary}").format(
            id=_pad(spec.id, id_width), name=_pad(name, name_width),
            players=" " * (count_width - i18n.display_width(count)) + count, summary=_(spec.summary)))
    return EXIT_OK


def _parse_options(spec: Any, args: argparse.Namespace) -> dict[str, Any]:
    raw: dict[str, str] = {}
    for item in args.option:
        name, sep, value = item.partition("=")
        if not sep:
            raise ValueError(_("--option needs NAME=VALUE, not '{item}'").format(item=item))
        raw[name.strip()] = value.strip()
    for key, value in vars(args).items():
        if not key.startswith("game_option_") or value is None:
            continue
        name = key[len("game_option_"):]
        if name not in spec.default_options:
            raise ValueError(_("{game} has no --{option} option").format(
                game=_(spec.name), option=name.replace("_", "-")))
        raw[name] = "true" if value is True else str(value)
    options: dict[str, Any] = {}
    for name, text in raw.items():
        if name not in spec.default_options:
            raise ValueError(_("{game} has no option '{option}'").format(game=_(spec.name), option=name))
        default = spec.default_options[name]
        if isinstance(default, bool):
            if text.lower() not in ("true", "false", "yes", "no", "1", "0"):
                raise ValueError(_("option '{option}' must be true or false").format(option=name))
            options[name] = text.lower() in ("true", "yes", "1")
        elif isinstance(default, int):
            options[name] = int(text)
        else:
            options[name] = text
    spec.resolve_options(options)
    return options


def cmd_play(args: argparse.Namespace) -> int:
    import json

    from reclaimdesk.core.agents import play_game
    from reclaimdesk.core.files import write_target
    from reclaimdesk.core.game import LEVELS
    from reclaimdesk.core.record import save_record, seed_problem

    spec = resolve_game(args.game)
    options = _parse_options(spec, args)
    levels = [a.strip() for a in (args.agents or "").split(",") if a.strip()]
    for level in levels:
        if level not in LEVELS:
            raise ValueError(_("unknown AI level '{level}' (choose from {levels})").format(
                level=level, levels=", ".join(LEVELS)))
    players = args.players
    if players is None:
        players = max(len(levels), spec.min_players) if levels else spec.min_players
    if not spec.min_players <= players <= spec.max_players:
        raise ValueError(_("{game} is for {low}-{high} players, not {count}").format(
            game=_(spec.name), low=spec.min_players, high=spec.max_players, count=players))
    if not levels:
        levels = ["normal"]
    if len(levels) == 1:
        levels = levels * players
    if len(levels) != players:
        raise ValueError(_("--agents names {levels} levels for {count} players").format(
            levels=len(levels), count=players))
    if args.games < 1:
        raise ValueError(_("--games must be at least 1"))
    first_seed = args.seed if args.seed is not None else int.from_bytes(os.urandom(4), "big") >> 1
    last_seed = first_seed + args.games - 1
    if seed_problem(last_seed):  # every game's record must be one replay reads
        raise ValueError(_("the seed of game {number} ({seed}) {problem}").format(
            number=args.games, seed=last_seed, problem=seed_problem(last_seed)))
    for k in range(args.games if args.record is not None else 0):
        write_target(_record_path(args.record, k, args.games))  # a FIFO or a folder: refused before playing

    wins: dict[str, float] = {}
    for k in range(args.games):
        seed = first_seed + k
        seat_levels = levels[-(k % players):] + levels[:-(k % players)] if args.rotate_seats and k % players else levels
        state = spec.new_game(players, seed, options)
        agents = [spec.agent(level, seed * 31 + i) for i, level in enumerate(seat_levels)]
        start = time.perf_counter()
        play_game(state, agents)
        seconds = time.perf_counter() - start
        from reclaimdesk.ui.text import level_word

        player_info = [{"name": _("AI {number} ({level})").format(number=i + 1, level=level_word(lv)),
                        "kind": "ai", "level": lv} for i, lv in enumerate(seat_levels)]
        record = state.to_record(player_info)
        path = None
        if args.record is not None:
            path = _record_path(args.record, k, args.games)
            save_record(record, path)  # the one writer (a WriteProblem names the file)
        result = state.result()
        for seat in result["winners"]:
            # a shared win counts as a share, so the totals add up to the games
            wins[seat_levels[seat]] = wins.get(seat_levels[seat], 0.0) + 1 / len(result["winners"])
        if args.json:
            out = {"game": spec.id, "seed": seed, "options": state.options, "agents": seat_levels,
                   **result, "actions": len(state.history), "seconds": round(seconds, 3)}
            if path is not None:
                out["record"] = str(path)
            print(json.dumps(out), flush=True)
        else:
            print(_summary_line(spec, seed, seat_levels, result, seconds, path), flush=True)
    if not args.json and args.games > 1 and players > 1:
        from reclaimdesk.ui.text import level_word

        shares = _(", ").join(_("{level} {score}").format(level=level_word(lv), score=f"{wins.get(lv, 0.0):g}")
                              for lv in dict.fromkeys(levels))
        print(_("wins over {count} games (a shared win counts as a share): {shares}").format(
            count=args.games, shares=shares))
    return EXIT_OK


def _record_path(record: Path, k: int, games: int) -> Path:
    """``--record FILE``: the file of game ``k`` (0-based) of ``games``."""
    return record if games == 1 else record.with_name(f"{record.stem}-{k + 1}{record.suffix or '.json'}")


def _summary_line(spec: Any, seed: int, levels: list[str], result: dict, seconds: float,
                  path: Path | None) -> str:
    from reclaimdesk.ui.text import level_word

    scores = _(", ").join(_("{level} {score}").format(level=level_word(lv), score=f"{s:g}")
                          for lv, s in zip(levels, result["scores"]))
    winners = result["winners"]
    if len(levels) == 1:
        tier = result.get("tier")
        outcome = (_("tier {tier} reached").format(tier=tier) if tier
                   else _("no tier reached (80 / 90 / 100)"))
    elif len(winners) == 1:
        outcome = _("seat {seat} wins").format(seat=winners[0] + 1)
    else:
        outcome = _("tie between seats {seats}").format(seats=", ".join(str(w + 1) for w in winners))
    line = _("{game} seed {seed}: {scores}; {outcome} ({seconds} s)").format(
        game=_(spec.name), seed=seed, scores=scores, outcome=outcome, seconds=f"{seconds:.1f}")
    if path is not None:
        line = _("{line}; record: {file}").format(line=line, file=path)
    return line


def _pad(text: str, width: int) -> str:
    """``text`` padded to ``width`` terminal columns (a Japanese character takes two)."""
    return text + " " * max(0, width - i18n.display_width(text))


def cmd_print(args: argparse.Namespace) -> int:
    from reclaimdesk.core.files import write_target
    from reclaimdesk.export import write_pdf_atomic
    from reclaimdesk.export.kit import bleed_cards_per_page, bleed_given, build_print_pdf, kit_for
    from reclaimdesk.export.options import PrintOptions, parse_back_offset

    game = resolve_game(args.game).id  # the same resolver as play's
    options = PrintOptions(paper=args.paper, what=args.what, map_id=args.map, greyscale=args.greyscale,
                           bleed_mm=args.bleed, back_offset=parse_back_offset(args.back_offset),
                           seat=args.seat, ink_saver=args.ink_saver, fold_over=args.fold_over,
                           sheets_per_page=args.sheets_per_page, gutter_mm=args.gutter)
    if args.cards_as_images is not None:
        from reclaimdesk.export.card_images import write_card_images

        if args.output is not None:
            raise ValueError(_("--cards-as-images writes PNG files: leave out -o"))
        if args.record is not None:
            raise ValueError(_("--cards-as-images writes the kit's cards: leave out --record"))
        files = write_card_images(game, options, args.cards_as_images, shop=args.shop)
        print(_("wrote {count} card images to {folder}").format(count=len(files), folder=args.cards_as_images))
        return EXIT_OK
    if args.shop != "generic":
        raise ValueError(_("--shop chooses the size of --cards-as-images: add --cards-as-images DIR"))
    if args.output is None:
        raise ValueError(_("print needs -o FILE (or --cards-as-images DIR)"))
    write_target(args.output)  # a FIFO, device or folder is refused before the kit is built
    state, names = (None, ()) if args.record is None else _replayed(args.record, game, kit_for(game).name)
    if state is not None:
        from dataclasses import replace

        from reclaimdesk.ui.text import shown_name  # plain Python: a seat's name as the app shows it

        options = replace(options, players=tuple(shown_name(n) for n in names))
    data = build_print_pdf(game, options, state)
    write_pdf_atomic(args.output, data)
    print(_("wrote {file} ({size} KiB)").format(file=args.output, size=f"{len(data) / 1024:.0f}"))
    given = bleed_given(game, options) if state is None and options.bleed_mm else None
    if given is not None and given < options.bleed_mm - 1e-9:
        print(_("--bleed {asked} mm: {paper} paper leaves room for {given} mm of bleed with {count} cards a "
                "page, so the cards were printed with {given} mm of bleed (add --gutter 4 for the whole bleed "
                "with fewer cards a page)").format(
            asked=f"{options.bleed_mm:g}", given=f"{given:g}", count=bleed_cards_per_page(game, options),
            paper=options.paper.upper() if options.paper == "a4" else options.paper.title()), file=sys.stderr)
    return EXIT_OK


def _replayed(path: Path, game: str, name: str) -> tuple[Any, tuple[str, ...]]:
    """The rules state of the game recorded in ``path``, a record of ``game``
    (``name`` in the current language), and its players' names: what
    ``print --record`` prints filled in."""
    from reclaimdesk.core.files import one_line
    from reclaimdesk.core.record import load_record

    record = load_record(path)
    if record.game != game:
        raise RecordError(_("{file}: a record of '{game}', not of {name}").format(
            file=one_line(str(path), 120), game=record.game, name=name))
    try:
        return record.replay(), tuple(str(p.get("name", "")) for p in record.players)
    except ReplayError as exc:  # printing a record is not checking one: a bad record is bad input
        raise RecordError(f"{one_line(str(path), 120)}: {exc}") from None


def cmd_replay(args: argparse.Namespace) -> int:
    import json

    from reclaimdesk.core.files import one_line
    from reclaimdesk.core.record import load_record

    record = load_record(args.file)
    try:
        state = record.replay()  # also checks a stated result against the rules
    except RecordError as exc:
        raise RecordError(f"{one_line(args.file.name, 120)}: {exc}") from None
    result = state.result() if state.is_terminal() else {"scores": state.scores(), "winners": None}
    if args.json:
        print(json.dumps({"game": record.game, "actions": len(record.actions),
                          "finished": state.is_terminal(), **result}))
    else:
        status = _("finished") if state.is_terminal() else _("in progress")
        scores = _(", ").join(_("{name}: {score}").format(name=p.get("name", _("Player {number}").format(number=i + 1)),
                                                       score=f"{s:g}")
                           for i, (p, s) in enumerate(zip(record.players, result["scores"])))
        from reclaimdesk.core.game import get_game

        print(_("{game}, {count} actions, {status}. Scores: {scores}").format(
            game=_(get_game(record.game).name), count=len(record.actions), status=status, scores=scores))
    return EXIT_OK


def cmd_analyse(args: argparse.Namespace) -> int:
    """The AI's view of each decision a person made in the record (through the
    game's analysis plug-in), and the game's hindsight where it has one. Exit codes
    as ``replay``: 1 for a record that breaks the rules, 2 for bad input."""
    import json

    from reclaimdesk.core.analysis import analyse, evaluator_for, loss_text, value_text
    from reclaimdesk.core.files import one_line
    from reclaimdesk.core.game import get_game
    from reclaimdesk.core.record import load_record

    record = load_record(args.file)
    try:
        result = analyse(record, budget=args.budget, seed=args.seed)
    except RecordError as exc:
        raise RecordError(f"{one_line(args.file.name, 120)}: {exc}") from None
    if args.json:
        print(json.dumps(result.to_dict(), ensure_ascii=False))
        return EXIT_OK
    evaluator = evaluator_for(record.game)
    spec = get_game(record.game)

    def name(seat: int) -> str:
        player = record.players[seat]
        return one_line(str(player.get("name") or _("Player {number}").format(number=seat + 1)), 40)

    print(_("{game}: {count} decisions looked at by the {level} AI ({budget} playouts per value, seed {seed})").format(
        game=_(spec.name), count=len(result.decisions), level=_(result.level), budget=result.budget,
        seed=result.seed))
    for d in result.decisions:
        mark = "*" if d.costly else " "
        print(_("{mark} action {number} ({name}): played {played}: {value}; the AI: {ai}: {ai_value}; "
                "loss {loss}").format(
            mark=mark, number=d.index + 1, name=name(d.seat), played=d.played,
            value=value_text(result.unit, d.value_played), ai=d.ai,
            ai_value=value_text(result.unit, d.value_ai), loss=loss_text(result.unit, d.loss)))
    marked = result.costliest()
    if marked:
        print(_("Costliest decisions (*): {actions}").format(
            actions=", ".join(_("action {number}").format(number=d.index + 1) for d in marked)))
    else:
        print(_("No decision lost anything by the AI's measure."))
    if result.hindsight is not None:
        line = evaluator.hindsight_text(result.hindsight)
        if line:
            print(line)
    return EXIT_OK


if __name__ == "__main__":  # python -m reclaimdesk.cli works as python -m reclaimdesk does
    sys.exit(main())
