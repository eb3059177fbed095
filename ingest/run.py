"""One ingest: read sources, parse pages, post-process, publish atomically."""
from __future__ import annotations

import re
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterable, Iterator

import numpy as np

from corpus import index, store
from corpus.errors import CorpusError
from corpus.model import HOMEBREW_FLAG, Entry
from ingest.checks import check_page
from ingest.errors import IngestError, PageError, PartialPageError, SourceError
from ingest.pages import Page, read_local
from ingest.pipeline import run_steps
from ingest.registry import parse_page
from ingest.steps.copies import describe as describe_copies
from ingest.vectors import Vectors, entry_vectors


CRAWL_DELAY = 1.0  # seconds between two requests to one host (robots.txt may ask for more)


@dataclass
class Report:
    """What an ingest did: counts, skipped pages, changes since the last corpus."""

    counts: Counter = field(default_factory=Counter)
    pages: int = 0
    skipped: list[PageError] = field(default_factory=list)
    problems: list[PageError] = field(default_factory=list)  # in pages read all the same (a malformed FAQ pair)
    copies: list[str] = field(default_factory=list)
    added: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)
    changed: list[str] = field(default_factory=list)
    seconds: float = 0.0
    version: Path | None = None
    fetched: int = 0
    not_modified: int = 0
    left_out: Counter = field(default_factory=Counter)
    vectors: str = ""          # one line: how many sentence vectors, from the cache or encoded; or why none
    vectors_off: bool = False  # no vectors this time (no model, or it cannot be read)

    def summary(self) -> str:
        """The one line printed at the end of an ingest."""
        kinds = ", ".join(f"{n} {k}" for k, n in sorted(self.counts.items()))
        skipped = f", {len(self.skipped)} skipped" if self.skipped else ""
        skipped += f", {counted(len(self.problems), 'problem')} reported" if self.problems else ""
        fetched = f", {counted(self.fetched, 'request')} ({self.not_modified} unchanged)" if self.fetched else ""
        homebrew = (f", {sum(self.left_out.values())} homebrew entries left out (--homebrew includes them)"
                    if self.left_out else "")
        return f"ingested {counted(self.pages, 'page')}: {kinds}{skipped}{fetched}{homebrew} in {self.seconds:.1f}s"

    def left_out_lines(self) -> list[str]:
        """What the official-only default left out, per kind of component."""
        return [f"{n} {label}" for label, n in sorted(self.left_out.items())]

    def changes(self) -> str:
        """The change report: ids added, removed or changed since the last corpus."""
        return (f"changes since the last corpus: {len(self.added)} added, "
                f"{len(self.removed)} removed, {len(self.changed)} changed")


def is_url(spec: str) -> bool:
    """Sources starting with http(s):// (in any case, as URL schemes are) are crawled; everything else is a path."""
    return spec.lower().startswith(("http://", "https://"))


def read_sources(specs: Iterable[str], cache_dir: Path, report: Report,
                 delay: float = CRAWL_DELAY) -> Iterator[Page]:
    """Pages of every source, files and directories read, URLs crawled."""
    fetcher = visited = None  # one for all URLs: the delay and robots.txt of a host, and the pages crawled
    for spec in specs:
        if is_url(spec):
            from ingest.crawl import Fetcher, Visited, fetch_source  # only crawls need the network code

            fetcher, visited = fetcher or Fetcher(cache_dir, delay=delay), visited or Visited()
            on_error = lambda exc: report.skipped.append(PageError(exc.location, exc.reason))  # noqa: E731
            yield from fetch_source(spec, cache_dir, fetcher=fetcher, on_error=on_error, visited=visited)
            report.fetched, report.not_modified = fetcher.stats.requests, fetcher.stats.not_modified
        else:
            yield from read_local(spec, on_error=report.skipped.append)


def check_specs(specs: Iterable[str]) -> None:
    """Refuse a blank source or a malformed URL before anything is read or fetched; no retry can mend it."""
    if any(not spec.strip() for spec in specs):
        # An empty path would read the current folder, whatever it holds (a variable left unset).
        raise IngestError("a source is blank: give a file, folder or URL")
    for spec in specs:
        scheme = re.match(r"([a-z][a-z0-9+.-]*)://", spec, re.I)
        if scheme and not is_url(spec) and not Path(spec).exists():  # else read as a missing file
            raise SourceError(spec, f"{scheme[1]}:// URLs are not read; only http:// and https:// ones are crawled")
    urls = [spec for spec in specs if is_url(spec)]
    if urls:
        from ingest.crawl.http import check_url  # only crawls need the network code

        for url in urls:
            check_url(url)


def counted(n: int, noun: str) -> str:
    """ "1 page", "2 pages": a count with its noun."""
    return f"{n} {noun}{'s' * (n != 1)}"


