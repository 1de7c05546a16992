"""A spec is compared as data: its digest and its edits ignore comments, key order and layout (issue 32); a long
value that changed is shown where it changed."""

from __future__ import annotations

from nilerules.specs import bundled_spec_path, differing_parts, edited_values, load_spec, parse_spec

RA = bundled_spec_path("ra")


def test_comments_key_order_and_layout_leave_the_digest_alone() -> None:
    """The same TOML data written three ways (a comment, keys reordered, other spacing) has one digest; a changed
    value another."""
    text = RA.read_text(encoding="utf-8")
    plain = parse_spec(text)
    commented = parse_spec("# a note\n" + text.replace("\n[meta]\n", "\n[meta]  # the game\n", 1))
    old = '[params.god_points]\ntype = "int"\nmin = -100\nmax = 100\nvalue = 2\n'
    assert text.count(old) == 1
    reordered = parse_spec(text.replace(old, '[params.god_points]\nvalue   =   2\nmax=100\nmin = -100\ntype = "int"\n'))
    changed = parse_spec(text.replace(old, old.replace("value = 2", "value = 3")))
    assert plain.digest == commented.digest == reordered.digest
    assert changed.digest != plain.digest


def test_edited_values_name_each_changed_value_and_nothing_else() -> None:
    """Two edits (a number inside a list, an ambiguity's default) are the two values listed, bundled -> edited, by
    key path; a rule matched by its id, not its place."""
    text = RA.read_text(encoding="utf-8")
    bundled = load_spec(RA)
    amb = next(iter(bundled.ambiguities.values()))
    other = next(r for r in amb.reading_names() if r != amb.default)
    head = f"[ambiguities.{amb.id}]"
    start = text.index(head)
    default_line = f'default = "{amb.default}"'
    at = text.index(default_line, start)
    edited = text[:at] + f'default = "{other}"' + text[at + len(default_line) :]
    edited = edited.replace("value = [5, -2]", "value = [6, -2]", 1)
    edits = edited_values(parse_spec(edited), bundled)
    assert [e.line() for e in edits] == [  # in the file's order: the params stand before the ambiguities
        "params.pharaoh_points.value: [5, -2] -> [6, -2]",
        f"ambiguities.{amb.id}.default: {amb.default} -> {other}",
    ]

def test_two_long_texts_are_shown_where_they_differ() -> None:
    """Two 300-character texts that differ in one word near the end are not cut at the same prefix (they looked
    the same): both show the changed word, with an ellipsis for what is left out."""
    common = "word " * 55
    old, new = differing_parts(common + "alpha and the rest", common + "omega and the rest")
    assert "alpha" in old and "omega" in new
    assert old.startswith("…") and new.startswith("…")
    assert len(old) < 100 and len(new) < 100
    assert differing_parts("short", "shorter") == ("short", "shorter")
