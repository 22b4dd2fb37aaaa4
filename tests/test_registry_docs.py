"""The lists in docs/*.md and schemas/*.json that name products, card size presets, papers or
output names, checked against the one table each comes from: ``PRODUCTS``
(cardforge/products/product_registry.py), ``card_sizes.toml`` (cardforge/model), ``PAPER``
(cardforge/model/paper_units.py). A doc's list is compared with the whole table, so a
product or preset added to one and not the other fails; the checks that search text (schema
descriptions, output names) are also run against a table with one entry more or less, to
show they fail then.

Help texts and options: tests/test_registry_derived.py."""

from __future__ import annotations

import json
import re
from pathlib import Path

from cardforge.model.card_geometry import CardGeometry
from cardforge.model.card_sizes import presets
from cardforge.model.paper_units import PAPER
from cardforge.products.product_registry import PRODUCTS, card_exports
from cardforge.render.impose.fold_over import layout_fold
from cardforge.render.impose.slot_grid import layout_grid
from cardforge.workspace.print_profiles import OUTPUTS

REPO = Path(__file__).resolve().parents[1]
DOCS = REPO / "docs"
SCHEMAS = sorted((REPO / "schemas").glob("*.schema.json"))


def doc(name: str) -> str:
    return (DOCS / name).read_text(encoding="utf-8")


def table_rows(text: str, header: str) -> list[list[str]]:
    """The cells of the Markdown table whose header line starts with ``header``."""
    lines = text[text.index(header):].splitlines()[2:]
    rows = []
    for line in lines:
        if not line.startswith("|"):
            break
        rows.append([cell.strip().strip("`") for cell in line.strip("|").split("|")])
    return rows


