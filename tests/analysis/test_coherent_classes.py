"""Coherent classes (issue 29, item 4): a finding's impact class is what its own figures show. The test walks every
finding of analyses with strong play (the toys, whose effects are known by construction, and the four games on the
quick budget with a few strong games) and checks each against its figures:

- the class is never weaker than the strongest difference any policy's games met where the situation arose, and the
  policy it names shows exactly that class;
- "changes the winner" never stands beside a proof that the readings agree;
- "strong play never met it" comes with the number of strong games in which the situation could have arisen;
- the figures findings.json gives recompute: ``arises`` among the games, ``play``/``scores``/``winner`` among the
  games where it arose, each with its Wilson interval;
- the impact class never uses the verdict's word "unknown".
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from nilerules.analysis.findings import Finding
from nilerules.analysis.impact import CLASSES, NOT_MET, STATED, STRONG
from nilerules.analysis.montecarlo import wilson
from nilerules.analysis.runner import analyse
from nilerules.checks import GameModule, load
from nilerules.checks.model import Budget
from tests.toys import lamp, tally, toss

TOY_BUDGET = Budget(playouts=200, examples=30, strong_trials=6, strong_simulations=4)


def incoherences(f: Finding) -> list[str]:
    """What in ``f`` contradicts its own figures (empty: coherent)."""
    impact = f.impact
    if impact is None:
        return []
    problems: list[str] = []
    data: dict[str, Any] = impact.to_data()
    if impact.cls not in CLASSES:
        return [f"the impact class {impact.cls!r} is none of the classes" + (
            " (it uses the verdict's word 'unknown')" if impact.cls == "unknown" else "")]
    for view in impact.views():
        if view.cls != NOT_MET and CLASSES.index(view.cls) < impact.class_index:
            problems.append(f"{view.play} play shows {view.cls!r}, stronger than the class {impact.cls!r}")
    if impact.shown_by and (impact.shown_by not in STATED or impact.play_view(impact.shown_by).cls != impact.cls):
        problems.append(f"the class is said to be shown by {impact.shown_by!r}, whose games do not show it")
    if impact.cls == "changes the winner" and f.verdict == "proof":
        problems.append("'changes the winner' beside a proof that the readings agree")
    if impact.unmet_by_strong and f"{impact.strong_trials()} games of strong play" not in impact.unmet_words() and (
        f"of {impact.strong_trials()} " not in impact.unmet_words()
    ):
        problems.append("'strong play never met it' without the number of strong games")
    for policy, entry in data["by_play"].items():
        counts = impact.games(policy)
        arises = entry["arises"]
        if (arises["hits"], arises["trials"]) != (counts.arises, counts.games) or counts.arises > counts.games:
            problems.append(f"{policy}: arises does not recompute")
        for name in ("play", "scores", "winner"):
            rate = entry[name]
            if rate["trials"] != counts.arises or rate["hits"] > counts.arises:
                problems.append(f"{policy}: {name} is not counted among the games where it arose")
            low, high = wilson(rate["hits"], rate["trials"])
            if (round(low, 6), round(high, 6)) != (rate["low"], rate["high"]):
                problems.append(f"{policy}: {name}'s interval does not recompute")
    return problems


@pytest.mark.parametrize("make", [tally.make_module, toss.make_module, lamp.make_module])
def test_every_finding_of_the_toys_is_coherent(make: Any) -> None:
    """Every finding of the three toys, with strong play (6 games at 4 simulations): no incoherence."""
    module: GameModule = make()
    for f in analyse(module, TOY_BUDGET).findings:
        assert incoherences(f) == [], f.code


def test_the_toss_classes_are_the_strongest_effect_met() -> None:
    """By construction (tests/toys/toss.py): 'take=two' changes the winner among random seats and the scores alike
    among strong ones, so its class is 'changes the winner', named as random play's; 'throw=gift' never arises for a
    strong seat (none throws), so strong play never met it, in all 6 strong games."""
    found = {f.ambiguity: f for f in analyse(toss.make_module(), TOY_BUDGET).findings}
    take, throw = found["take"].impact, found["throw"].impact
    assert take is not None and throw is not None
    shown = (take.cls, take.shown_by, take.play_view(STRONG).cls)
    assert shown == ("changes the winner", "random", "changes scores")
    assert (throw.unmet_by_strong, throw.games(STRONG).games, throw.games(STRONG).arises) == (True, 6, 0)


def test_the_coherence_check_catches_a_weaker_class() -> None:
    """The check can fail: the take finding relabelled 'changes scores' (weaker than random play's winner) and
    'unknown' is caught."""
    found = {f.ambiguity: f for f in analyse(toss.make_module(), TOY_BUDGET).findings}
    f = found["take"]
    assert f.impact is not None
    weaker = replace(f, impact=replace(f.impact, cls="changes scores"))
    assert any("stronger than the class" in p for p in incoherences(weaker))
    unknown = replace(f, impact=replace(f.impact, cls="unknown"))  # type: ignore[arg-type]
    assert any("'unknown'" in p for p in incoherences(unknown))


@pytest.mark.slow
@pytest.mark.parametrize("game_id", ["ra", "sobek", "nefertiti", "nile_artefacts"])
def test_every_finding_of_the_four_games_is_coherent(game_id: str) -> None:
    """Every finding of each game on the quick budget with 4 strong games: no incoherence."""
    budget = replace(Budget.quick(), strong_trials=4, strong_simulations=4)
    for f in analyse(load(game_id), budget).findings:
        assert incoherences(f) == [], f.code
