"""The card data file, its validation, and the AI levels."""

import json
import time
from collections import Counter

import pytest

from reclaimdesk.core.agents import RandomAgent, play_game
from reclaimdesk.core.data import DataFile
from reclaimdesk.core.errors import DataError
from reclaimdesk.core.game import LEVELS, get_game
from reclaimdesk.core.rng import Rng
from reclaimdesk.games.the_reclamation import ai
from reclaimdesk.games.the_reclamation.components import (
    cards_path,
    load_card_set,
    parse_cards,
)
from reclaimdesk.games.the_reclamation.state import MAX_LENGTH, TheReclamationState, play_line

SPEC = get_game("the-reclamation")


# --- cards -----------------------------------------------------------------------------


def test_card_file_holds_the_rule_book_patterns():
    cards = load_card_set().cards
    garden = [set(c.garden.offsets) for c in cards]
    throne = [set(c.throne.offsets) for c in cards]
    assert {(1, -1), (1, 1), (-1, -1), (-1, 1)} in garden  # the four diagonal squares
    assert {(2, -1), (2, 1)} in garden  # two forward, one left / one right
    assert {(1, -1), (1, 0), (1, 1)} in throne  # the Throne example's card
    assert load_card_set().id == "cards" and load_card_set().version >= 1


def _raw():
    return json.loads(cards_path().read_text(encoding="utf-8"))


@pytest.mark.parametrize("change, field, words", [
    (lambda d: d["cards"].pop(), "cards", "must have 4 entries"),
    (lambda d: d["cards"][1].update(number=3), "cards[1].number", "must be 2"),
    (lambda d: d["cards"][0]["garden"].update(offsets=[]), "cards[0].garden.offsets", "at least 1"),
    (lambda d: d["cards"][2]["throne"]["offsets"].append([0, 0]), "cards[2].throne.offsets[3]",
     "Gardener's own square"),
    (lambda d: d["cards"][0]["garden"]["offsets"].append([1, -1]), "cards[0].garden.offsets[4]", "twice"),
    (lambda d: d["cards"][3]["garden"]["offsets"][0].append(1), "cards[3].garden.offsets[0]", "2 entries"),
    (lambda d: d["cards"][3]["garden"]["offsets"][0].__setitem__(0, 9), "cards[3].garden.offsets[0][0]",
     "at most 5"),
    (lambda d: d["cards"][1]["throne"].pop("name"), "cards[1].throne.name", "missing"),
    # the patterns RULINGS requires (issue 17, problem 8)
    (lambda d: d["cards"][0]["garden"]["offsets"].pop(), "cards", "[-1, -1], [-1, 1], [1, -1], [1, 1]"),
    (lambda d: d["cards"][1]["garden"]["offsets"].append([3, 0]), "cards", "[2, -1], [2, 1]"),
    (lambda d: d["cards"][0]["throne"].update(offsets=[[1, -1], [1, 1]]), "cards", "[1, -1], [1, 0], [1, 1]"),
])
def test_bad_card_data_names_file_and_field(change, field, words):
    data = _raw()
    change(data)
    with pytest.raises(DataError) as info:
        parse_cards(DataFile("cards.json", data))
    assert info.value.file == "cards.json"
    assert info.value.field == field
    assert words in info.value.problem


def test_wrong_kind_is_refused(tmp_path):
    data = _raw()
    data["kind"] = "reclaim-cards"
    path = tmp_path / "cards.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(DataError, match="kind"):
        DataFile.load(path, "the-reclamation-cards")


# --- spec and games ---------------------------------------------------------------------


def test_spec():
    assert SPEC.name == "The Reclamation"
    assert (SPEC.min_players, SPEC.max_players) == (2, 2)
    assert SPEC.option_choices["rules"] == ("garden", "throne")
    assert SPEC.default_options == {"rules": "garden"}
    assert SPEC.score_range == (0.0, 1.0)
    assert SPEC.max_length == MAX_LENGTH
    with pytest.raises(ValueError):
        SPEC.new_game(3, 0)
    with pytest.raises(ValueError):
        SPEC.new_game(2, 0, {"rules": "castle"})


