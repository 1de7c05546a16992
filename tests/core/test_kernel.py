"""The kernel on the toy game: configs, codec, chance, logs and replay, the registry, rankings."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction
from types import SimpleNamespace

import pytest

from nilerules.analysis.montecarlo import wilson
from nilerules.core import (
    Config,
    decode,
    draw_outcomes,
    encode,
    log_from_json,
    log_to_json,
    playout,
    playout_log,
    rank_by_keys,
    replay,
    rule,
    sample,
    sample_index,
)
from nilerules.core.chance import choice, random_index, randrange
from nilerules.core.playout import random_policy
from nilerules.core.registry import RegistrationError, validate_implementations
from nilerules.errors import IllegalAction, InvalidConfig, MalformedAction, ReplayError, SpecError
from nilerules.specs import parse_spec
from nilerules.testing import covering_readings
from tests.toys.nim import SPEC_PATH, NimState, Roll, Take, make_game


@pytest.fixture(scope="module")
def game():  # type: ignore[no-untyped-def]
    return make_game()


def test_config_fills_default_readings(game) -> None:  # type: ignore[no-untyped-def]
    """Readings not given take the spec default (nim.toml: default 'wins')."""
    assert game.config(2).readings == (("last_stone", "wins"),)


@pytest.mark.parametrize(
    ("players", "modules", "readings", "message"),
    [
        (4, (), {}, "4 players is not supported"),
        (2, ("expansion",), {}, "unknown module 'expansion'"),
        (2, (), {"nope": "x"}, "unknown ambiguity 'nope'"),
        (2, (), {"last_stone": "draws"}, "unknown reading 'draws'"),
    ],
)
def test_bad_config_is_invalid_config(game, players, modules, readings, message) -> None:  # type: ignore[no-untyped-def]
    """Each bad configuration names the offending value."""
    with pytest.raises(InvalidConfig, match=message):
        game.config(players, modules, readings)


def test_state_and_action_json_round_trip(game) -> None:  # type: ignore[no-untyped-def]
    """Canonical JSON decodes to an equal state; actions of a union decode by their tag."""
    state = game.apply(game.setup(game.config(3, ["bonus"])), Roll(4))
    assert decode(NimState, encode(state)) == state
    assert decode(game.action_type, encode(Take(2))) == Take(2)
    assert encode(state) == encode(decode(NimState, encode(state)))


@pytest.mark.parametrize(
    "text", ['{"type": "Take"}', '{"type": "Take", "stones": "2"}', '{"type": "Fly", "x": 1}', "[1", "3"]
)
def test_malformed_action_json(game, text: str) -> None:  # type: ignore[no-untyped-def]
    """Missing fields, wrong types, unknown tags and bad JSON are MalformedAction."""
    with pytest.raises(MalformedAction):
        decode(game.action_type, text)


def test_illegal_action_names_the_rule(game) -> None:  # type: ignore[no-untyped-def]
    """Taking three stones is forbidden by nim.turn.take."""
    state = game.apply(game.setup(game.config(2)), Roll(5))
    with pytest.raises(IllegalAction) as info:
        game.apply(state, Take(3))
    assert info.value.rule_id == "nim.turn.take"
    assert "nim.turn.take" in str(info.value)


def test_draw_outcomes_follow_the_multiset() -> None:
    """Drawing from {a: 3, b: 1}: 3/4 and 1/4 (hand calculation)."""
    assert draw_outcomes([3, 0, 1], ["a", "x", "b"]) == (("a", Fraction(3, 4)), ("b", Fraction(1, 4)))


def test_sampling_is_seeded_and_matches_probabilities() -> None:
    """The same seed gives the same draws; 4000 draws of a 3:1 multiset land near 3:1; the fast path agrees."""
    outcomes = draw_outcomes([3, 1], ["a", "b"])
    first = [sample(outcomes, random.Random(5)) for _ in range(3)]
    assert first == [sample(outcomes, random.Random(5)) for _ in range(3)]
    rng = random.Random(1)
    counts = Counter(sample(outcomes, rng) for _ in range(4000))
    assert 2850 < counts["a"] < 3150
    rng = random.Random(1)
    fast = Counter(sample_index([3, 1], rng) for _ in range(4000))
    assert 2850 < fast[0] < 3150


def test_playout_is_deterministic_and_replays(game) -> None:  # type: ignore[no-untyped-def]
    """Same seed, same game; the log round-trips and replays to the same final state."""
    config = game.config(3, ["bonus"], {"last_stone": "loses"})
    a, b = playout(game, config, 42), playout(game, config, 42)
    assert a.actions == b.actions and a.final == b.final
    log = playout_log(game, a)
    assert log_from_json(log_to_json(log)) == log
    assert replay(game, log_from_json(log_to_json(log))) == a.final


def test_random_index_draws_exactly_as_random_choice() -> None:
    """Oracle: the standard library. Same index and same generator state after, for lengths around powers of two."""
    for n in (1, 2, 3, 4, 5, 7, 8, 9, 31, 32, 33, 100, 1000):
        for seed in range(20):
            ours, theirs = random.Random(seed), random.Random(seed)
            for _ in range(5):
                assert random_index(ours, n) == theirs.choice(range(n))
                assert random_index(ours, n) == theirs.randrange(n)
            assert ours.getstate() == theirs.getstate()


def test_randrange_draws_exactly_as_random_randrange() -> None:
    """Oracle: the standard library. Same number, same generator state after, the same error for an empty range; a
    generator of another type (here one that always answers 0) is asked itself."""
    for n in (1, 2, 3, 7, 8, 9, 33, 1000):
        for seed in range(10):
            ours, theirs = random.Random(seed), random.Random(seed)
            assert [randrange(ours, n) for _ in range(5)] == [theirs.randrange(n) for _ in range(5)]
            assert ours.getstate() == theirs.getstate()
    for n in (0, -1):
        with pytest.raises(ValueError) as expected:
            random.Random(0).randrange(n)
        with pytest.raises(ValueError) as ours_error:
            randrange(random.Random(0), n)
        assert str(expected.value) == str(ours_error.value)

    class Zero(random.Random):
        def randrange(self, *args: object, **kwargs: object) -> int:  # type: ignore[override]
            return 0

    assert [randrange(Zero(5), 1000) for _ in range(3)] == [0, 0, 0]


def test_choice_picks_exactly_as_random_choice() -> None:
    """Oracle: the standard library. Same element, same generator state after, the same error for an empty
    sequence; a generator of another type (here one that always picks the last) is asked itself."""
    for seq in ((7,), ("a", "b"), tuple(range(5)), tuple(range(33)), list(range(100))):
        for seed in range(10):
            ours, theirs = random.Random(seed), random.Random(seed)
            assert [choice(ours, seq) for _ in range(5)] == [theirs.choice(seq) for _ in range(5)]
            assert ours.getstate() == theirs.getstate()
    with pytest.raises(IndexError) as expected:
        random.Random(0).choice(())
    with pytest.raises(IndexError) as ours_error:
        choice(random.Random(0), ())
    assert str(expected.value) == str(ours_error.value)

    class Last(random.Random):
        def choice(self, seq):  # type: ignore[no-untyped-def]
            return seq[-1]

    assert choice(Last(5), (1, 2, 3)) == 3


def test_sample_index_draws_as_randrange_over_the_total() -> None:
    """Oracle: the standard library — index k where randrange(total) falls in the k-th block of counts."""
    counts = [3, 0, 1, 5]
    blocks = [k for k, c in enumerate(counts) for _ in range(c)]
    for seed in range(50):
        ours, theirs = random.Random(seed), random.Random(seed)
        assert sample_index(counts, ours) == blocks[theirs.randrange(sum(counts))]
        assert ours.getstate() == theirs.getstate()


def test_uniform_fast_path_plays_the_same_games_as_random_choice(game) -> None:  # type: ignore[no-untyped-def]
    """The random policy's fast path (random_index) and the policy itself (rng.choice) give the same seeded games."""
    config = game.config(3, ["bonus"], {"last_stone": "loses"})

    def via_choice(g, s, rng):  # type: ignore[no-untyped-def]
        return random_policy(g, s, rng)

    for seed in range(20):
        assert playout(game, config, seed).actions == playout(game, config, seed, via_choice).actions


