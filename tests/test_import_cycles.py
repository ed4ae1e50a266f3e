"""How the code's modules import one another (issue 31; docs/architecture.md, Import rules):
no import cycle under engine/ and tui/, counting the imports inside functions; every import
left inside a function says why beside it; and no module is over 600 lines.

The graph is read from the source (the AST), not from a run: an import inside a function
counts as much as one at the top, since it only puts the cycle off until the call. What
`from x import y` brings is the module x.y when y is one, else x. Imports under
`if TYPE_CHECKING:` are left out: they never run (they name types for mypy only).
"""

from __future__ import annotations

import ast
import io
import tokenize
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("engine", "tui")
MAX_LINES = 600


def sources() -> dict[str, tuple[Path, bool]]:
    """Every module of the packages: its dotted name -> (its file, whether a package)."""
    out: dict[str, tuple[Path, bool]] = {}
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            parts = list(path.relative_to(ROOT).with_suffix("").parts)
            is_package = parts[-1] == "__init__"
            out[".".join(parts[:-1] if is_package else parts)] = (path, is_package)
    return out


def _type_checking(node: ast.AST) -> bool:
    return isinstance(node, ast.If) and ast.unparse(node.test) in (
        "TYPE_CHECKING", "typing.TYPE_CHECKING")


def imports(tree: ast.AST, in_function: bool = False
            ) -> Iterator[tuple[ast.Import | ast.ImportFrom, bool]]:
    """Every import statement that runs (none under `if TYPE_CHECKING:`), and whether it
    is inside a function."""
    for node in ast.iter_child_nodes(tree):
        if isinstance(node, ast.Import | ast.ImportFrom):
            yield node, in_function
        if _type_checking(node):
            assert isinstance(node, ast.If)
            for other in node.orelse:
                yield from imports(other, in_function)
            continue
        yield from imports(node, in_function or
                           isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef))


def imported(name: str, is_package: bool, node: ast.Import | ast.ImportFrom,
             known: dict[str, tuple[Path, bool]]) -> set[str]:
    """The modules of the packages that an import statement of module `name` loads."""
    def ours(target: str) -> str | None:
        while target and target not in known:  # `import a.b.c` of a name inside a.b
            target = target.rpartition(".")[0]
        return target or None

    if isinstance(node, ast.Import):
        found = {ours(alias.name) for alias in node.names}
    else:
        if node.level:
            base = (name if is_package else name.rpartition(".")[0]).split(".")
            base = base[:len(base) - (node.level - 1)]
            module = ".".join(base + ([node.module] if node.module else []))
        else:
            module = node.module or ""
        found = {ours(f"{module}.{alias.name}") if f"{module}.{alias.name}" in known
                 else ours(module) for alias in node.names}
    return {m for m in found if m is not None and m != name}


def import_graph() -> dict[str, set[str]]:
    """Module -> the modules of the packages it imports (at the top or in a function)."""
    known = sources()
    graph: dict[str, set[str]] = {}
    for name, (path, is_package) in known.items():
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        graph[name] = set()
        for node, _ in imports(tree):
            graph[name] |= imported(name, is_package, node, known)
    return graph


def a_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import cycle of the graph, as the modules along it (the first one again at the
    end), or None when there is none."""
    done: set[str] = set()  # modules from which no cycle goes
    for start in sorted(graph):
        if start in done:
            continue
        path = [start]
        ahead = [iter(sorted(graph[start]))]
        while ahead:
            nxt = next(ahead[-1], None)
            if nxt is None:
                done.add(path.pop())
                ahead.pop()
            elif nxt in path:
                return path[path.index(nxt):] + [nxt]
            elif nxt not in done:
                path.append(nxt)
                ahead.append(iter(sorted(graph.get(nxt, ()))))
    return None


def test_the_finder_finds_a_cycle_and_names_it():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a", "d"}, "d": set()}
    assert a_cycle(graph) == ["a", "b", "c", "a"]
    assert a_cycle({"a": {"b"}, "b": {"c"}, "c": set(), "d": {"c"}}) is None


def test_the_graph_counts_imports_inside_functions_and_submodules():
    graph = import_graph()
    # `from engine.bots.review import review`, inside the command's function
    assert "engine.bots.review" in graph["tui.commands.review_cmd"]
    # `from . import limits as lim`: the submodule, not the package
    assert "tui.net.limits" in graph["tui.net.ssh"]


def test_no_import_cycle():
    cycle = a_cycle(import_graph())
    assert cycle is None, "import cycle: " + " -> ".join(cycle or [])


def _comment_lines(source: str) -> tuple[set[int], set[int]]:
    """The lines holding a comment, and those that are a comment alone."""
    anywhere: set[int] = set()
    alone: set[int] = set()
    lines = source.splitlines()
    for tok in tokenize.generate_tokens(io.StringIO(source).readline):
        if tok.type == tokenize.COMMENT:
            row = tok.start[0]
            anywhere.add(row)
            if lines[row - 1].lstrip().startswith("#"):
                alone.add(row)
    return anywhere, alone


def unexplained_imports(path: Path) -> list[str]:
    """The imports inside functions of a file with no reason beside them: a comment on the
    import's own line(s), or on the line above it, or above the run of imports it is in."""
    source = path.read_text(encoding="utf-8")
    tree = ast.parse(source, str(path))
    anywhere, alone = _comment_lines(source)
    first_of_run: dict[int, int] = {}  # an import's line -> the first line of its run
    for node in ast.walk(tree):
        for field in ("body", "orelse", "finalbody", "handlers"):
            statements = getattr(node, field, None)
            if not isinstance(statements, list):  # a lambda's body is an expression
                continue
            run_start = 0
            for statement in statements:
                if isinstance(statement, ast.Import | ast.ImportFrom):
                    run_start = run_start or statement.lineno
                    first_of_run[statement.lineno] = run_start
                else:
                    run_start = 0
    out = []
    for node, in_function in imports(tree):
        if not in_function:
            continue
        own = set(range(node.lineno, (node.end_lineno or node.lineno) + 1))
        if own & anywhere or node.lineno - 1 in alone or \
                first_of_run.get(node.lineno, node.lineno) - 1 in alone:
            continue
        out.append(f"{path.relative_to(ROOT)}:{node.lineno}: {ast.unparse(node)}")
    return out


def test_every_import_inside_a_function_says_why():
    """An import is at the top of its module unless there is a reason (a screen loaded
    when first shown, a command's own modules kept out of `--help`...): it is written
    beside it."""
    missing = [line for name, (path, _) in sources().items()
               for line in unexplained_imports(path)]
    assert missing == []


def test_no_module_is_over_600_lines():
    """Small modules with one concern each (issue 31)."""
    long = {str(path.relative_to(ROOT)): n for path, _ in sources().values()
            if (n := len(path.read_text(encoding="utf-8").splitlines())) > MAX_LINES}
    assert long == {}