@pytest.mark.parametrize("rules", ["garden", "throne"])
def test_random_games_are_fast_and_end(rules):
    start = time.perf_counter()
    for seed in range(30):
        state = SPEC.new_game(2, seed, {"rules": rules})
        play_game(state, [RandomAgent(seed), RandomAgent(seed + 1)])
        assert state.is_terminal() and len(state.history) <= SPEC.max_length
    assert time.perf_counter() - start < 3.0


def test_clone_is_independent():
    s = SPEC.new_game(2, 0)
    c = s.clone()
    play_line(c, ["move f1-e2", "card 1"])
    assert s.occupied_squares(0) == 1 and s.history == [] and s != c


def test_diagram_round_trip():
    s = SPEC.new_game(2, 0, {"rules": "throne"})
    play_line(s, ["move f1-e2", "card 1", "move a6-b5", "card 1"])
    rows = [line[2:] for line in s.diagram().splitlines()[:-1]]
    t = TheReclamationState.from_diagram(rows, rules="throne", hands=s.hands, used=([1], [1]))
    assert t.board == s.board


# --- AI -----------------------------------------------------------------------------------


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_plays_legal_actions(level):
    agent = SPEC.agent(level, 3)
    if level == "hard":
        agent.max_nodes = 1500  # a smaller budget keeps the test quick
    state = SPEC.new_game(2, 3, {"rules": "throne"})
    for _ in range(6):
        action = agent.choose(state)
        assert state.is_legal(action)
        state.apply(action)


def test_ai_takes_an_immediate_throne_win():
    s = TheReclamationState.from_diagram("""
        .  .  .  .  .  .
        .  .  .  .  .  .
        .  .  T3 .  .  .
        .  .  .  .  .  .
        .  .  .  F3 .  .
        .  .  .  .  .  .
    """, rules="throne")
    agent = ai.make_agent("normal", 1)
    agent.slack = dict.fromkeys(agent.slack, max(ai.PACES))  # patience never passes up a win on the turn being played
    while not s.is_terminal() and s.current_player == 0:
        s.apply(agent.choose(s))
    assert s.is_terminal() and s.winners() == [0]


def test_ai_takes_an_immediate_garden_win():
    s = TheReclamationState.from_diagram("""
        .  .  .  .  .  T3
        F1 F1 F1 F1 .  .
        .  .  .  .  F1 F1
        .  .  .  .  F1 F1
        .  .  F3 .  .  .
        .  .  .  .  .  .
    """)
    agent = ai.make_agent("hard", 1)
    agent.max_nodes = 3000  # a win one turn away needs far less than the full budget
    agent.slack = dict.fromkeys(agent.slack, max(ai.PACES))
    while not s.is_terminal() and s.current_player == 0:
        s.apply(agent.choose(s))
    assert s.is_terminal() and s.winners() == [0]


def test_hard_searches_within_its_node_budget():
    # the budget, not the clock, ends the search (its time is measured by
    # tools/ai_levels.py, never in tests): the same seed gives the same choice
    agent = ai.make_agent("hard", 2)
    state = SPEC.new_game(2, 2)
    play_line(state, ["move f1-e2", "card 3"])
    first = agent.choose(state)
    assert agent.max_nodes == ai.HARD_NODES
    assert ai.HARD_NODES <= agent.last_nodes <= ai.HARD_NODES + 1
    assert 2 <= agent.last_depth < 12
    assert ai.make_agent("hard", 2).choose(state) == first


_THRONE_HARD_SECOND_TO_TURN_18 = [
    "move f1-e2", "card 3", "move a6-b5", "card 3", "move e2-e3", "card 2", "move b5-b4", "card 2",
    "move e3-f4", "card 4", "move b4-c3", "card 4", "move f4-e5", "card 1", "move c3-d3", "card 1",
    "move e5-d4", "card 4", "move c5-c4", "card 3", "move e6-d5", "card 2", "fill e4", "move d3-c3",
    "card 2", "move d5-c5", "card 3", "move c3-d3", "card 4", "move c5-b5", "card 2", "move d3-e3",
    "card 1", "move b5-c5", "card 1", "fill d6",
]
"""Throne, normal (Flower) against hard (Tendril), seed 50013, up to Tendril's turn
18: the line 12 of 15 such games followed (seeds 50000-50029, hard's tolerance 2),
where hard first proves a win."""


