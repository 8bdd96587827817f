"""The ``reclaimdesk`` command line.

``reclaimdesk`` alone opens the desktop app; the sub-commands work headless:
``play`` (AI or scripted games), ``replay`` (check a record through the rules),
``bench`` (the performance suite) and ``games`` (what is built). Every problem
with the input is reported in one line with a non-zero exit status, never a
traceback: 1 for an illegal action in a record, 2 for bad arguments or files.
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
from reclaimdesk.core.errors import DataError, RecordError, ReclaimDeskError, ReplayError

EXIT_OK = 0
EXIT_ILLEGAL = 1
EXIT_USAGE = 2


class _Parser(argparse.ArgumentParser):
    """argparse, but errors are one line on stderr and exit 2."""

    def error(self, message: str) -> None:  # type: ignore[override]
        sys.stderr.write(f"{self.prog}: {message} (see --help)\n")
        raise SystemExit(EXIT_USAGE)


def _games_for_choices() -> list[str]:
    from reclaimdesk.core.game import all_games

    return [g.id for g in all_games()]


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="reclaimdesk", description="Play and print the reclamation games.")
    parser.add_argument("--version", action="version", version=f"reclaimdesk {__version__}")
    sub = parser.add_subparsers(dest="command", parser_class=_Parser)

    play = sub.add_parser("play", help="play games headless with AI players")
    play.add_argument("game", help="game id (see 'reclaimdesk games')")
    play.add_argument("--players", type=int, help="number of seats (default: one per agent)")
    play.add_argument("--seed", type=int, help="seed of the first game (default: random)")
    play.add_argument("--agents", default=None,
                      help="AI level per seat, comma separated: random, easy, normal, hard")
    play.add_argument("--games", type=int, default=1, help="number of games (seeds S, S+1, ...)")
    play.add_argument("--record", type=Path, help="write the game record here (FILE-2.json ... for more games)")
    play.add_argument("--json", action="store_true", help="one JSON object per game")
    play.add_argument("--rotate-seats", action="store_true",
                      help="move every AI one seat on after each game (fair matches between levels)")
    play.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                      help="a game option (also as --NAME VALUE for known games)")
    # Options of the built games, as their own flags.
    play.add_argument("--map", help="Reclaim: river or lake")
    play.add_argument("--variant", action="store_true", help="Reclaim: the variant rule (2+ players)")
    play.add_argument("--rules", help="The Reclamation: garden or throne")

    replay = sub.add_parser("replay", help="re-apply a game record through the rules")
    replay.add_argument("file", type=Path)
    replay.add_argument("--json", action="store_true")

    bench = sub.add_parser("bench", help="run the performance benchmarks")
    bench.add_argument("--json", action="store_true")
    bench.add_argument("--quick", action="store_true", help="fewer repetitions")
    bench.add_argument("--only", action="append", default=[], help="run only benchmarks whose name contains this")

    sub.add_parser("games", help="list the games")

    prt = sub.add_parser("print", help="write a print-and-play PDF (sheets, cards, rules, filled sheet)")
    prt.add_argument("game", help="game id (reclaim)")
    prt.add_argument("-o", "--output", type=Path, required=True, help="the PDF file to write")
    prt.add_argument("--paper", choices=("a4", "letter"), default="a4")
    prt.add_argument("--what", choices=("sheets", "cards", "rules", "all"), help="default: all")
    prt.add_argument("--map", help="Reclaim: river or lake (default: both)")
    prt.add_argument("--greyscale", action="store_true", help="print every colour as grey")
    prt.add_argument("--bleed", type=float, default=0.0, metavar="MM", help="card bleed in mm (default 0: none)")
    prt.add_argument("--back-offset", default="0,0", metavar="X,Y",
                     help="move the card backs by X,Y mm (write --back-offset=-1,0.5 when X is negative)")
    prt.add_argument("--record", type=Path, help="print the filled sheet of this game record")
    prt.add_argument("--seat", type=int, help="with --record: whose sheet (1-based, default 1)")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args_list = list(sys.argv[1:] if argv is None else argv)
    if not args_list:
        return _run_app([])
    if args_list[0].endswith(".json") and Path(args_list[0]).exists():
        return _run_app(args_list)
    parser = build_parser()
    try:
        args = parser.parse_args(args_list)
    except SystemExit as exc:
        return int(exc.code or 0)
    try:
        if args.command == "play":
            return cmd_play(args)
        if args.command == "replay":
            return cmd_replay(args)
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
        _err("interrupted")
        return 130


def _err(message: str) -> None:
    sys.stderr.write(f"reclaimdesk: {message}\n")


def _run_app(argv: list[str]) -> int:
    import gc

    # Loading Qt and building the window make tens of thousands of objects that live
    # as long as the app: the cyclic collector would walk them again and again (about
    # 4 ms of the start). run_app freezes them and turns it back on once the window shows.
    gc.disable()
    try:
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

    for spec in all_games():
        players = (f"{spec.min_players}" if spec.min_players == spec.max_players
                   else f"{spec.min_players}-{spec.max_players}")
        print(f"{spec.id:18} {spec.name:18} {players:>4} players  {spec.summary}")
    return EXIT_OK


def _parse_options(spec: Any, args: argparse.Namespace) -> dict[str, Any]:
    raw: dict[str, str] = {}
    for item in args.option:
        name, sep, value = item.partition("=")
        if not sep:
            raise ValueError(f"--option needs NAME=VALUE, not '{item}'")
        raw[name.strip()] = value.strip()
    for name in ("map", "rules"):
        value = getattr(args, name)
        if value is not None:
            if name not in spec.default_options:
                raise ValueError(f"{spec.name} has no --{name} option")
            raw[name] = value
    if args.variant:
        if "variant" not in spec.default_options:
            raise ValueError(f"{spec.name} has no --variant option")
        raw["variant"] = "true"
    options: dict[str, Any] = {}
    for name, text in raw.items():
        if name not in spec.default_options:
            raise ValueError(f"{spec.name} has no option '{name}'")
        default = spec.default_options[name]
        if isinstance(default, bool):
            if text.lower() not in ("true", "false", "yes", "no", "1", "0"):
                raise ValueError(f"option '{name}' must be true or false")
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
    from reclaimdesk.core.game import LEVELS, get_game
    from reclaimdesk.core.record import save_record

    try:
        spec = get_game(args.game)
    except RecordError:
        raise ValueError(f"unknown game '{args.game}' (choose from {', '.join(_games_for_choices())})") from None
    options = _parse_options(spec, args)
    levels = [a.strip() for a in (args.agents or "").split(",") if a.strip()]
    for level in levels:
        if level not in LEVELS:
            raise ValueError(f"unknown AI level '{level}' (choose from {', '.join(LEVELS)})")
    players = args.players
    if players is None:
        players = max(len(levels), spec.min_players) if levels else spec.min_players
    if not spec.min_players <= players <= spec.max_players:
        raise ValueError(f"{spec.name} is for {spec.min_players}-{spec.max_players} players, not {players}")
    if not levels:
        levels = ["normal"]
    if len(levels) == 1:
        levels = levels * players
    if len(levels) != players:
        raise ValueError(f"--agents names {len(levels)} levels for {players} players")
    if args.games < 1:
        raise ValueError("--games must be at least 1")
    if args.record is not None:
        parent = args.record.parent if str(args.record.parent) else Path(".")
        if not parent.is_dir():
            raise ValueError(f"cannot write the record: folder '{parent}' does not exist")
    first_seed = args.seed if args.seed is not None else int.from_bytes(os.urandom(4), "big") >> 1

    wins: dict[str, float] = {}
    for k in range(args.games):
        seed = first_seed + k
        seat_levels = levels[-(k % players):] + levels[:-(k % players)] if args.rotate_seats and k % players else levels
        state = spec.new_game(players, seed, options)
        agents = [spec.agent(level, seed * 31 + i) for i, level in enumerate(seat_levels)]
        start = time.perf_counter()
        play_game(state, agents)
        seconds = time.perf_counter() - start
        player_info = [{"name": f"AI {i + 1} ({lv})", "kind": "ai", "level": lv}
                       for i, lv in enumerate(seat_levels)]
        record = state.to_record(player_info)
        path = None
        if args.record is not None:
            path = args.record if args.games == 1 else args.record.with_name(
                f"{args.record.stem}-{k + 1}{args.record.suffix or '.json'}")
            try:
                save_record(record, path)
            except OSError as exc:
                raise ValueError(f"cannot write {path}: {exc.strerror or exc}") from None
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
        shares = ", ".join(f"{lv} {wins.get(lv, 0.0):g}" for lv in dict.fromkeys(levels))
        print(f"wins over {args.games} games (a shared win counts as a share): {shares}")
    return EXIT_OK


def _summary_line(spec: Any, seed: int, levels: list[str], result: dict, seconds: float,
                  path: Path | None) -> str:
    scores = ", ".join(f"{lv} {s:g}" for lv, s in zip(levels, result["scores"]))
    winners = result["winners"]
    if len(levels) == 1:
        tier = result.get("tier")
        outcome = f"tier {tier} reached" if tier else "no tier reached (80 / 90 / 100)"
    elif len(winners) == 1:
        outcome = f"seat {winners[0] + 1} wins"
    else:
        outcome = "tie between seats " + ", ".join(str(w + 1) for w in winners)
    line = f"{spec.name} seed {seed}: {scores}; {outcome} ({seconds:.1f} s)"
    if path is not None:
        line += f"; record: {path}"
    return line


def cmd_print(args: argparse.Namespace) -> int:
    from reclaimdesk.export import write_pdf_atomic
    from reclaimdesk.export.kit import PrintOptions, build_print_pdf

    options = PrintOptions(paper=args.paper, what=args.what, map_id=args.map, greyscale=args.greyscale,
                           bleed_mm=args.bleed, back_offset=args.back_offset, record=args.record,
                           seat=args.seat)
    data = build_print_pdf(args.game, options)
    write_pdf_atomic(args.output, data)
    print(f"wrote {args.output} ({len(data) / 1024:.0f} KiB)")
    return EXIT_OK


def cmd_replay(args: argparse.Namespace) -> int:
    import json

    from reclaimdesk.core.record import load_record

    record = load_record(args.file)
    state = record.replay()
    result = state.result() if state.is_terminal() else {"scores": state.scores(), "winners": None}
    if record.result is not None and state.is_terminal() and record.result.get("scores") != result["scores"]:
        raise RecordError(
            f"{args.file.name}: the record states scores {record.result.get('scores')} but the rules give {result['scores']}")
    if args.json:
        print(json.dumps({"game": record.game, "actions": len(record.actions),
                          "finished": state.is_terminal(), **result}))
    else:
        status = "finished" if state.is_terminal() else "in progress"
        scores = ", ".join(f"{p.get('name', f'Player {i + 1}')}: {s:g}"
                           for i, (p, s) in enumerate(zip(record.players, result["scores"])))
        print(f"{record.game}, {len(record.actions)} actions, {status}. Scores: {scores}")
    return EXIT_OK