def test_corrupted_logs_are_replay_errors(game) -> None:  # type: ignore[no-untyped-def]
    """Bad JSON, a wrong format, an illegal step, a tampered digest: each a ReplayError saying what is wrong."""
    log = playout_log(game, playout(game, game.config(2), 1))
    text = log_to_json(log)
    with pytest.raises(ReplayError, match="not valid JSON"):
        log_from_json(text[:-5])
    with pytest.raises(ReplayError, match="format"):
        log_from_json(text.replace("nilerules-log/1", "other"))
    bad_step = text.replace('"stones":1', '"stones":7', 1) if '"stones":1' in text else text.replace(
        '"stones":2', '"stones":7', 1)
    with pytest.raises(ReplayError, match="step"):
        replay(game, log_from_json(bad_step))
    with pytest.raises(ReplayError, match="differs"):
        replay(game, log_from_json(text.replace(log.final_digest, "0" * 16)))
    with pytest.raises(ReplayError, match="lacks"):
        log_from_json('{"format": "nilerules-log/1"}')


def test_registry_rejects_double_binding_and_bad_ids() -> None:
    """An id bound to two functions, or a malformed id, fails loudly."""
    with pytest.raises(RegistrationError, match="malformed"):
        rule("NotAnId")
    with pytest.raises(RegistrationError, match="bound twice"):
        rule("nim.turn.take")(lambda: None)