def _throne_hard_second_from_turn_18(slack: int) -> tuple[list[int], int, int | None]:
    state = SPEC.new_game(2, 50013, {"rules": "throne"})
    play_line(state, _THRONE_HARD_SECOND_TO_TURN_18)
    hard = ai.make_agent("hard", 50013 * 31 + 1)
    hard.slack["throne"] = slack
    normal = ai.make_agent("normal", 50013 * 31)
    while not state.is_terminal():
        state.apply((hard if state.current_player == 1 else normal).choose(state))
    return state.winners(), state.turn, hard.target


def test_hard_in_throne_cannot_wait_past_the_turn_a_cornered_opponent_falls():
    # issue 29: hard against normal ended on turn 26 in 23% of 300 Throne games: on
    # this line a slack of 2 and one of 4 end on the same turn (normal cannot be kept
    # alive longer), so hard's Throne slack is 0 to 2, one length each
    games = {slack: _throne_hard_second_from_turn_18(slack) for slack in (0, 1, 2, 4)}
    assert all(winners == [1] for winners, _, _ in games.values())
    assert games[0][1] < games[1][1] < games[2][1] == games[4][1]
    assert games[4][2] > games[2][2]  # it aimed later, and could not get there


def test_hard_draws_its_throne_slack_from_its_own_paces():
    agents = [ai.make_agent("hard", seed) for seed in range(300)]
    throne = Counter(a.slack["throne"] for a in agents)
    assert set(throne) == set(ai.HARD_THRONE_PACES)
    # 0 (the quickest win, turn 22 on the line most games followed) half as often as 1 or 2
    assert throne[0] < throne[1] / 1.5 and throne[0] < throne[2] / 1.5
    assert {a.slack["garden"] for a in agents} == set(ai.PACES)  # Garden keeps its paces
    assert [ai.make_agent("hard", seed).slack for seed in range(300)] == [a.slack for a in agents]
    # Garden's slack is the one the hard level drew before Throne had paces of its own
    assert [a.slack["garden"] for a in agents] == [Rng(seed).derive("pace").choice(ai.PACES) for seed in range(300)]
    normal = [ai.make_agent("normal", seed) for seed in range(40)]
    assert all(a.slack["garden"] == a.slack["throne"] for a in normal)  # one pace, both rule sets
    from reclaimdesk.games.the_reclamation.hint import make_hint_agent

    assert all(make_hint_agent(seed).slack == {"garden": 0, "throne": 0} for seed in range(5))  # a hint waits for nothing


def test_hard_opens_throne_games_in_more_than_one_way():
    # issue 29: from the second seat, hard's first move in Throne weighs a6-b5 and
    # a6-b6 1.2 apart; its Throne opening tolerance (4) draws both, its later one (2)
    # hardly ever did, so most of its games from that seat followed one line
    assert ai.HARD_OPENING_NOISE["throne"] > ai.HARD_NOISE
    assert ai.HARD_OPENING_NOISE["garden"] == ai.HARD_NOISE  # Garden as measured
    state = SPEC.new_game(2, 0, {"rules": "throne"})
    play_line(state, ["move f1-e2", "card 3"])
    firsts = Counter(str(ai.make_agent("hard", seed).choose(state)) for seed in range(16))
    assert set(firsts) == {"move a6-b5", "move a6-b6"}


@pytest.mark.parametrize("rules", ["garden", "throne"])
def test_the_evaluations_next_turn_look_ahead_matches_its_definition(rules):
    # the look-ahead helpers are written out for speed; they must give what the
    # plain walk over every move and card (ai._next_turn_targets) gives
    import random

    rnd = random.Random(7)
    checked = 0
    for seed in range(60):
        state = SPEC.new_game(2, seed, {"rules": rules})
        while not state.is_terminal():
            for seat in (0, 1):
                s = 1 - 2 * seat
                if rules == "garden":
                    hand, board, best = state.hands[seat], state.board, 0
                    for g, targets in ai._next_turn_targets(state, seat, first_gardener_only=True):
                        values = [board[i] * s if i != g else 0 for i in targets]
                        gain = min(max(0, hand - values.count(1)), values.count(0))
                        best = max(best, gain) if hand else 0
                    assert ai._garden_best_gain(state, seat) == best
                else:
                    best = max((sum(1 for i in t if state.board[i] * s == -3)
                                for _, t in ai._next_turn_targets(state, seat)), default=0)
                    assert ai._throne_hits(state, seat) == best
                checked += 1
            state.apply(rnd.choice(state.legal_actions()))
    assert checked > 500


