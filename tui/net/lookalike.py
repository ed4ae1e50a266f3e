"""Look-alike letters: the skeleton of a name, so that "Anna" written with a Cyrillic А or
a Greek Α is seen as the "Anna" already taken.

The data is Unicode's confusables list (UTS #39) as shipped by `confusable_homoglyphs`.
Each group of single characters that the list says may be confused, followed through, is
one class; a character's skeleton is the lowest code point of its class (plain Latin
letters and digits where the class has one). Multi-character look-alikes ("rn" for "m")
are not followed.
"""

from __future__ import annotations

from functools import cache


@cache
def _classes() -> dict[str, str]:
    """Each confusable character's representative (built once, on first use: ~0.2 s)."""
    # lazy: the table is large; loaded at the first name checked
    from confusable_homoglyphs.confusables import confusables_data

    parent: dict[str, str] = {}

    def find(ch: str) -> str:
        while (up := parent.get(ch, ch)) != ch:
            parent[ch] = parent.get(up, up)  # halve the path
            ch = up
        return ch

    for ch, entries in confusables_data.items():
        for entry in entries:
            glyph = entry["c"]
            if len(glyph) == 1:
                a, b = find(ch), find(glyph)
                if a != b:
                    parent[max(a, b)] = min(a, b)
    return {ch: find(ch) for ch in parent}


def skeleton(text: str) -> str:
    """`text` with every character replaced by its class's representative."""
    classes = _classes()
    return "".join(classes.get(ch, ch) for ch in text)
