"""tools/playout_worker.py (``bench.py --reference``'s timer) plays a game under a spec file when a request names one,
and the bundled spec otherwise.

Expected values: the lengths of the same seeded games played in this process with ``core.playout.playout`` on the game
loaded from the same spec file.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from nilerules.core.playout import playout
from nilerules.games import load_game
from nilerules.specs import bundled_spec_path

WORKER = Path(__file__).resolve().parents[2] / "tools" / "playout_worker.py"


def older_sobek_spec(folder: Path) -> Path:
    """Sobek's bundled spec with rules version 4's deck and deliveries (one deck a game, two deliveries a round)."""
    text = Path(bundled_spec_path("sobek")).read_text(encoding="utf-8")
    for new, old in (('value = [6, 6, 6]', 'value = [2, 2, 2]'), ('value = [5, 5, 5]', 'value = [2, 2, 1]'),
                     ('value = "every_round"', 'value = "once"')):
        assert text.count(new) == 1
        text = text.replace(new, old)
    path = folder / "sobek-v4.toml"
    path.write_text(text, encoding="utf-8")
    return path


def ask_worker(requests: list[dict[str, object]]) -> list[dict[str, object]]:
    """The worker's answers to ``requests``, one JSON line each."""
    lines = "".join(json.dumps(r) + "\n" for r in requests)
    done = subprocess.run([sys.executable, str(WORKER)], input=lines, capture_output=True, text=True, check=True,
                          timeout=300)
    return [json.loads(line) for line in done.stdout.splitlines()]


def test_worker_plays_the_game_of_the_spec_a_request_names(tmp_path: Path) -> None:
    """With ``spec`` the worker's games are those of the game loaded from that file; without it, the bundled spec's
    (and here the two differ, so the spec was used)."""
    spec = older_sobek_spec(tmp_path)
    request = {"game": "sobek", "players": 3, "modules": [], "seeds": [0, 4]}
    with_spec, bundled = ask_worker([{**request, "spec": str(spec)}, request])
    for game, answer in ((load_game("sobek", str(spec)), with_spec), (load_game("sobek"), bundled)):
        lengths = tuple(playout(game, game.config(3), seed=s).length for s in range(4))
        assert (hash(lengths), sum(lengths)) == (answer["fingerprint"], answer["actions"])
    assert with_spec["fingerprint"] != bundled["fingerprint"]