def test_unknown_level_is_refused():
    with pytest.raises(ValueError):
        ai.make_agent("grandmaster", 0)


def _opening(agent, rules: str, seed: int) -> tuple[str, str]:
    state = SPEC.new_game(2, seed, {"rules": rules})
    move = agent.choose(state)
    state.apply(move)
    return str(move), str(agent.choose(state))


@pytest.mark.parametrize("rules", ["garden"])
def test_normal_opens_in_more_than_one_way(rules):
    # issue 29: with only its later tolerance the normal level opened the same way in
    # every game; its opening tolerance draws among the near-equal first turns (Garden
    # only: in Throne a wider tolerance let normal hold hard to 60%)
    openings = {_opening(ai.make_agent("normal", seed * 31), rules, 100 + seed) for seed in range(12)}
    assert len(openings) >= 2
    same = {_opening(ai.make_agent("normal", 7), rules, 100) for _ in range(3)}
    assert len(same) == 1  # the same seed opens the same way


def test_a_hint_in_the_opening_does_not_draw_among_near_equal_moves():
    from reclaimdesk.games.the_reclamation.hint import make_hint_agent

    hints = {_opening(make_hint_agent(seed, budget=300), "throne", 100) for seed in range(4)}
    assert len(hints) == 1


def _normal_against_easy(seed: int, slack: int) -> tuple[list[int], int]:
    state = SPEC.new_game(2, seed, {"rules": "garden"})
    hero = ai.make_agent("normal", seed)
    hero.slack = dict.fromkeys(hero.slack, slack)
    other = ai.make_agent("easy", seed + 1)
    while not state.is_terminal():
        state.apply((hero if state.current_player == 0 else other).choose(state))
    return state.winners(), state.turn


def test_a_patient_player_wins_the_same_games_later():
    # issue 29: a player lets a proven win wait up to its slack (drawn per game), so
    # the same game, played with slack, ends later and is still won; the same seed
    # plays the same moves until the first proven win, so the games compare
    quick = [_normal_against_easy(seed, 0) for seed in (1, 2, 3, 4)]
    patient = [_normal_against_easy(seed, 2) for seed in (1, 2, 3, 4)]
    assert [w for w, _ in quick] == [[0]] * 4
    assert [w for w, _ in patient] == [[0]] * 4
    assert all(p >= q for (_, p), (_, q) in zip(patient, quick))
    assert sum(p for _, p in patient) > sum(q for _, q in quick)


_THRONE_BOXING_LINE = [
    "move f1-e2", "card 3", "move a6-b5", "card 3", "move e2-e3", "card 2", "move b5-b4", "card 2",
    "move e3-f4", "card 4", "move b4-c3", "card 4", "move f4-e5", "card 1", "move c5-b6", "card 1",
    "move e5-d4", "card 4", "move c3-c4", "card 3", "move e6-d5", "card 2", "fill d4", "move a5-a6",
    "card 4",
]
"""A game of normal against normal in Throne (seed 50010, traced with a wider opening
tolerance than today's), up to Flower's turn 13, on which Flower first proves a win:
boxing Tendril's Gardener in on turn 14."""


def _throne_from_turn_13(seed: int, slack: int) -> tuple[list[int], int, int | None, int]:
    state = SPEC.new_game(2, 50010, {"rules": "throne"})
    play_line(state, _THRONE_BOXING_LINE)
    hero = ai.make_agent("normal", seed)
    hero.slack = dict.fromkeys(hero.slack, slack)
    other = ai.make_agent("normal", 99)
    other.wait_for_nothing()
    most = 0
    while not state.is_terminal():
        if state.current_player == 0:
            state.apply(hero.choose(state))
            most = max(most, hero.last_nodes)
        else:
            state.apply(other.choose(state))
    return state.winners(), state.turn, hero.target, most


