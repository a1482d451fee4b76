"""The translators' tool: extract the messages, update and compile the catalogs, and check them.

    python -m tagteam.words.catalogs extract    # write locale/tagteam.pot from the source
    python -m tagteam.words.catalogs update     # add new messages to every .po (untranslated), drop none
    python -m tagteam.words.catalogs compile    # .po -> .mo (the build hook does this for the wheel)
    python -m tagteam.words.catalogs check      # one line per fault, exit 2 on any
    python -m tagteam.words.catalogs part AREA PATH...   # a fragment parts/AREA.po for some files, per language
    python -m tagteam.words.catalogs init LANG  # a new language: its catalog, grammar and glossary files

It needs Babel (the test extra has it); the game itself reads the compiled catalogs with the standard library's
gettext. This file imports nothing of the game, so the wheel's build hook can load it by path.
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

PACKAGE = Path(__file__).resolve().parents[1]  # tagteam/
LOCALE = Path(__file__).resolve().parent / "locale"
DOMAIN = "tagteam"
# The messages a screen shows are marked with these (Babel's defaults name the same functions)
KEYWORDS: dict[str, Any] = {
    "_": None,
    "N_": None,
    "ngettext": (1, 2),
    "pgettext": ((1, "c"), 2),
    "npgettext": ((1, "c"), 2, 3),
    "agree": None,  # a message that agrees with a name (tagteam.words.lang.agree): also once per gender context
}
FIX = "fix"  # the flag of a fragment entry that corrects the catalog's translation
_FIELD = re.compile(r"\{([a-z_][a-z0-9_]*)(?:[!:][^{}]*)?\}")


def po_files() -> Iterator[Path]:
    """Each language's main catalog."""
    yield from sorted(LOCALE.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))


def part_files(po: Path) -> list[Path]:
    """Fragments beside a catalog (``parts/*.po``), merged into it when compiled: several people may
    translate different parts of the game at once, each in their own file. A fragment's entry for a message
    the catalog already translates otherwise is an error, unless it is flagged ``#, fix`` (a review's
    correction), which replaces it; ``update`` writes the corrected translation into the catalog."""
    return sorted((po.parent / "parts").glob("*.po"))


def extract() -> Any:
    """Every marked message in the package, as a Babel catalog (with the source lines that use it)."""
    from babel.messages.catalog import Catalog
    from babel.messages.extract import extract_from_dir

    cat = Catalog(domain=DOMAIN, project="Tag Team in the terminal", charset="utf-8")
    for filename, lineno, message, comments, context in extract_from_dir(
        str(PACKAGE),
        method_map=[("**.py", "python")],
        keywords=KEYWORDS,
        comment_tags=("TRANSLATORS:",),
        strip_comment_tags=True,
    ):
        cat.add(message, None, [(f"tagteam/{filename}", lineno)], auto_comments=comments, context=context)
    from tagteam.content.texts import AGREEMENTS  # the game's own list; the build hook never extracts

    for filename, lineno, message, comments, _context in extract_from_dir(
        str(PACKAGE / "words"),  # every sentence is written there
        method_map=[("**.py", "python")],
        keywords={"agree": None},
        comment_tags=("TRANSLATORS:",),
        strip_comment_tags=True,
    ):
        for context in AGREEMENTS.values():
            cat.add(message, None, [(f"tagteam/words/{filename}", lineno)], auto_comments=comments, context=context)
    return cat


def read(po: Path) -> Any:
    """A catalog with its fragments merged in; a message translated twice differently is an error."""
    from babel.messages.pofile import read_po

    with po.open("rb") as fh:
        cat = read_po(fh)
    for part in part_files(po):
        with part.open("rb") as fh:
            extra = read_po(fh, locale=cat.locale)
        for msg in extra:
            if not msg.id:
                continue
            old = cat.get(msg.id, msg.context)
            if old is not None and _said(old.string) and _said(msg.string) and old.string != msg.string:
                if FIX not in msg.flags:
                    raise ValueError(f"{part}: {msg.id!r} is translated differently in {po.name}")
                old.string = msg.string  # a reviewer's correction: it replaces the catalog's translation
                continue
            if old is None:
                cat[msg.id] = msg
            elif not _said(old.string):  # babel's catalog[id] = msg keeps the old, empty string: set it here
                old.string = msg.string
                old.flags |= msg.flags
    return cat


def _said(text: str | tuple[str, ...] | list[str] | None) -> bool:
    """Whether a translation is there: a plural's forms are a tuple, empty strings when untranslated."""
    return any(text) if isinstance(text, tuple | list) else bool(text)


def compile_all() -> list[Path]:
    """Write each language's ``.mo`` from its ``.po`` and fragments; returns the files written."""
    from babel.messages.mofile import write_mo

    out = []
    for po in po_files():
        cat = read(po)
        mo = po.with_suffix(".mo")
        tmp = mo.with_name(f".{mo.name}.{os.getpid()}.tmp")  # test workers compile at once: each replaces whole
        with tmp.open("wb") as fh:
            write_mo(fh, cat, use_fuzzy=False)
        os.replace(tmp, mo)
        out.append(mo)
    return out


def fields(text: str) -> set[str]:
    """The named format fields of a message (``{name}``), which a translation must keep, no more, no fewer."""
    return set(_FIELD.findall(text))


