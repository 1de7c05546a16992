"""Ra's parameters and readings for one configuration: the ``RaParams`` record, built once per config from the spec.

``make_params(spec, config)`` is the one place the spec's numbers and the config's readings become what the rules
use. The readings reach the rules in one idiom: ``readings_of(config).<ambiguity id>`` (the ``Readings`` record,
``nilerules.core.readings``). The rules are the hot path of every playout, so ``make_params`` derives one bool per
ambiguity from ``readings_of(config)`` into ``RaParams``, named ``<ambiguity id>_<reading>`` (``pharaoh_all_tie_share``
is true under RA-001's reading ``share``), so that a search for an ambiguity's id finds every rule that branches on
it; the crate counts of RA-004 are resolved here too. Nothing else reads a reading."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final, Literal, NamedTuple, get_args

from nilerules.core.readings import record
from nilerules.core.types import Config
from nilerules.errors import MalformedAction, SpecError
from nilerules.games.ra.names import KIND_BY_NAME
from nilerules.games.ra.state import KINDS, TRADER, Disk, Points
from nilerules.specs import Spec

# the readings a helper of the rules takes as an argument, named after the ambiguity's id and typed like the
# record's field, so that a misspelt reading name fails the type check wherever it is passed
CrateCounts = Literal["as_printed", "value_forty", "shifted"]
# each one's reading names, in the Literal's order (``core.readings.one_of`` narrows a name to one of them)
CRATE_COUNTS: tuple[CrateCounts, ...] = get_args(CrateCounts)


class Readings(NamedTuple):
    """The chosen reading of each ambiguity of specs/ra.toml (in the spec's order, RA-001 to RA-017)."""

    pharaoh_all_tie: Literal["share", "nobody"]
    sun_all_tie: Literal["share", "nobody"]
    winner_tiebreak: Literal["shared", "highest_disk"]
    crate_counts: CrateCounts
    supply_exhausted: Literal["unlimited", "capped"]
    crates_per_claim: Literal["per_tile", "per_claim"]
    crate_exchange: Literal["pooled", "small_only"]
    god_takes_disaster: Literal["allowed", "forbidden"]
    invoke_empty_track: Literal["allowed", "forbidden"]
    drought_order: Literal["floods_first", "choose"]
    last_ra: Literal["at_once", "final_auction"]
    full_track_bid: Literal["unforced", "forced"]
    gods_after_epoch: Literal["discard", "keep"]
    epoch_starter: Literal["highest_disk", "next_player"]
    bag_empty: Literal["epoch_ends", "game_ends"]
    disaster_lot: Literal["with_lot", "before_lot"]
    track_at_epoch_end: Literal["discard", "stay"]


def readings_of(config: Config) -> Readings:
    """``config``'s readings as a ``Readings`` record (the same object for every config with the same readings)."""
    return record(config, Readings)


@dataclass(frozen=True, slots=True)
class RaParams:
    """The component data and constants one game uses, resolved from the spec for its configuration.

    Part of every state, and so of the state's JSON form (which a log's digest is taken of): its fields keep their
    names there, but for the reading flags, which keep the names they had before they were named after their
    ambiguities (``JSON_NAMES``)."""

    tiles: tuple[int, ...]
    """Tiles in the bag at setup, by kind."""
    auction_track: int
    ra_track: int
    disk_sets: tuple[tuple[Disk, ...], ...]
    center_disk: Disk
    start_score: Points
    epochs: int
    small_crates: int
    """RA-004: the Small crates under the config's reading of ``crate_counts`` (``crate_supply``)."""
    large_crates: int
    """RA-004: the Large crates under the config's reading of ``crate_counts``."""
    large_value: int
    god_points: Points
    gold_points: Points
    pharaoh_most: Points
    pharaoh_fewest: Points
    civ_points: tuple[Points, ...]
    """By the number of distinct civilization kinds, 0..5."""
    monument_distinct: tuple[Points, ...]
    """By the number of distinct monument kinds, 0..8."""
    monument_same: tuple[Points, ...]
    """By the number of identical monuments of one kind, 0..5."""
    sun_most: Points
    sun_fewest: Points
    trader_points: Points
    disaster_discards: int
    # -- derived from the readings in make_params (the rules' hot path tests a bool, not a string) --------------
    pharaoh_all_tie_share: bool
    """RA-001 (pharaoh_all_tie): ``readings_of(config).pharaoh_all_tie == "share"``."""
    sun_all_tie_share: bool
    """RA-002 (sun_all_tie): ``readings_of(config).sun_all_tie == "share"``."""
    winner_tiebreak_highest_disk: bool
    """RA-003 (winner_tiebreak): ``readings_of(config).winner_tiebreak == "highest_disk"``."""
    supply_exhausted_capped: bool
    """RA-005 (supply_exhausted): ``readings_of(config).supply_exhausted == "capped"``."""
    crates_per_claim_per_tile: bool
    """RA-006 (crates_per_claim): ``readings_of(config).crates_per_claim == "per_tile"``."""
    crate_exchange_pooled: bool
    """RA-007 (crate_exchange): ``readings_of(config).crate_exchange == "pooled"``."""
    god_takes_disaster_allowed: bool
    """RA-008 (god_takes_disaster): ``readings_of(config).god_takes_disaster == "allowed"``."""
    invoke_empty_track_allowed: bool
    """RA-009 (invoke_empty_track): ``readings_of(config).invoke_empty_track == "allowed"``."""
    drought_order_floods_first: bool
    """RA-010 (drought_order): ``readings_of(config).drought_order == "floods_first"``."""
    last_ra_at_once: bool
    """RA-011 (last_ra): ``readings_of(config).last_ra == "at_once"``."""
    full_track_bid_forced: bool
    """RA-012 (full_track_bid): ``readings_of(config).full_track_bid == "forced"``."""
    gods_after_epoch_keep: bool
    """RA-013 (gods_after_epoch): ``readings_of(config).gods_after_epoch == "keep"``."""
    epoch_starter_highest_disk: bool
    """RA-014 (epoch_starter): ``readings_of(config).epoch_starter == "highest_disk"``."""
    bag_empty_game_ends: bool
    """RA-015 (bag_empty): ``readings_of(config).bag_empty == "game_ends"``."""
    disaster_lot_with_lot: bool
    """RA-016 (disaster_lot): ``readings_of(config).disaster_lot == "with_lot"``."""
    track_at_epoch_end_stay: bool
    """RA-017 (track_at_epoch_end): ``readings_of(config).track_at_epoch_end == "stay"``."""


JSON_NAMES: Final = {
    "pharaoh_all_tie_share": "pharaoh_tie_share",
    "sun_all_tie_share": "sun_tie_share",
    "winner_tiebreak_highest_disk": "tiebreak_highest_disk",
    "supply_exhausted_capped": "supply_capped",
    "crates_per_claim_per_tile": "crates_per_tile",
    "crate_exchange_pooled": "exchange_pooled",
    "god_takes_disaster_allowed": "god_takes_disaster",
    "invoke_empty_track_allowed": "invoke_empty",
    "drought_order_floods_first": "floods_first",
    "full_track_bid_forced": "full_track_forced",
    "gods_after_epoch_keep": "gods_kept",
    "epoch_starter_highest_disk": "starter_highest_disk",
    "disaster_lot_with_lot": "disaster_with_lot",
    "track_at_epoch_end_stay": "track_stays",
}
"""The key of a reading flag of ``RaParams`` in a state's JSON, where it differs from the field's name: the state
format's own key for the flag, named for what it does rather than after its ambiguity. The JSON keeps it, because a
log records the digest of its final state's JSON (``core.log.state_digest``: the golden playthroughs, every log
written so far) and a state written earlier must still load (docs/hot-paths.md has the history)."""
FIELDS_BY_JSON_NAME: Final = {key: name for name, key in JSON_NAMES.items()}


def params_to_data(data: dict[str, Any]) -> dict[str, Any]:
    """``RaParams`` as JSON data (``codec.to_data``'s object), its reading flags under their ``JSON_NAMES``."""
    return {JSON_NAMES.get(key, key): value for key, value in data.items()}


def params_from_data(data: Any) -> Any:
    """The JSON object of ``RaParams`` with its keys as ``codec.from_data`` reads them: the ``JSON_NAMES`` translated
    to the fields' names (a field's own name where the JSON has another key for it is refused)."""
    if not isinstance(data, dict):
        return data
    misnamed = sorted(set(data) & set(JSON_NAMES))
    if misnamed:
        keys = [JSON_NAMES[name] for name in misnamed]
        raise MalformedAction(f"$.params: unknown fields {misnamed} (a state's JSON names them {keys})")
    return {FIELDS_BY_JSON_NAME.get(key, key): value for key, value in data.items()}


def crate_supply(spec: Spec, crate_counts: CrateCounts) -> tuple[int, int]:
    """RA-004 (crate_counts): the (Small, Large) crates under each reading of the component list, from the printed
    numbers.

    as_printed: each number follows its label (the spec's small_crates, large_crates); value_forty: '40 Goods
    Crates' is their value, with the Large count as printed; shifted: each number precedes its label, so Small takes
    the number printed after 'Docks boards' and Large the one printed after 'Small Goods Crates'.
    """
    small, large = spec.int("small_crates"), spec.int("large_crates")
    if crate_counts == "value_forty":
        return max(0, spec.int("crate_total") - spec.int("large_crate_value") * large), large
    if crate_counts == "shifted":
        return spec.int("docks_boards"), small
    return small, large


def spec_problems(spec: Spec) -> list[tuple[str, str]]:
    """What the schema cannot see in Ra's spec, as (key, problem): each player count's sun disks are distinct, the
    sets and the centre disk (the reference numbers them 1-16, one of each; the schema bounds each value). A
    repeated disk names the key; a centre disk that is also dealt names both params.center_disk and the player
    counts' params.disk_sets, either of which may be wrong."""
    centre = spec.int("center_disk")
    problems = []
    clashes = []
    for n, sets in sorted(spec.value("disk_sets").items()):
        dealt = [d for ds in sets for d in ds]
        repeated = sorted({d for d in [centre, *dealt] if [centre, *dealt].count(d) > 1})
        if centre in dealt:
            clashes.append(n)
        if repeated:
            also = f" ({centre!r} is the centre disk, params.center_disk)" if centre in dealt else ""
            problems.append((f"params.disk_sets.value.{n}", f"each sun disk exists once; repeated: {repeated!r}{also}"))
    if clashes:
        problems.append(
            ("params.center_disk.value", f"each sun disk exists once; the centre disk {centre!r} is also dealt in "
                                         f"the disk sets of {', '.join(clashes)} players")
        )
    return problems


def check_spec(spec: Spec) -> None:
    """Every problem of :func:`spec_problems` in one SpecError (the game checks its spec once, when it is made)."""
    problems = spec_problems(spec)
    if problems:
        raise SpecError(spec.path, problems)


def make_params(spec: Spec, config: Config) -> RaParams:
    """The parameters and readings one game uses, from the spec and the configuration (a SpecError lists every
    problem of the spec at once)."""
    check_spec(spec)
    n = str(config.players)
    tiles = [0] * KINDS
    for name, count in spec.typed("tiles", lambda v: isinstance(v, dict), "a table of tile counts").items():
        tiles[KIND_BY_NAME[name]] = int(count)
    if config.has("traders"):
        tiles[TRADER] = spec.int("trader_tiles")
    table = spec.typed("ra_track", lambda v: isinstance(v, dict), "a table by player count")
    disk_sets = spec.typed("disk_sets", lambda v: isinstance(v, dict), "a table by player count")
    r = readings_of(config)
    small, large = crate_supply(spec, r.crate_counts)
    pharaoh = spec.value("pharaoh_points")
    sun = spec.value("sun_disk_points")
    return RaParams(
        tiles=tuple(tiles),
        auction_track=spec.int("auction_track"),
        ra_track=int(table[n]),
        disk_sets=tuple(tuple(int(d) for d in ds) for ds in disk_sets[n]),
        center_disk=spec.int("center_disk"),
        start_score=spec.int("start_score"),
        epochs=spec.int("epochs"),
        small_crates=small,
        large_crates=large,
        large_value=spec.int("large_crate_value"),
        god_points=spec.int("god_points"),
        gold_points=spec.int("gold_points"),
        pharaoh_most=int(pharaoh[0]),
        pharaoh_fewest=int(pharaoh[1]),
        civ_points=tuple(int(x) for x in spec.value("civilization_points")),
        monument_distinct=tuple(int(x) for x in spec.value("monument_distinct_points")),
        monument_same=tuple(int(x) for x in spec.value("monument_identical_points")),
        sun_most=int(sun[0]),
        sun_fewest=int(sun[1]),
        trader_points=spec.int("trader_points"),
        disaster_discards=spec.int("disaster_discards"),
        pharaoh_all_tie_share=r.pharaoh_all_tie == "share",
        sun_all_tie_share=r.sun_all_tie == "share",
        winner_tiebreak_highest_disk=r.winner_tiebreak == "highest_disk",
        supply_exhausted_capped=r.supply_exhausted == "capped",
        crates_per_claim_per_tile=r.crates_per_claim == "per_tile",
        crate_exchange_pooled=r.crate_exchange == "pooled",
        god_takes_disaster_allowed=r.god_takes_disaster == "allowed",
        invoke_empty_track_allowed=r.invoke_empty_track == "allowed",
        drought_order_floods_first=r.drought_order == "floods_first",
        last_ra_at_once=r.last_ra == "at_once",
        full_track_bid_forced=r.full_track_bid == "forced",
        gods_after_epoch_keep=r.gods_after_epoch == "keep",
        epoch_starter_highest_disk=r.epoch_starter == "highest_disk",
        bag_empty_game_ends=r.bag_empty == "game_ends",
        disaster_lot_with_lot=r.disaster_lot == "with_lot",
        track_at_epoch_end_stay=r.track_at_epoch_end == "stay",
    )