def parse_all(pages: list[Page], report: Report, progress: Callable | None = None) -> list[Entry]:
    """Parse every page; a bad page is recorded in the report and skipped."""
    entries: list[Entry] = []
    iterator = progress(pages) if progress else pages
    for page in iterator:
        try:
            entries.extend(parse_page(check_page(page)))
            report.pages += 1
        except PartialPageError as exc:
            entries.extend(exc.entries)
            report.pages += 1
            report.problems.extend(exc.problems)
        except PageError as exc:
            report.skipped.append(exc)
    return entries


def ingest(specs: list[str], instance: Path, *, strict: bool = False,
           progress: Callable | None = None, delay: float = CRAWL_DELAY, homebrew: bool = False) -> Report:
    """Build a corpus from the sources and swap it in; the old one stays on failure."""
    started = time.perf_counter()
    instance = Path(instance)
    # Taken before any reading: a second ingest fails at once instead of parsing everything for nothing.
    with store.ingest_lock(instance):
        report = _build(specs, instance, strict, progress, delay, homebrew)
    report.seconds = time.perf_counter() - started
    return report


def _build(specs: list[str], instance: Path, strict: bool, progress: Callable | None, delay: float,
           homebrew: bool = False) -> Report:
    """Read, parse, post-process and publish, holding the instance's ingest lock."""
    report = Report()
    check_specs(specs)
    pages = list(read_sources(specs, instance / "cache", report, delay))
    entries = parse_all(pages, report, progress)
    if strict and (report.skipped or report.problems):
        raise IngestError(with_skipped(f"{len(report.skipped)} page(s) skipped, {len(report.problems)} problem(s) "
                                       "in pages read, and --strict given; nothing was changed", report))
    if not entries:
        raise IngestError(with_skipped(f"no entries found in {', '.join(specs)}; nothing was changed", report))
    if not homebrew:
        entries = leave_out_homebrew(entries, report)
    # Rulings read the vectors of the entries as they are then (encoding what the cache lacks); the final
    # ones are read again below from the cache (a tenth of a second), in the published order.
    for_rulings: list[Vectors] = []

    def rulings_vectors(found: list[Entry]) -> np.ndarray | None:
        """The vectors rulings are matched with, kept for the report."""
        for_rulings.append(entry_vectors(found))
        return for_rulings[-1].array

    entries = run_steps(entries, rulings_vectors)
    if not any(not e.is_page for e in entries):
        # Pages that give only page furniture (the site's index) or only homebrew would publish an empty corpus.
        raise IngestError(with_skipped(f"no entries found in {', '.join(specs)}{_left_out_hint(report)}; "
                                       "nothing was changed", report))
    report.copies = describe_copies(entries)
    _diff(report, instance, entries)
    report.counts = Counter(e.kind for e in entries)
    meta = {"sources": list(specs), "counts": dict(sorted(report.counts.items())),
            "pages": report.pages, "homebrew": homebrew,
            "left_out": dict(sorted(report.left_out.items())), "skipped": [str(s) for s in report.skipped],
            "problems": [str(s) for s in report.problems],
            "copies": report.copies, "added": report.added, "removed": report.removed, "changed": report.changed}
    vectors = entry_vectors(entries)
    # The first reading's note says what this ingest encoded; the second only read those back.
    report.vectors, report.vectors_off = (for_rulings or [vectors])[0].note, vectors.array is None
    if vectors.array is not None:
        meta["vectors"] = vectors.meta
    report.version = store.publish(instance, entries, meta, index.build, vectors.array)
    return report


def with_skipped(message: str, report: Report) -> str:
    """A failed ingest's message, then every skipped page on a line of its own (one reason is rarely all)."""
    lines = [f"  skipped {s}" for s in report.skipped] + [f"  problem in {s}" for s in report.problems]
    return "\n".join([message + (":" if lines else ""), *lines])


def _left_out_hint(report: Report) -> str:
    """Why a source gave nothing when it gave only community content."""
    count = sum(report.left_out.values())
    return f" (but {count} homebrew entries, left out without --homebrew)" if count else ""


def leave_out_homebrew(entries: list[Entry], report: Report) -> list[Entry]:
    """Community content stays out unless asked for; the report counts it by kind."""
    left = [e for e in entries if HOMEBREW_FLAG in e.flags]
    report.left_out = Counter(e.category or e.kind for e in left)
    return [e for e in entries if HOMEBREW_FLAG not in e.flags]


def _diff(report: Report, instance: Path, entries: list[Entry]) -> None:
    """Compare with the corpus being replaced (none: everything is added)."""
    try:
        old = {e.id: e.text for e in store.read_entries(store.current_dir(instance))}
    except CorpusError:
        old = {}
    new = {e.id: e.text for e in entries}
    report.added = sorted(set(new) - set(old))
    report.removed = sorted(set(old) - set(new))
    report.changed = sorted(i for i in set(new) & set(old) if new[i] != old[i])
