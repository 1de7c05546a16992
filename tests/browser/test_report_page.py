"""report.html in a real browser: headless Chromium (Debian's package) driven by Playwright, from file://.

Run by `nox -s browser`, which fails loudly when no browser can be had. Here the module is skipped when Playwright or
the browser is missing, so the ordinary test run (which installs neither) is not affected. What is checked, from the
page as a person sees it: no console errors and no network requests; every finding code of findings.json is on the
page; sorting and filtering change the row order as expected; the witness step-through advances and the drawn
position changes; each game's first evidence opens on its application point and each reading's continuation; the
copy button puts the wording on the clipboard. Screenshots go to artifacts/browser/.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

REQUIRED = os.environ.get("NILERULES_BROWSER_REQUIRED") == "1"
"""Set by `nox -s browser`: a missing Playwright or browser is then an error, never a skip."""
CHROMIUM = os.environ.get("NILERULES_CHROMIUM", "/usr/bin/chromium")
ARTIFACTS = Path(__file__).resolve().parents[2] / "artifacts" / "browser"
GAME_IDS = ("ra", "nile_artefacts", "sobek", "nefertiti")

if REQUIRED:
    import playwright.sync_api as sync_api

    assert Path(CHROMIUM).exists(), f"no Chromium at {CHROMIUM}"
else:
    sync_api = pytest.importorskip("playwright.sync_api")
    if not Path(CHROMIUM).exists():
        pytest.skip(f"no Chromium at {CHROMIUM} (nox -s browser fails loudly on this)", allow_module_level=True)


@pytest.fixture(scope="module")
def report_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A quick-budget report of all four games, written by the command line as a user would (or, to look at a report
    already written, the folder named by NILERULES_BROWSER_REPORT)."""
    given = os.environ.get("NILERULES_BROWSER_REPORT")
    if given:
        return Path(given)
    out = tmp_path_factory.mktemp("report")
    subprocess.run([sys.executable, "-m", "nilerules", "report", "--budget", "quick", "--out", str(out)], check=True)
    return out


@pytest.fixture(scope="module")
def findings(report_dir: Path) -> list[dict[str, Any]]:
    doc = json.loads((report_dir / "findings.json").read_text(encoding="utf-8"))
    return [f for game in doc["games"].values() for f in game["findings"]]


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, headless=True)
        yield b
        b.close()


class Page:
    """One page load with everything the browser reported: console errors, uncaught errors, requests."""

    def __init__(self, browser: Any, url: str) -> None:
        self.context = browser.new_context(viewport={"width": 1280, "height": 900})
        self.context.grant_permissions(["clipboard-read", "clipboard-write"])
        self.page = self.context.new_page()
        self.errors: list[str] = []
        self.requests: list[str] = []
        self.page.on("console", lambda m: self.errors.append(m.text) if m.type == "error" else None)
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.page.on("request", lambda r: self.requests.append(r.url))
        self.page.goto(url)
        self.page.wait_for_load_state("load")

    def codes(self, visible_only: bool = True) -> list[str]:
        """The finding codes in the summary table, top to bottom."""
        selector = "#summary tbody tr" + (":not(.hidden)" if visible_only else "")
        codes: list[str] = self.page.eval_on_selector_all(selector, "rows => rows.map(r => r.dataset.code)")
        return codes


@pytest.fixture()
def page(browser: Any, report_dir: Path) -> Iterator[Page]:
    loaded = Page(browser, (report_dir / "report.html").as_uri())
    yield loaded
    loaded.context.close()


def _rate(f: dict[str, Any]) -> float:
    """How often a finding matters, as findings.json gives it (-1 when not measured)."""
    head = (f.get("impact") or {}).get("headline") or {}
    return float(head["rate"]) if head.get("trials") else -1.0


def test_page_opens_from_file_without_console_errors_or_network_requests(page: Page) -> None:
    """Only the file itself is requested; nothing is logged as an error."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.page.screenshot(path=str(ARTIFACTS / "first-screen.png"))
    assert page.errors == []
    assert [u for u in page.requests if not u.startswith("file://")] == []


def test_every_finding_code_of_findings_json_is_on_the_page(page: Page, findings: list[dict[str, Any]]) -> None:
    """Each code has one summary row and one section, and the row links to the section."""
    expected = sorted(f["code"] for f in findings)
    assert sorted(page.codes()) == expected
    for code in expected:
        assert page.page.locator(f'article.finding[data-code="{code}"]').count() == 1
        href = page.page.locator(f'#summary tr[data-code="{code}"] td.code a').get_attribute("href")
        assert page.page.locator(f"article.finding{href}").count() == 1


def test_sorting_by_code_and_by_frequency_orders_the_rows(page: Page, findings: list[dict[str, Any]]) -> None:
    """Code: A to Z, then Z to A on a second click; how often: the most frequent first (ties by code), as the
    frequencies in findings.json order them."""
    codes = sorted(f["code"] for f in findings)
    header = page.page.locator('#summary th[data-sort="code"] button')
    header.click()
    assert page.codes() == codes
    header.click()
    assert page.codes() == list(reversed(codes))
    page.page.locator('#summary th[data-sort="rate"] button').click()
    by_rate = sorted(findings, key=lambda f: (-_rate(f), f["code"]))
    assert page.codes() == [f["code"] for f in by_rate]


def test_filters_show_only_the_matching_rows(page: Page, findings: list[dict[str, Any]]) -> None:
    """Game: only that game's codes; class: only findings of that impact class; at least 10 %: only those."""
    page.page.select_option("#filter-game", "sobek")
    assert sorted(page.codes()) == sorted(f["code"] for f in findings if f["game"] == "sobek")
    page.page.select_option("#filter-game", "")
    classes = sorted({(f.get("impact") or {}).get("class", "") for f in findings} - {""})
    assert classes, "findings.json carries no impact classes"
    wanted = classes[0]
    page.page.select_option("#filter-class", wanted)
    assert sorted(page.codes()) == sorted(f["code"] for f in findings if (f.get("impact") or {}).get("class") == wanted)
    page.page.select_option("#filter-class", "")
    page.page.select_option("#filter-rate", "0.1")
    assert sorted(page.codes()) == sorted(f["code"] for f in findings if _rate(f) >= 0.1)
    page.page.select_option("#filter-rate", "")
    assert len(page.codes()) == len(findings)


