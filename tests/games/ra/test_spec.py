"""Ra's spec as the rules read it (issue 15's second pass): the readings the text rules out are marked contradicted,
with the quote."""

from __future__ import annotations

from nilerules.games import load_game

GAME = load_game("ra")

SPEC = GAME.spec


def test_the_readings_the_text_rules_out_are_marked() -> None:
    """The Traders module rules out once-per-claim crates (its Example), a capped supply (use a substitute), Small
    crates only (Large crates are scored), the shifted counts and the value reading ('all 40 of the Goods Crates'
    counts pieces), the reference's full-track discard rules out a forced bid there, its God sentence ('one tile
    of your choice from the auction track (not a God tile, not a Ra tile)') rules out forbidding a disaster, and its
    epoch-end sentence ('Then Gods, Gold, Civilizations and Floods are discarded') rules out keeping God tiles (RA-013:
    the walkthrough once cited for keeping them is not among the documents, issue 19 item 6)."""
    marked = {(amb_id, name) for amb_id, amb in SPEC.ambiguities.items()
              for reading in amb.readings if reading.contradicted for name in (reading.name,)}
    assert marked == {("crates_per_claim", "per_claim"), ("supply_exhausted", "capped"),
                      ("crate_exchange", "small_only"), ("crate_counts", "shifted"), ("crate_counts", "value_forty"),
                      ("full_track_bid", "forced"), ("god_takes_disaster", "forbidden"), ("gods_after_epoch", "keep")}