def named(text: str, names: list[str]) -> list[str]:
    """The names of ``names`` that ``text`` mentions as whole words, in ``names``' order."""
    return [name for name in names if re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", text)]


# Card size presets

def test_printing_md_preset_table_is_card_sizes_toml():
    rows = table_rows(doc("printing.md"), "| preset | trim (mm) |")
    assert [(name, trim) for name, trim in rows] == [
        (name, f"{w:g} × {h:g}") for name, (w, h) in presets().items()]


def test_printing_md_cards_a_sheet_table_is_every_preset_laid_out_on_every_paper():
    header = "| preset | sheets, A4 | sheets, Letter | fold-over, A4 | fold-over, Letter |"
    assert [f"sheets, {p.title() if len(p) > 2 else p.upper()}" for p in PAPER] == header.split(" | ")[1:3]
    expected = []
    for name, (w, h) in presets().items():
        card = CardGeometry(w, h, 3.0, 4.0)
        grids = [layout_grid(card, paper) for paper in PAPER]
        folds = [layout_fold(card, paper).fronts for paper in PAPER]
        expected.append([name, *(f"{g.columns} × {g.rows} = {g.per_sheet}" for g in grids), *(
            f"{f.columns} × {f.rows} = {f.per_sheet} "
            f"({'landscape' if f.paper_width_mm > f.paper_height_mm else 'portrait'})" for f in folds)])
    assert table_rows(doc("printing.md"), header) == expected


def stale_descriptions(names: list[str]) -> list[str]:
    """Schema descriptions that name two presets or more of ``names`` but not all of them,
    and ``enum`` lists holding a preset that are not exactly ``names``."""
    stale = []
    for path in SCHEMAS:
        for key, value in _walk(json.loads(path.read_text(encoding="utf-8"))):
            mentioned = named(value, names) if key == "description" and isinstance(value, str) else []
            if len(mentioned) >= 2 and mentioned != names:
                stale.append(f"{path.name}: {value}")
            if key == "enum" and set(value) & set(names) and value != names:
                stale.append(f"{path.name}: enum {value}")
    return stale


def test_every_schema_list_of_presets_is_card_sizes_toml():
    names = list(presets())
    assert stale_descriptions(names) == []
    assert len(stale_descriptions([*names, "jumbo"])) >= 3  # the enum and both descriptions


def _walk(node: object) -> list[tuple[str, object]]:
    """Every (key, value) pair anywhere in a schema."""
    if isinstance(node, dict):
        return [pair for key, value in node.items() for pair in [(key, value), *_walk(value)]]
    if isinstance(node, list):
        return [pair for value in node for pair in _walk(value)]
    return []


# Products

def products_row(text: str) -> str:
    """architecture.md's table row of the products package: its 'what it owns' cell."""
    return next(line for line in text.splitlines() if line.startswith("| `cardforge.products` |"))


def test_architecture_md_names_every_product():
    owns = products_row(doc("architecture.md")).split("|")[2]
    listed = re.findall(r"`([a-z]+)`", owns[:owns.index("the one product table")])
    assert listed == list(PRODUCTS)


def test_game_packs_md_products_paragraph_names_every_product():
    paragraph = " ".join(doc("game-packs.md").split("- **Products.**")[1].split("\n- ")[0].split())
    listed = re.findall(r"`([a-z]+)`", paragraph)
    assert sorted(set(listed)) == sorted(PRODUCTS)
    exports = paragraph[paragraph.index("the card exports"):paragraph.index("cardforge build --help")]
    assert re.findall(r"`([a-z]+)`", exports) == card_exports()


def test_exports_md_names_the_card_exports_and_profile_outputs():
    text = doc("exports.md")
    asked = set(re.findall(r"--product ([a-z]+)", text))
    assert asked <= set(card_exports()) and asked | {"pdfx"} == set(card_exports())  # pdfx: by profile
    outputs = re.search(r"\(`output`: ([^)]*)\)", text)[1]
    assert re.findall(r"`([a-z]+)`", outputs) == list(OUTPUTS)


# Output names

PROFILES = sorted(path.stem for path in (REPO / "profiles").glob("*.toml"))
LANG = r"(?:<lang>|LANG|[a-z]{2})"
NAME = re.compile(
    rf"(?<![\w<>#-])(?:(?:<game>|<id>|GAME)-(?:[a-z]+(?:-[a-z]+)*?|<\w+>)|[a-z][a-z0-9-]*?-(?:[a-z]+-poker|"
    rf"{'|'.join(PRODUCTS)}))-{LANG}(?![\w])(?:-[\w<>-]*[\w>])?(?:\.pdf|/[\w<>\[\].-]*[\w>\]]|/)?")
"""A file or folder name a doc gives for a product's output: a game and a product or print-shop
profile (any word after a placeholder game), a language, then a variant, ``.pdf`` or what
the folder holds."""


def pattern_regex(pattern: str, slots: list[str]) -> re.Pattern[str]:
    """``pattern`` (a ``Product.writes`` entry) as a regex matching what a doc may write for
    it: a real or placeholder game and language, a paper of ``PAPER``, any of ``slots`` in the
    product's place, anything for the other placeholders; ``[...]`` optional."""
    game, product, rest = pattern.split("-", 2)
    places = {"<game>": r"(?:<game>|<id>|GAME|[a-z][a-z0-9-]*)", "<lang>": LANG,
              "<paper>": "(?:<paper>|" + "|".join(PAPER) + ")", "[": "(?:", "]": ")?"}
    regex = "".join(places.get(token) or (r"(?:<\w+>|[\w.-]+)" if token.startswith("<") else re.escape(token))
                    for token in re.split(r"(<\w+>|\[|\])", f"{game}-\0-{rest}"))
    return re.compile(regex.replace("\0", "(?:" + "|".join(map(re.escape, slots)) + ")") + "/?")


def matches(regex: re.Pattern[str], name: str) -> bool:
    """Whether ``name`` is what :func:`pattern_regex` ``regex`` stands for: the whole
    pattern, or, for a name without a folder part, the pattern's first part (a folder)."""
    if "/" in name.rstrip("/"):
        return regex.fullmatch(name) is not None
    return re.fullmatch(regex.pattern.split("/")[0] + "/?", name) is not None


def product_regexes(products: dict) -> dict[tuple[str, str], re.Pattern[str]]:
    """(product, pattern) → :func:`pattern_regex`, a print-shop profile's id allowed in the
    place of a product a profile makes."""
    return {(name, written): pattern_regex(written, [name, *PROFILES, "<profile>"] if product.profile_output
                                           else [name])
            for name, product in products.items() for written in product.writes}


def unknown_names(text: str, products: dict) -> list[str]:
    """The output names in ``text`` that no pattern of ``products`` matches."""
    regexes = product_regexes(products).values()
    return [found for found in NAME.findall(text)
            if "<product>" not in found and not any(matches(regex, found) for regex in regexes)]


def test_every_output_name_in_the_docs_is_one_a_product_writes():
    texts = {path.name: path.read_text(encoding="utf-8")
             for path in [*DOCS.glob("*.md"), REPO / "README.md", REPO / "cardforge" / "cli.py"]}
    found = {name: NAME.findall(text) for name, text in texts.items()}
    assert sum(map(len, found.values())) >= 30  # the docs do name outputs
    assert {name: unknown_names(text, PRODUCTS) for name, text in texts.items()
            if unknown_names(text, PRODUCTS)} == {}
    fewer = {name: product for name, product in PRODUCTS.items() if name != "rulesheet"}
    assert "goblin-market-rulesheet-en.pdf" in unknown_names(doc("your-first-game.md"), fewer)
