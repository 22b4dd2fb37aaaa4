"""The package layout docs/architecture.md promises (issue 36): one name per module, small
packages by concern, a root with only the entry point and a handful of modules, a package
docstring saying what each owns and may import, and the architecture table true to the tree
and to the imports."""

from __future__ import annotations

import ast
import collections
import re
from pathlib import Path

import grimp
import pytest

REPO = Path(__file__).resolve().parents[1]
PACKAGE = REPO / "cardforge"
ARCHITECTURE = REPO / "docs" / "architecture.md"

MAX_MODULES_PER_PACKAGE = 20
"""The issue's "about 20" modules a package directory may hold (``__init__`` not counted)."""

ROOT_MODULES = {"launch", "cli", "errors", "problem"}
"""What the root of cardforge/ holds besides ``__init__`` and ``__main__``."""

_ROW = re.compile(r"^\| `(cardforge(?:\.[a-z0-9_]+)*)` \| (.+?) \| (.+?) \|$")


def modules() -> list[Path]:
    """Every Python module under cardforge/ (files, not packages' ``__init__``)."""
    return sorted(p for p in PACKAGE.rglob("*.py") if p.name not in ("__init__.py", "__main__.py"))


def packages() -> list[str]:
    """Every package under cardforge/, as a dotted name."""
    return sorted(".".join(p.parent.relative_to(REPO).parts) for p in PACKAGE.rglob("__init__.py"))


def table() -> dict[str, tuple[str, set[str]]]:
    """docs/architecture.md's table: package → (what it owns, what it may import, dotted)."""
    rows: dict[str, tuple[str, set[str]]] = {}
    for line in ARCHITECTURE.read_text(encoding="utf-8").splitlines():
        found = _ROW.match(line)
        if found:
            names = re.findall(r"`([a-z0-9_.]+)`", found.group(3))
            dotted = {n if n == "cardforge" else f"cardforge.{n}" for n in names}
            rows[found.group(1)] = (found.group(2), dotted)
    return rows


def owner(module: str, known: list[str]) -> str:
    """The most specific package in ``known`` holding ``module``."""
    return max((p for p in known if module == p or module.startswith(p + ".")), key=len)


def test_no_module_name_appears_twice():
    counts = collections.Counter(p.name for p in modules())
    assert [name for name, n in counts.items() if n > 1] == []


def test_the_name_check_sees_a_repeat(tmp_path):
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    for folder in ("a", "b"):
        (tmp_path / folder / "faces.py").write_text("")
    counts = collections.Counter(p.name for p in tmp_path.rglob("*.py"))
    assert [name for name, n in counts.items() if n > 1] == ["faces.py"]


def test_no_package_holds_more_than_about_twenty_modules():
    sizes = collections.Counter(p.parent.relative_to(REPO).as_posix() for p in modules())
    assert {folder: n for folder, n in sizes.items() if n > MAX_MODULES_PER_PACKAGE} == {}


def test_the_root_holds_the_entry_point_and_a_handful_of_modules():
    root = {p.stem for p in PACKAGE.glob("*.py")} - {"__init__", "__main__"}
    assert root == ROOT_MODULES


@pytest.mark.parametrize("package", [p for p in packages() if ".games." not in p])
def test_each_core_package_says_what_it_owns_and_may_import(package):
    init = REPO.joinpath(*package.split("."), "__init__.py")
    doc = ast.get_docstring(ast.parse(init.read_text(encoding="utf-8"))) or ""
    assert len(doc) > 80, f"{package} has no package docstring worth the name"
    assert re.search(r"\b(may\s+import|imports\s+no|import\s+only)", doc, re.IGNORECASE), (
        f"{package}'s docstring does not say what it may import")


def test_the_architecture_table_lists_every_package_and_nothing_else():
    assert sorted(table()) == packages()


def test_the_architecture_table_says_what_each_package_imports():
    known = packages()
    rows = table()
    graph = grimp.build_graph("cardforge")
    unlisted: dict[str, set[str]] = collections.defaultdict(set)
    for module in graph.modules:
        mine = owner(module, known)
        for imported in graph.find_modules_directly_imported_by(module):
            theirs = owner(imported, known)
            if theirs != mine and theirs not in rows[mine][1]:
                unlisted[mine].add(theirs)
    assert dict(unlisted) == {}


def test_the_table_reader_reads_a_row():
    line = "| `cardforge.render.cache` | faces kept | `build`, `render.layout`, `cardforge` |"
    found = _ROW.match(line)
    assert found and found.group(1) == "cardforge.render.cache"
    assert re.findall(r"`([a-z0-9_.]+)`", found.group(3)) == ["build", "render.layout", "cardforge"]


def test_every_cardforge_file_a_doc_schema_or_template_names_exists():
    """A path such as ``cardforge/render/layout/face_layout.py`` written in the docs, the
    README, a schema's description, a template's comment or a docstring names a real file
    (docs/benchmarks.md aside: its dated sections record the code as it was then)."""
    docs = [p for p in REPO.glob("docs/*.md") if p.name != "benchmarks.md"]
    texts = [REPO / "README.md", *docs, *REPO.glob("schemas/*.json"),
             *(p for p in (REPO / "templates").rglob("*") if p.suffix in (".j2", ".css")),
             *PACKAGE.rglob("*.py")]
    missing = {}
    for text in texts:
        content = text.read_text(encoding="utf-8")
        for name in re.findall(r"(?<![\w/.])cardforge/[\w/]+\.(?:py|toml|json)\b", content):
            if not (REPO / name).exists():
                missing.setdefault(name, text.relative_to(REPO).as_posix())
    assert missing == {}


_DATE = re.compile(r"\b20\d\d-[01]\d-[0-3]\d\b")
_LITERAL = re.compile(r"``.*?``", re.DOTALL)


def dated_docstrings(root: Path) -> list[str]:
    """``file:line`` of each module, class or function docstring under ``root`` that carries
    a date outside a ``literal`` (an example value, as YAML's ``2026-11-24``)."""
    found = []
    for path in sorted(root.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
                text = ast.get_docstring(node, clean=False)
                if text and _DATE.search(_LITERAL.sub("", text)):
                    found.append(f"{path.relative_to(root)}:{getattr(node, 'lineno', 1)}")
    return found


def test_no_docstring_carries_a_dated_measurement():
    """Docstrings state behaviour and units; measurements, which go stale, live in
    docs/benchmarks.md with their dates (issue 36)."""
    assert dated_docstrings(PACKAGE) == []


def test_the_date_check_sees_a_dated_docstring(tmp_path):
    (tmp_path / "timed.py").write_text('"""Fast.\n\nMeasured 2026-11-28: 5 % fewer."""\n'
                                       'def f():\n    """A date as ``2026-11-24``."""\n', encoding="utf-8")
    assert dated_docstrings(tmp_path) == ["timed.py:1"]
