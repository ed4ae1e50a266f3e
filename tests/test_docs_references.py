"""The repository explains itself (issue 31): every document its text cites is in it.

A comment, a docstring, a doc or a scenario that sends the reader to a file the repository
does not hold (a design note of its authors, the rulebook's text file) cannot be followed
by whoever clones the project. So every tracked text file is scanned for the documents it
names (`*.md` and `*.txt` names, and paths into the project's own folders) and for the
phrases that point outside it; and a "docs/rules.md, <heading>" reference (likewise
docs/rulings.md and docs/architecture.md) must name a heading the document has.
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SCANNED = {".py", ".md", ".toml", ".txt", ".cfg", ".in", ".tcss"}
SCANNED_NAMES = {".ci/run", ".ci/smoke"}  # scripts without a suffix
# A document's name: a bare name or a relative path ending .md or .txt.
DOC = re.compile(r"(?<![\w/.-])((?:\.{1,2}/)*(?:[\w-]+/)*[\w-]+\.(?:md|txt))(?![\w/-])")
# A path into the project's own folders, of a file of a kind the project keeps.
OWN_PATH = re.compile(r"(?<![\w/.<-])((?:engine|tui|tests|bench|docs|saves|themes)/"
                      r"[\w./-]*\.(?:py|md|toml|json|tcss|txt))(?![\w*-])")
# Phrases that send the reader outside the repository.
OUTSIDE = re.compile(r"\.\./shared|rulebook file|mythology-expansion-rulebook")
# A section reference: "docs/rules.md, Commerce: trading" (the heading may go on to the
# next line of a comment or docstring).
SECTION = re.compile(r"docs/(rules|rulings|architecture)\.md,\s+([A-Z][^\n]*)")


def tracked_files() -> list[str]:
    """The repository's files, as git knows them (tracked, or new and not ignored; a copy
    without git: the files on disk, outside the virtual environments and caches)."""
    try:
        out = subprocess.run(["git", "ls-files", "--cached", "--others", "--exclude-standard"],
                             cwd=ROOT, capture_output=True, text=True, check=True).stdout
        return out.splitlines()
    except (OSError, subprocess.CalledProcessError):
        skip = {".git", ".venv", "venv", "build", "dist", "__pycache__", ".mypy_cache",
                ".ruff_cache", ".pytest_cache"}
        return [str(p.relative_to(ROOT)) for p in ROOT.rglob("*")
                if p.is_file() and not skip & set(p.relative_to(ROOT).parts)]


def _scanned(files: list[str]) -> list[str]:
    return [f for f in files if (Path(f).suffix in SCANNED or f in SCANNED_NAMES)
            and f != "tests/test_docs_references.py"]  # this file shows bad references


def _exists(name: str, where: str, files: set[str], names: set[str]) -> bool:
    """Is the cited `name` (in the file `where`) a file of the repository?"""
    if "/" not in name:
        return name in names
    for base in (Path(where).parent, Path()):
        parts: list[str] = []
        for part in (base / name).parts:
            if part == "..":
                if not parts:
                    return False  # outside the repository
                parts.pop()
            elif part != ".":
                parts.append(part)
        path = "/".join(parts)
        if path in files or any(f.startswith(path + "/") for f in files):
            return True
    return False


def headings(doc: Path) -> list[str]:
    """The headings of a markdown document, longest first."""
    found = [line.lstrip("#").strip() for line in doc.read_text(encoding="utf-8").splitlines()
             if line.startswith("#")]
    return sorted(found, key=len, reverse=True)


def names_heading(text: str, heads: list[str]) -> bool:
    """Does `text` begin with one of the headings, whole (not "Rolesx" for "Roles")?"""
    return any(text.startswith(h) and not text[len(h):len(h) + 1].isalnum() for h in heads)


def _continued(lines: list[str], i: int) -> str:
    """Line i, with the next line's text after it (a reference may wrap)."""
    nxt = lines[i + 1] if i + 1 < len(lines) else ""
    return lines[i] + " " + re.sub(r'^\s*(#+\s*|"""|- )?', "", nxt)


def bad_references(root: Path, files: list[str]) -> list[str]:
    """Every reference to a document the repository lacks, or to a heading its document
    lacks, as "file:line: what"."""
    tracked = set(files)
    names = {Path(f).name for f in files}
    docs_headings = {d: headings(root / "docs" / f"{d}.md") for d in
                     ("rules", "rulings", "architecture") if f"docs/{d}.md" in tracked}
    bad = []
    for f in _scanned(files):
        path = root / f
        if not path.is_file():
            continue
        lines = path.read_text(encoding="utf-8", errors="replace").splitlines()
        for i, line in enumerate(lines):
            where = f"{f}:{i + 1}"
            for m in OUTSIDE.finditer(line):
                bad.append(f"{where}: points outside the repository ({m.group(0)!r})")
            cited = {m.group(1) for m in DOC.finditer(line)}
            cited |= {m.group(1) for m in OWN_PATH.finditer(line)}
            for name in sorted(cited):
                if not _exists(name, f, tracked, names):
                    bad.append(f"{where}: cites {name}, which the repository lacks")
            if "docs/" not in line:
                continue
            for m in SECTION.finditer(_continued(lines, i)):
                if m.start() >= len(line):
                    continue
                doc, text = m.group(1), m.group(2)
                if doc not in docs_headings:
                    continue  # the missing document is reported above
                if not names_heading(text, docs_headings[doc]):
                    bad.append(f"{where}: docs/{doc}.md has no heading that starts "
                               f"{re.split(r'[);]', text)[0][:40]!r}")
    return bad


def test_every_cited_document_is_in_the_repository() -> None:
    files = tracked_files()
    assert len(_scanned(files)) > 300  # the scan sees the whole project
    assert bad_references(ROOT, files) == []


def test_a_reference_to_a_missing_document_fails(tmp_path: Path) -> None:
    """The check fails, naming file and line, on a planted reference of each kind."""
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "rules.md").write_text("# Rules\n\n## Roles\n\n## Commerce: trading\n")
    (tmp_path / "engine").mkdir()
    (tmp_path / "engine" / "ok.py").write_text(
        '"""Roles (docs/rules.md, Roles; docs/rules.md,\nCommerce: trading, step 4)."""\n')
    planted = ('"""The contract (DESIGN.md, Views).\n'
               "Trading (docs/rules.md, Commerce: bartering).\n"
               "See the rulebook file, and ../shared/notes.\n"
               'As in engine/missing.py and docs/rules.md."""\n')
    (tmp_path / "engine" / "bad.py").write_text(planted)
    files = ["docs/rules.md", "engine/ok.py", "engine/bad.py"]
    assert bad_references(tmp_path, files) == [
        "engine/bad.py:1: cites DESIGN.md, which the repository lacks",
        "engine/bad.py:2: docs/rules.md has no heading that starts 'Commerce: bartering'",
        "engine/bad.py:3: points outside the repository ('rulebook file')",
        "engine/bad.py:3: points outside the repository ('../shared')",
        "engine/bad.py:4: cites engine/missing.py, which the repository lacks",
    ]


def test_a_section_reference_names_the_heading_whole() -> None:
    """A heading is matched whole, and may carry on past a comma or a colon."""
    heads = headings(ROOT / "docs" / "rules.md")
    assert names_heading("Commerce: trading, step 4", heads)
    assert names_heading("Powers and reactions)", heads)
    assert names_heading("Roles: role assignment is one moment", heads)
    assert not names_heading("Rolesx", heads)
    assert not names_heading("Commerce: bartering", heads)
    assert not names_heading("The engine contract", heads)