def check() -> list[str]:
    """Faults: a marked message missing or untranslated in a catalog, or a translation whose fields differ."""
    source = extract()
    faults: list[str] = []
    for po in po_files():
        lang = po.parent.parent.name
        cat = read(po)
        for msg in source:
            if not msg.id:
                continue
            where = msg.locations[0] if msg.locations else ("?", 0)
            have = cat.get(msg.id, msg.context)
            ids = msg.id if isinstance(msg.id, tuple) else (msg.id,)
            if have is None or not have.string or have.fuzzy:
                faults.append(f"{where[0]}:{where[1]}: not translated in {lang}: {ids[0]!r}")
                continue
            strings = have.string if isinstance(have.string, tuple) else (have.string,)
            want = set().union(*(fields(i) for i in ids))
            for s in strings:
                if s and fields(s) - want:
                    faults.append(f"{where[0]}:{where[1]}: {lang} adds fields {sorted(fields(s) - want)}: {ids[0]!r}")
                elif s and len(ids) == 1 and fields(s) != want:
                    faults.append(f"{where[0]}:{where[1]}: {lang} drops fields {sorted(want - fields(s))}: {ids[0]!r}")
    return faults


def update() -> None:
    """Bring every catalog up to the source: new messages added untranslated, obsolete ones kept as such."""
    from babel.messages.pofile import write_po

    source = extract()
    for po in po_files():
        cat = read(po)
        cat.update(source, no_fuzzy_matching=True)
        for part in part_files(po):
            part.unlink()
        with po.open("wb") as fh:
            write_po(fh, cat, width=100, sort_by_file=True, include_previous=False)


def part(area: str, paths: list[str]) -> list[Path]:
    """Write (or bring up to date) each translated language's fragment ``parts/AREA.po`` with the messages of
    ``paths`` (files or folders of the package): new ones untranslated, translations already there kept."""
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import read_po, write_po

    wanted = [Path(p).resolve() for p in paths]
    source = extract()
    written = []
    for po in po_files():
        lang = po.parent.parent.name
        target = po.parent / "parts" / f"{area}.po"
        target.parent.mkdir(parents=True, exist_ok=True)
        old = None
        if target.exists():
            with target.open("rb") as fh:
                old = read_po(fh)
        cat = Catalog(locale=lang, domain=DOMAIN, charset="utf-8")
        for msg in source:
            locs = [(f, n) for f, n in msg.locations if any(_under(PACKAGE.parent / f, w) for w in wanted)]
            if not msg.id or not locs:
                continue
            prev = old.get(msg.id, msg.context) if old is not None else None
            string = prev.string if prev is not None else ("", "") if isinstance(msg.id, tuple) else ""
            cat.add(msg.id, string, locs, auto_comments=msg.auto_comments, context=msg.context)
        with target.open("wb") as fh:
            write_po(fh, cat, width=100, sort_by_file=True, omit_header=False)
        written.append(target)
    return written


LANGUAGE_FILES = ("grammar.json", "glossary.json")  # beside a language's LC_MESSAGES: its rules as data


def init(lang: str) -> list[Path]:
    """A new language's files, to fill in: its catalog (every message, untranslated, with the language's CLDR
    plural rule), and empty grammar and glossary files. Files already there are left as they are."""
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import write_po

    folder = LOCALE / lang
    po = folder / "LC_MESSAGES" / f"{DOMAIN}.po"
    written = []
    if not po.exists():
        po.parent.mkdir(parents=True, exist_ok=True)
        cat = Catalog(locale=lang, domain=DOMAIN, project="Tag Team in the terminal", charset="utf-8")
        for msg in extract():
            if msg.id:
                string = ("",) * cat.num_plurals if isinstance(msg.id, tuple) else ""
                cat.add(msg.id, string, msg.locations, auto_comments=msg.auto_comments, context=msg.context)
        with po.open("wb") as fh:
            write_po(fh, cat, width=100, sort_by_file=True)
        written.append(po)
    for name in LANGUAGE_FILES:
        path = folder / name
        if not path.exists():
            path.write_text("{}\n", encoding="utf-8")
            written.append(path)
    return written


def language_file_faults() -> list[str]:
    """Each language's grammar and glossary files checked (one line per fault, naming the file and the field),
    and a catalog for every language a player may choose."""
    from tagteam.content.choices import LANGUAGES, SOURCE
    from tagteam.words import inputs
    from tagteam.words.glossary import check_glossary
    from tagteam.words.grammar import check_grammar

    faults = [
        f"{lang}: no catalog {LOCALE / lang / 'LC_MESSAGES' / (DOMAIN + '.po')}"
        for lang in LANGUAGES
        if lang != SOURCE and not (LOCALE / lang / "LC_MESSAGES" / f"{DOMAIN}.po").is_file()
    ]
    for path in sorted(LOCALE.glob("*/grammar.json")):
        faults += [inputs.line(p) for p in check_grammar(path)[1]]
    for path in sorted(LOCALE.glob("*/glossary.json")):
        faults += [inputs.line(p) for p in check_glossary(path)[1]]
    return faults


def _under(path: Path, root: Path) -> bool:
    return path.resolve() == root or root in path.resolve().parents


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    verb = args[0] if args else ""
    if verb == "extract":
        from babel.messages.pofile import write_po

        with (LOCALE / f"{DOMAIN}.pot").open("wb") as fh:
            write_po(fh, extract(), width=100, sort_by_file=True)
        return 0
    if verb == "update":
        update()
        return 0
    if verb == "compile":
        for mo in compile_all():
            print(mo)
        return 0
    if verb == "part" and len(args) >= 3:
        for path in part(args[1], args[2:]):
            print(path)
        return 0
    if verb == "init" and len(args) == 2:
        for path in init(args[1]):
            print(path)
        return 0
    if verb == "check":
        faults = check() + language_file_faults()
        for line in faults:
            print(line)
        print(f"{len(faults)} faults" if faults else "catalogs complete")
        return 2 if faults else 0
    print(
        "usage: python -m tagteam.words.catalogs extract|update|compile|check|part AREA PATH...|init LANG",
        file=sys.stderr,
    )
    return 2


if __name__ == "__main__":
    raise SystemExit(main())
