"""docs/your-first-game.md, run exactly as written, in an empty folder.

The walkthrough is the script. In its Markdown:

- a ```console fence holds commands, each a line ``$ cardforge …``; a command expected to
  fail ends with ``# exits N``. The lines after a command, up to the next ``$ `` line, are
  its output: each one (stripped, blank lines aside) must be a line of what the command
  printed on stdout and stderr, except a line with ``…``, which stands for output left out;
- ``<!-- append: PATH -->`` right before a fence: the fence's text is added at the end of
  PATH (relative to the folder);
- ``<!-- edit: PATH -->`` right before a ```diff fence: the lines starting with ``-`` and
  the context lines (a space first) must occur once, in that order, in PATH; they become
  the context lines and the lines starting with ``+``.

Other fences are illustrations and are not run. Steps run in the order of the document;
the first command that exits otherwise or misses a line fails the test, naming its line
in the document and showing what it printed.
"""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

import pypdfium2
from markdown_it import MarkdownIt

DOC = Path(__file__).resolve().parents[2] / "docs" / "your-first-game.md"
CARDFORGE = Path(sys.executable).with_name("cardforge")
TIMEOUT = 120
"""Seconds a command may take (a build of the sample game takes a few)."""

ELIDED = "…"
DIRECTIVE = re.compile(r"<!--\s*([a-z-]+)\s*:\s*(\S+)\s*-->")
EXITS = re.compile(r"\s+#\s*exits\s+([0-9]+)\s*$")


@dataclass
class Command:
    """A ``$ `` line of a console fence: its line in the document, its words, the exit
    status it must end with and the lines it must print."""

    line: int
    argv: list[str]
    exit_code: int = 0
    expected: list[str] = field(default_factory=list)


@dataclass
class Append:
    line: int
    path: str
    text: str


@dataclass
class Edit:
    line: int
    path: str
    old: list[str]
    new: list[str]


Step = Command | Append | Edit


def steps(markdown: str) -> list[Step]:
    """The walkthrough's steps, in order. Raises ValueError for a directive that is not
    one, or is not followed by the fence it applies to."""
    tokens = MarkdownIt("commonmark").parse(markdown)
    found: list[Step] = []
    for index, token in enumerate(tokens):
        if token.type == "html_block" and token.content.lstrip().startswith("<!--"):
            found.extend(_directive(token, tokens[index + 1] if index + 1 < len(tokens) else None))
        elif token.type == "fence" and token.info.strip() == "console":
            found.extend(_commands(token.content, _first_line(token)))
    return found


def _first_line(fence) -> int:
    """The document line (1-based) of a fence's first line of content."""
    return fence.map[0] + 2


def _directive(comment, fence) -> list[Step]:
    match = DIRECTIVE.fullmatch(comment.content.strip())
    where = f"{DOC.name}:{comment.map[0] + 1}"
    if match is None:
        if re.match(r"<!--\s*(append|edit)\b", comment.content.strip()):
            raise ValueError(f"{where}: a directive is `<!-- append: PATH -->` or `<!-- edit: PATH -->`")
        return []  # an ordinary comment
    kind, path = match.groups()
    if kind not in ("append", "edit"):
        raise ValueError(f"{where}: unknown directive {kind!r}")
    if fence is None or fence.type != "fence":
        raise ValueError(f"{where}: `{kind}:` must come right before a fence")
    if Path(path).is_absolute() or ".." in Path(path).parts:
        raise ValueError(f"{where}: {path} must be a path inside the folder")
    if kind == "append":
        return [Append(_first_line(fence), path, fence.content)]
    if fence.info.strip() != "diff":
        raise ValueError(f"{where}: `edit:` goes before a ```diff fence")
    old: list[str] = []
    new: list[str] = []
    for offset, text in enumerate(fence.content.splitlines()):
        mark, rest = text[:1], text[1:]
        if mark in ("", " "):
            old.append(rest)
            new.append(rest)
        elif mark == "-":
            old.append(rest)
        elif mark == "+":
            new.append(rest)
        else:
            raise ValueError(f"{DOC.name}:{_first_line(fence) + offset}: a diff line starts "
                             "with ' ', '-' or '+'")
    if old == new:
        raise ValueError(f"{where}: the diff changes nothing")
    return [Edit(_first_line(fence), path, old, new)]