@pytest.mark.parametrize("game", GAME_IDS)
def test_witness_step_through_advances_and_redraws_the_position(page: Page, game: str) -> None:
    """In the game's first witness game: next moves the label on and the drawn position changes; previous then next
    draws the same position again; the end is where the readings part. A screenshot of the finding is saved there."""
    stepper = page.page.locator(f"#game-{game} .stepper").first
    assert stepper.count() == 1, f"no witness game for {game}"
    stepper.scroll_into_view_if_needed()
    board = stepper.locator(".board")
    label = stepper.locator(".step-label")
    start_board, start_label = board.inner_text(), label.inner_text()
    assert "setup" in start_label
    changed = False
    for _ in range(6):
        stepper.locator("button.next").click()
        if board.inner_text() != start_board:
            changed = True
            break
    assert label.inner_text() != start_label
    assert changed, "the drawn position never changed"
    assert stepper.locator(".chg").count() > 0  # what the move changed is highlighted
    after = board.inner_text()
    moved = label.inner_text()
    stepper.focus()
    page.page.keyboard.press("ArrowLeft")
    assert label.inner_text() != moved  # the arrow keys step too
    page.page.keyboard.press("ArrowRight")
    assert (label.inner_text(), board.inner_text()) == (moved, after)
    stepper.locator("button.prev").click()
    stepper.locator("button.next").click()
    assert board.inner_text() == after  # back and forth again draws the same position
    last = stepper.locator("button.last")
    if last.is_enabled():  # a witness of one move is already at its end (a play witness ends at the application point)
        last.click()
    assert "where the readings part" in label.inner_text()
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    article = stepper.locator("xpath=ancestor::article[1]")
    code = article.get_attribute("data-code")
    article.screenshot(path=str(ARTIFACTS / f"{game}-{code}.png"))
    assert page.errors == []


def test_copy_button_puts_the_wording_on_the_clipboard(page: Page, findings: list[dict[str, Any]]) -> None:
    """The first finding's copy button: the clipboard then holds its recommendation exactly."""
    first = findings[0]
    article = page.page.locator(f'article.finding[data-code="{first["code"]}"]')
    article.locator("button.copy").click()
    article.locator(".copied", has_text="copied").wait_for()
    assert page.page.evaluate("navigator.clipboard.readText()") == first["recommendation"]


@pytest.mark.parametrize("game", GAME_IDS)
def test_evidence_opens_on_the_application_point_then_each_readings_continuation(page: Page, game: str) -> None:
    """Issue 29: in the game's first finding with evidence, the closed box opens on a click; inside, the application
    point is highlighted (a visible band naming the move after which the readings part), then a continuation for
    each of at least two of the finding's readings, each naming its reading and its scores (or the move it refuses
    before the point); the summary names the seed and the step, as ambiguities.md does. A screenshot of the open
    evidence is saved."""
    box = page.page.locator(f"#game-{game} details.evidence").first
    assert box.count() == 1, f"no evidence for {game}"
    box.scroll_into_view_if_needed()
    point = box.locator(".application-point")
    assert not point.is_visible()
    box.locator("summary").click()
    assert point.is_visible()
    summary = box.locator("summary").inner_text()
    assert "seed " in summary and "after move " in summary
    step = summary.split("after move ")[1].split(")")[0]
    assert f"after move {step}" in point.inner_text()
    background = point.evaluate("e => getComputedStyle(e).backgroundColor")
    assert background not in ("rgba(0, 0, 0, 0)", "transparent")
    article = box.locator("xpath=ancestor::article[1]")
    readings = article.locator(".readings .reading h4 code").all_inner_texts()
    continuations = box.locator(".continuation")
    assert continuations.count() >= 2
    named = [c.get_attribute("data-reading") for c in continuations.all()]
    assert len(set(named)) == len(named) and set(named) <= set(readings), (named, readings)
    for c in continuations.all():  # a reading may refuse a move before the point: that is where it parts
        text = c.inner_text()
        assert "Scores at the application point" in text or "before the application point is refused" in text, text
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    box.screenshot(path=str(ARTIFACTS / f"{game}-evidence.png"))
    assert page.errors == []
