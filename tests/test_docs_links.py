"""The docs hold together: every relative markdown link with an anchor
from README.md, benchmarks/**/*.md and docs/*.md into docs/*.md names a
heading that exists there (issue 46: design.md's reference material moved
to reference.md, and a link left pointing at the old place fails silently
on GitHub, landing at the top of the page); design.md's picture of the
layers is the import contract of pyproject.toml; the results schema in
reference.md names every column the results file has."""

import re
import tomllib
from pathlib import Path

import pytest


ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
SOURCES = [ROOT / "README.md", *sorted((ROOT / "benchmarks").rglob("*.md")),
           *sorted(DOCS.glob("*.md"))]
LINK = re.compile(r"\[[^\]]*\]\(([^()\s]+)\)")


def _outside_code(text: str) -> str:
    """``text`` without its fenced code blocks (a ``# comment`` in a code
    block is no heading)."""
    return re.sub(r"^```.*?^```", "", text, flags=re.M | re.S)


def anchor(heading: str) -> str:
    """GitHub's anchor of a heading: lowercase, punctuation other than
    ``-`` and ``_`` dropped, each space a ``-``."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def anchors(path: Path) -> set[str]:
    """The anchors of ``path``'s headings, a repeated one numbered as GitHub
    numbers it (``name``, ``name-1``, ...)."""
    seen: dict[str, int] = {}
    found = set()
    for heading in re.findall(r"^#{1,6}\s+(.+?)\s*#*$", _outside_code(path.read_text()), re.M):
        name = anchor(heading)
        found.add(f"{name}-{seen[name]}" if name in seen else name)
        seen[name] = seen.get(name, 0) + 1
    return found


def links_into_docs(source: Path) -> list[tuple[str, Path, str]]:
    """``(link, target file, anchor)`` for each relative link with an anchor
    from ``source`` into a markdown file of docs/."""
    found = []
    for link in LINK.findall(_outside_code(source.read_text())):
        if "#" not in link or re.match(r"\w+:", link):
            continue
        where, name = link.split("#", 1)
        target = (source.parent / where).resolve() if where else source.resolve()
        if target.parent == DOCS and target.suffix == ".md":
            found.append((link, target, name))
    return found


def test_the_anchor_rule_is_githubs():
    assert anchor("Values 0..N-1") == "values-0n-1"
    assert anchor("Why `Rules` keys the models") == "why-rules-keys-the-models"
    assert anchor("MILP: the Pyomo model, the matrix, the back-ends") \
        == "milp-the-pyomo-model-the-matrix-the-back-ends"


def test_the_sources_link_into_both_docs():
    targets = {target.name for source in SOURCES for _, target, _ in links_into_docs(source)}
    assert {"design.md", "reference.md"} <= targets


@pytest.mark.parametrize("source", SOURCES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_anchored_link_into_the_docs_names_a_heading(source):
    broken = [link for link, target, name in links_into_docs(source)
              if not target.exists() or name not in anchors(target)]
    assert broken == [], f"{source.relative_to(ROOT)}: links to no heading: {broken}"


def _picture_cells() -> list[str]:
    """The cells of design.md's picture of the layers, in reading order: each
    line of the code block after the ``<!-- layers`` marker, cut at tree
    glyphs and at runs of two spaces or more."""
    text = (DOCS / "design.md").read_text()
    block = re.search(r"<!-- layers.*?-->\n```\n(.*?)```", text, re.S).group(1)
    return [cell.strip() for line in block.splitlines()
            for cell in re.split(r"\s{2,}|[─┬├└]+", line) if cell.strip()]


def test_the_picture_of_the_layers_is_the_import_contract():
    """Every layered contract of pyproject.toml, each layer as written there
    (``|`` joining independent modules), appears in the picture in the
    contract's order, top to bottom."""
    cells = _picture_cells()
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    layered = [c for c in config["tool"]["importlinter"]["contracts"] if c["type"] == "layers"]
    assert len(layered) >= 4
    for contract in layered:
        at = 0
        for layer in contract["layers"]:
            assert layer in cells[at:], (contract["containers"], layer)
            at = cells.index(layer, at) + 1


def test_the_results_schema_names_every_column():
    from sudoku_models.records.results import COLUMNS

    text = (DOCS / "reference.md").read_text()
    schema = text[text.index("## The results schema"):text.index("## The command line")]
    named = {name for row in re.findall(r"^\| (.+?) \|", schema, re.M)
             for name in re.findall(r"`(\w+)`", row)}
    assert set(COLUMNS) <= named, set(COLUMNS) - named


def test_the_readmes_map_places_every_module_of_the_contract():
    """Each module of the library's main contract is in one row of the
    README's map, and the rows follow the contract's order."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    main = next(c for c in config["tool"]["importlinter"]["contracts"]
                if c.get("containers") == ["sudoku_models"])
    readme = (ROOT / "README.md").read_text()
    table = readme[readme.index("## Map of the code"):readme.index("Beside the library:")]
    rows = [re.findall(r"`(\w+)/?`", line.split(" | ")[0]) for line in table.splitlines()
            if line.startswith("| `")]
    at = 0
    for layer in main["layers"]:
        for module in (m.strip() for m in layer.split("|")):
            row = next((i for i, names in enumerate(rows) if module in names), None)
            assert row is not None and row >= at, (module, at)
            at = row