def test_registry_validates_both_ways() -> None:
    """A catalogued mechanical rule with no implementation, and an implementation of an uncatalogued id, fail."""
    text = SPEC_PATH.read_text(encoding="utf-8")
    extra = text + (
        '\n[[rules]]\nid = "nim.turn.extra"\nseed = "toy.txt"\nsection = "T"\nquote = "q"\nkind = "mechanical"\n'
    )
    with pytest.raises(SpecError, match="no implementation"):
        validate_implementations(parse_spec(extra))
    missing = text.replace('id = "nim.turn.take"', 'id = "nim.turn.give"')
    with pytest.raises(SpecError, match="not catalogued"):
        validate_implementations(parse_spec(missing))


def test_rank_by_keys_groups_ties_and_names_the_deciding_step() -> None:
    """Scores 5, 5, 3 with tie-break 2, 1, 0: seat 0 first by the tie-break (hand calculation)."""
    ranking = rank_by_keys({0: (5, 2), 1: (5, 1), 2: (3, 0)}, ("score", "deben"))
    assert ranking.places == ((0,), (1,), (2,)) and ranking.decided_by == ("score", "deben")
    tie = rank_by_keys({0: (5, 1), 1: (5, 1), 2: (3, 0)}, ("score", "deben"))
    assert tie.places == ((0, 1), (2,)) and tie.open_tie


def test_wilson_interval_hand_values() -> None:
    """0 of 100: upper bound 3.70 %; 50 of 100: 40.4-59.6 % (standard Wilson values)."""
    assert wilson(0, 100)[0] == 0.0 and round(wilson(0, 100)[1], 4) == 0.037
    low, high = wilson(50, 100)
    assert (round(low, 3), round(high, 3)) == (0.404, 0.596)


def test_covering_readings_cover_every_pair() -> None:
    """For a spec with three two-reading ambiguities, every pair of readings appears in some row."""

    amb = SimpleNamespace(reading_names=lambda: ("x", "y"))
    fake = SimpleNamespace(spec=SimpleNamespace(ambiguities={n: amb for n in ("a", "b", "c")}))
    rows = covering_readings(fake)  # type: ignore[arg-type]
    for a in "abc":
        for b in "abc":
            if a < b:
                for ra in "xy":
                    for rb in "xy":
                        assert any(r[a] == ra and r[b] == rb for r in rows)
    assert len(rows) < 8


def test_config_reading_lookup() -> None:
    """An ambiguity not in the config is a KeyError, not a silent default."""
    with pytest.raises(KeyError):
        Config("nim", 2).reading("last_stone")