def _commands(content: str, first_line: int) -> list[Command]:
    commands: list[Command] = []
    for offset, text in enumerate(content.splitlines()):
        line = first_line + offset
        if text.startswith("$ "):
            command = text[2:]
            exits = EXITS.search(command)
            argv = shlex.split(command[:exits.start()] if exits else command)
            if argv[:1] != ["cardforge"]:
                raise ValueError(f"{DOC.name}:{line}: the walkthrough runs only cardforge commands")
            commands.append(Command(line, argv, int(exits.group(1)) if exits else 0))
        elif text.strip() and ELIDED not in text:
            if not commands:
                raise ValueError(f"{DOC.name}:{line}: output before any `$ ` command")
            commands[-1].expected.append(text.strip())
    return commands


def run(command: Command, folder: Path) -> subprocess.CompletedProcess[str]:
    """Run ``command`` in ``folder`` as a designer would: the installed executable, stdout
    and stderr together, no debugging tracebacks."""
    env = {name: value for name, value in os.environ.items() if name != "CARDFORGE_DEBUG"}
    return subprocess.run([str(CARDFORGE), *command.argv[1:]], cwd=folder, env=env, text=True,
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=TIMEOUT,
                          check=False)


def check(command: Command, result: subprocess.CompletedProcess[str]) -> None:
    printed = {line.strip() for line in result.stdout.splitlines()}
    missing = [line for line in command.expected if line not in printed]
    assert result.returncode == command.exit_code and not missing, (
        f"{DOC.name}:{command.line}: `{shlex.join(command.argv)}` exited {result.returncode} "
        f"(the walkthrough says {command.exit_code})"
        + "".join(f"\n  not printed: {line}" for line in missing)
        + f"\n--- it printed:\n{result.stdout}")


def apply(step: Append | Edit, folder: Path) -> None:
    path = folder / step.path
    assert path.is_file(), f"{DOC.name}:{step.line}: {step.path} is not there to change"
    text = path.read_text(encoding="utf-8")
    if isinstance(step, Append):
        path.write_text(text + ("" if text.endswith("\n") else "\n") + step.text, encoding="utf-8")
        return
    lines = text.splitlines()
    size = len(step.old)
    at = [i for i in range(len(lines) - size + 1) if lines[i:i + size] == step.old]
    assert len(at) == 1, (f"{DOC.name}:{step.line}: the lines to change must occur once in "
                          f"{step.path}, not {len(at)} times")
    lines[at[0]:at[0] + size] = step.new
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def pdf_text(path: Path) -> list[str]:
    """The text of each page of the PDF at ``path``, runs of spaces and line breaks as one
    space (a text wraps where the layout wraps it)."""
    pdf = pypdfium2.PdfDocument(path)
    try:
        return [" ".join(page.get_textpage().get_text_range().split()) for page in pdf]
    finally:
        pdf.close()


def test_the_walkthrough_reads_as_steps():
    found = steps(DOC.read_text(encoding="utf-8"))
    commands = [step for step in found if isinstance(step, Command)]
    assert commands[0].argv == ["cardforge", "new", "goblin-market"]
    assert len(commands) >= 20 and any(isinstance(step, Edit) for step in found)
    assert any(command.exit_code for command in commands)  # the mistakes are really made


def test_the_walkthrough_runs_as_written(tmp_path):
    for step in steps(DOC.read_text(encoding="utf-8")):
        if isinstance(step, Command):
            check(step, run(step, tmp_path))
        else:
            apply(step, tmp_path)

    out = tmp_path / "out" / "goblin-market"
    cards = pdf_text(out / "goblin-market-cards-en-a4.pdf")
    assert "Cave Rat" in cards[0]  # the first sheet: the first monsters
    added = [page for page in cards if "Clockwork Beetle" in page]
    assert added and "It ticks under the market stalls" in added[0]  # the card the walkthrough added
    french = pdf_text(out / "goblin-market-cards-fr-a4.pdf")
    assert any("Scarabée mécanique" in page for page in french)
    rules = "".join(pdf_text(out / "goblin-market-rules-fr.pdf"))
    assert "Le plus jeune joueur commence" in rules  # the translation the walkthrough fixed
    for name in ("goblin-market-rules-en.pdf", "goblin-market-rulesheet-en.pdf",
                 "goblin-market-tts-en/goblin-market.json", "goblin-market-png-en/clockwork-beetle.png"):
        assert (out / name).is_file(), name