def test_the_decision_that_first_proves_a_throne_win_aims_at_its_target():
    # issue 29: the search that first proves a win stops early with the quickest one;
    # in Throne that proof is mostly one turn ahead (a Gardener boxed in), so without
    # a second look aimed at the target every game from here ended on turn 14
    quick = [_throne_from_turn_13(seed, 0) for seed in range(6)]
    patient = [_throne_from_turn_13(seed, 4) for seed in range(6)]
    assert all(w == [0] and turn == 14 and target is None for w, turn, target, _ in quick)
    assert all(w == [0] and target == 22 for w, _, target, _ in patient)  # 14 + 2 * 4
    assert any(turn > 14 for _, turn, _, _ in patient)
    # the second search uses what is left of the budget: no decision searches more
    assert all(most <= ai.NORMAL_NODES for *_, most in quick + patient)


def test_each_player_draws_its_pace_from_its_seed():
    slacks = [ai.make_agent("normal", seed).slack["garden"] for seed in range(40)]
    assert set(slacks) == set(ai.PACES)
    assert [ai.make_agent("normal", seed).slack["garden"] for seed in range(40)] == slacks
    from reclaimdesk.games.the_reclamation.hint import make_hint_agent

    # a hint names the quickest win
    assert {v for seed in range(10) for v in make_hint_agent(seed).slack.values()} == {0}


_GARDEN_WIN_IN_ONE = """
    .  .  .  .  .  T3
    F1 F1 F1 F1 .  .
    .  .  .  .  F1 F1
    .  .  .  .  F1 F1
    .  .  F3 .  .  .
    .  .  .  .  .  .
"""


def _easy_turn(slack: int, seed: int = 1) -> tuple[TheReclamationState, object]:
    s = TheReclamationState.from_diagram(_GARDEN_WIN_IN_ONE)
    agent = ai.make_agent("easy", seed)
    agent.slack = dict.fromkeys(agent.slack, slack)
    while not s.is_terminal() and s.current_player == 0:
        s.apply(agent.choose(s))
    return s, agent


def test_easy_without_slack_takes_the_win_it_sees():
    s, agent = _easy_turn(0)
    assert s.is_terminal() and s.winners() == [0]
    assert agent.delayed == 0


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_easy_with_slack_puts_off_a_win_to_a_turn_that_does_not_lose_at_once(seed):
    # issue 29: the easy level's look-ahead proves a win only on the turn it plays it,
    # so its pace spends its slack on wins it sees, on turns after which the opponent
    # cannot reach 12 squares in its next turn
    s, agent = _easy_turn(2, seed)
    assert not s.is_terminal() and s.current_player == 1
    assert agent.delayed == 1
    assert ai.evaluate_garden(s, 0) > -ai.WIN  # the opponent has no win next turn


def test_easy_takes_the_win_once_its_slack_is_spent():
    s = TheReclamationState.from_diagram(_GARDEN_WIN_IN_ONE)
    agent = ai.make_agent("easy", 1)
    agent.slack = dict.fromkeys(agent.slack, 1)
    agent.delayed = 1
    while not s.is_terminal() and s.current_player == 0:
        s.apply(agent.choose(s))
    assert s.is_terminal() and s.winners() == [0]


def _easy_against_random(seed: int, delays: bool) -> tuple[int, list[int]]:
    state = SPEC.new_game(2, seed, {"rules": "garden"})
    easy = ai.make_agent("easy", seed * 31)
    easy.delays = delays
    agents = [easy, ai.make_agent("random", seed * 31 + 1)]
    while not state.is_terminal():
        state.apply(agents[state.current_player].choose(state))
    return state.turn, state.winners()


def test_easy_pace_spreads_the_lengths_of_its_games():
    # issue 29: without its pace easy won most Garden games against random on its
    # fourth or fifth turn; with it the same seeds end on more turns, none as often
    seeds = range(50_000, 50_060)
    quick = [_easy_against_random(seed, False) for seed in seeds]
    paced = [_easy_against_random(seed, True) for seed in seeds]
    assert max(Counter(t for t, _ in paced).values()) < max(Counter(t for t, _ in quick).values())
    assert len({t for t, _ in paced}) > len({t for t, _ in quick})
    assert sum(w == [0] for _, w in paced) >= 0.75 * len(seeds)  # and it still wins
