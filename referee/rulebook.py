"""The rule books `docs/rules/<game>.md`: each rule is a `### ID Title`
heading and the text under it, up to the next heading. `entry()` finds one
rule by ID; `search()` finds the rules whose titles or texts use some words.

A word matches at the start of a word of the text, case folded, so `trump`
finds "trumps" and "must_trump"; a plain word of five letters or more also
loses one ending (-ing, -ed, -es, -s, -e) first, so `revoke` finds
"revoked" and "revoking". Files are read on first use.
"""

from __future__ import annotations

import difflib
import os
import re
from functools import cache
from typing import Mapping

from .frozen import frozen
from .resources import data_file, data_names

__all__ = ["Entry", "Hit", "entries", "entry", "search", "suggestions", "similar_ids", "looks_like_id"]

_HEADING = re.compile(r"^### ([A-Z]{2,3}-\d{1,2}\.\d{1,3}) (.+?)\s*$")
_ID = re.compile(r"^[A-Za-z]{2,3}-\d{1,2}(\.\d{1,3})?$")
_WORD = re.compile(r"[^\W_]{3,}")
_ENDINGS = ("ing", "ed", "es", "s", "e")
_PUNCTUATION = ".,;:!?\"'`()[]{}"


@frozen(slots=True)
class Entry:
    """One rule of a rule book: `body` is its text as written (lines kept,
    no heading, no trailing blank lines); `line` is the heading's line."""

    id: str
    title: str
    body: str
    game: str
    line: int


@frozen(slots=True)
class Hit:
    """A rule that matched a search: how many of the words its title and
    its whole text use, how often, and the first line of the text that
    matched (the title when no line of the text did)."""

    entry: Entry
    words: int
    in_title: int
    count: int
    line: str


def parse(text: str, *, game: str) -> dict[str, Entry]:
    """The rules of one rule book, in their order. A repeated ID is a bug
    of the book (AssertionError)."""
    found: dict[str, Entry] = {}
    current: list | None = None
    lines = text.splitlines()

    def close() -> None:
        if current is not None:
            rule_id, title, start, body = current
            assert rule_id not in found, f"docs/rules/{game}.md: {rule_id} twice"
            found[rule_id] = Entry(rule_id, title, "\n".join(body).strip("\n"), game, start)

    for number, line in enumerate(lines, start=1):
        if line.startswith("#"):
            close()
            heading = _HEADING.match(line)
            current = [heading.group(1), heading.group(2), number, []] if heading else None
        elif current is not None:
            current[3].append(line.rstrip())
    close()
    return found


def games() -> list[str]:
    """The games that have a rule book."""
    return data_names("docs", "rules", suffix=".md")


@cache
def entries(game: str) -> Mapping[str, Entry]:
    """A game's rules by ID (empty when it has no rule book)."""
    path = data_file("docs", "rules", f"{game}.md")
    if not os.path.isfile(path):
        return {}
    with open(path, encoding="utf-8") as handle:
        return parse(handle.read(), game=game)


def entry(rule_id: str) -> Entry | None:
    """The rule with this ID (case folded), in any game's book."""
    wanted = rule_id.strip().upper()
    for game in games():
        found = entries(game).get(wanted)
        if found is not None:
            return found
    return None


def looks_like_id(text: str) -> bool:
    """Whether `text` has the shape of a rule ID (`GW-4.4`, `tj-3`)."""
    return bool(_ID.match(text.strip()))


def similar_ids(rule_id: str, limit: int = 5) -> list[str]:
    """Known rule IDs close to `rule_id` (same prefix first)."""
    known = [rule for game in games() for rule in entries(game)]
    wanted = rule_id.strip().upper()
    return difflib.get_close_matches(wanted, known, n=limit, cutoff=0.6)


def _pattern(word: str) -> re.Pattern[str]:
    stem = word
    if word.isalpha() and len(word) >= 5:
        for ending in _ENDINGS:
            if word.endswith(ending):
                stem = word[: -len(ending)]
                break
    return re.compile(r"(?<![^\W_])" + re.escape(stem))


def _words(query: str) -> list[str]:
    words = [word.strip(_PUNCTUATION).casefold() for word in query.split()]
    return list(dict.fromkeys(word for word in words if word))


def search(query: str) -> list[Hit]:
    """The rules using any of the words of `query`, best first: those using
    more of the words, then more of them in the title, then more often;
    ties in the books' order."""
    patterns = [_pattern(word) for word in _words(query)]
    if not patterns:
        return []
    hits: list[tuple[tuple[int, int, int, int], Hit]] = []
    order = 0
    for game in games():
        for rule in entries(game).values():
            order += 1
            title, body = rule.title.casefold(), rule.body.casefold()
            in_title = sum(1 for p in patterns if p.search(title))
            words = sum(1 for p in patterns if p.search(title) or p.search(body))
            if not words:
                continue
            count = sum(len(p.findall(title)) + len(p.findall(body)) for p in patterns)
            line = next((text.strip() for text in rule.body.splitlines()
                         if any(p.search(text.casefold()) for p in patterns)), rule.title)
            hits.append(((-words, -in_title, -count, order), Hit(rule, words, in_title, count, line)))
    hits.sort(key=lambda pair: pair[0])
    return [hit for _, hit in hits]


@cache
def _vocabulary() -> tuple[str, ...]:
    words: set[str] = set()
    for game in games():
        for rule in entries(game).values():
            words.update(w.casefold() for w in _WORD.findall(rule.title))
            words.update(w.casefold() for w in _WORD.findall(rule.body))
    return tuple(sorted(words))


def suggestions(query: str, limit: int = 5) -> list[str]:
    """Words of the rule books close to the words of `query` (for a search
    that found nothing)."""
    found: list[str] = []
    for word in _words(query):
        for close in difflib.get_close_matches(word, _vocabulary(), n=3, cutoff=0.75):
            if close not in found:
                found.append(close)
    return found[:limit]
