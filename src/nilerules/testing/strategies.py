"""Public Hypothesis strategies: configs, readings, and states reached by real play."""

from __future__ import annotations

from itertools import combinations
from typing import Any

from hypothesis import strategies as st

from nilerules.core.game import Game
from nilerules.core.types import CHANCE, Config


def readings(game: Game[Any, Any]) -> st.SearchStrategy[dict[str, str]]:
    """One reading per ambiguity of the game's spec."""
    ambs = sorted(game.spec.ambiguities.items())
    return st.fixed_dictionaries({a: st.sampled_from(amb.reading_names()) for a, amb in ambs})


def configs(game: Game[Any, Any], players: int | None = None) -> st.SearchStrategy[Config]:
    """Valid configs: a supported player count, a subset of modules, a reading for every ambiguity."""
    modules = game.info.modules
    subsets = [c for n in range(len(modules) + 1) for c in combinations(modules, n)]
    counts = (players,) if players is not None else game.info.player_counts
    return st.builds(
        lambda p, m, r: game.config(p, m, r),
        st.sampled_from(counts),
        st.sampled_from(subsets),
        readings(game),
    )


@st.composite
def reachable_states(
    draw: st.DrawFn, game: Game[Any, Any], config: Config | None = None, max_steps: int = 200
) -> Any:
    """A state reached from setup by up to ``max_steps`` legal actions and chance outcomes (all drawn)."""
    if config is None:
        config = draw(configs(game))
    state = game.setup(config)
    steps = draw(st.integers(0, max_steps))
    for _ in range(steps):
        if game.is_terminal(state):
            break
        if game.current_player(state) is CHANCE:
            outcomes = game.chance_outcomes(state)
            action = outcomes[draw(st.integers(0, len(outcomes) - 1))][0]
        else:
            legal = game.legal_actions(state)
            action = legal[draw(st.integers(0, len(legal) - 1))]
        state = game.apply(state, action)
    return state
