"""The `mecatol` command: thin click commands over ingest, corpus and webapp."""
from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import click

from corpus import Corpus, CorpusError
from corpus.typed import query_text
from corpus.snippets import plain, said_again
from ingest.errors import IngestError
from mecatol.server import ServeOptions
from mecatol.settings import instance_dir

instance_option = click.option(
    "--instance", "instance", type=click.Path(file_okay=False, path_type=Path), default=None,
    help="Folder holding the corpus (default: $MECATOL_INSTANCE or ./instance).",
)


@click.group()
@click.version_option(package_name="mecatol")
def cli() -> None:
    """Mecatol: Twilight Imperium 4 rules reference and FAQ search."""


@cli.command("ingest")
@click.argument("sources", nargs=-1)
@instance_option
@click.option("--strict", is_flag=True, help="Fail, changing nothing, if any page is skipped or has a problem.")
@click.option("--quiet", is_flag=True, help="No progress bar.")
@click.option("--homebrew", is_flag=True,
              help="Include community (homebrew) component data, labelled as such; official only by default.")
@click.option("--delay", type=click.FloatRange(0, 60), default=1.0, show_default=True,
              help="Seconds between two requests to one host when crawling a URL.")
def ingest_command(sources: tuple[str, ...], instance: Path | None, strict: bool, quiet: bool,
                   homebrew: bool, delay: float) -> None:
    """Read SOURCES (files, directories or URLs; default: the configured sources) into the corpus."""
    from tqdm import tqdm

    from ingest.run import ingest
    from ingest.sources import default_sources

    folder = instance_dir(instance)
    specs = list(sources) or default_sources(folder)
    # A bar redrawn with carriage returns is noise in a log file: only a terminal gets one.
    quiet = quiet or not sys.stderr.isatty()
    progress = None if quiet else (lambda pages: tqdm(pages, desc="parsing", unit="page", file=sys.stderr))
    try:
        report = ingest(specs, folder, strict=strict, progress=progress, delay=delay, homebrew=homebrew)
    except OSError as exc:  # a full disk or a file-size limit: bare, its message names no folder
        raise IngestError(f"ingest into {folder} stopped: {exc}; the corpus there is unchanged "
                          "(free some space, or ingest into another --instance)") from exc
    for skipped in report.skipped:
        click.echo(f"skipped {skipped}", err=True)
    for problem in report.problems:  # the page was read; this part of it was left out or read otherwise
        click.echo(f"problem in {problem}", err=True)
    for line in report.copies:
        click.echo(f"copies differ: {line}")
    if report.left_out:
        click.echo(f"left out (homebrew): {', '.join(report.left_out_lines())}")
    click.echo(report.changes())
    for label, ids in (("added", report.added), ("removed", report.removed), ("changed", report.changed)):
        if ids and len(ids) <= 50:
            click.echo(f"  {label}: {', '.join(ids)}")
    click.echo(report.vectors, err=report.vectors_off)
    click.echo(report.summary())
    if report.skipped or report.problems:
        sys.exit(1)


@cli.command("rollback")
@instance_option
def rollback_command(instance: Path | None) -> None:
    """Serve the corpus of the ingest before the current one again."""
    from corpus import store

    folder = store.roll_back(instance_dir(instance))
    meta = store.read_meta(folder)
    sources = ", ".join(meta.get("sources", [])) or "unknown sources"
    click.echo(f"now serving {folder.name} ({sum(meta.get('counts', {}).values())} entries from {sources})")


@cli.command("export")
@instance_option
def export_command(instance: Path | None) -> None:
    """Print every entry as one JSON object per line, in corpus order."""
    corpus = Corpus.load(instance_dir(instance))
    try:
        for entry in corpus.entries:
            click.echo(json.dumps(entry.to_dict(), ensure_ascii=False, sort_keys=True))
        sys.stdout.flush()
    except BrokenPipeError:
        # The reader stopped early (`| head`): its choice, not a failure. What is still buffered
        # goes nowhere, so the flush at exit does not fail again.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())


def web_app(instance: Path):
    """The web app over an instance folder; a broken instance/config.py is one line and exit 2."""
    from webapp import create_app
    from webapp.errors import ConfigError

    try:
        return create_app({"INSTANCE": str(instance)})
    except ConfigError as exc:
        click.echo(f"mecatol: {exc}", err=True)
        sys.exit(2)


def with_urls(body: dict, corpus: Corpus, instance: Path) -> dict:
    """Give hits, groups and the jump the `url` /api/search gives them, from the web app's own URL builder."""
    from webapp import urls  # only here: the plain listing needs no Flask

    with web_app(instance).test_request_context():
        for hit in body["results"] + [hit for group in body["groups"] for hit in group["hits"]]:
            hit["url"] = urls.entry_url(corpus, hit["id"])
            hit["like"] = [{**copy, "url": urls.entry_url(corpus, copy["id"])} for copy in hit["like"]]
        for group in body["groups"]:
            group["url"] = urls.entry_url(corpus, group["page"])
        body["jump"] = urls.jump_link(corpus, body["jump"], body["results"][0]["id"] if body["results"] else None)
    return body


@cli.command("search")
@click.argument("query")
@click.option("--limit", type=click.IntRange(min=1), default=None,
              help="Most hits to show (default: SEARCH_LIMIT of instance/config.py, 10 unless set; "
                   "at most its MAX_SEARCH_LIMIT, 100 unless set).")
@click.option("--json", "as_json", is_flag=True, help="Print the results as one JSON object.")
@instance_option
def search_command(query: str, limit: int | None, as_json: bool, instance: Path | None) -> None:
    """Search the corpus and print ranked hits."""
    corpus = Corpus.load(instance_dir(instance))
    # The instance's web settings, so the CLI reads a query as /api/search does (same hits, same order).
    config = web_app(instance_dir(instance)).config
    if limit is not None and limit > config["MAX_SEARCH_LIMIT"]:
        raise click.BadParameter(f"{limit} is more than MAX_SEARCH_LIMIT ({config['MAX_SEARCH_LIMIT']}, "
                                 "set in instance/config.py)", param_hint="'--limit'")
    results = corpus.search(query_text(query, config["MAX_QUERY_CHARS"]), limit=limit or config["SEARCH_LIMIT"])
    if as_json:
        body = with_urls(results.to_dict(), corpus, instance_dir(instance))
        click.echo(json.dumps({"ok": True, **body}, ensure_ascii=False, sort_keys=True))
        return
    if results.jump:
        click.echo(f"→ {results.jump}")
    if results.did_you_mean and results.hits:
        click.echo(f"did you mean {results.did_you_mean!r}?")
    for rank, hit in enumerate(results.hits, start=1):
        also = f"  (+{hit.count - 1} like it)" if hit.count > 1 else ""
        mark = " homebrew" if hit.homebrew else ""  # as the web page's badge: not official content
        # A title that is only the text's first words is not said twice (as on the results page).
        title = "" if said_again(hit.title, hit.snippet) else f"{hit.title}  "
        click.echo(f"{rank:2}. [{hit.kind}{mark}] {hit.id}  {title}({hit.page}){also}")
        sentence = plain(hit.snippet, lambda word: click.style(word, bold=True))  # plain when piped
        if sentence and sentence != hit.title:
            said = f"{hit.lead} {sentence}" if hit.lead else sentence  # a list item after what it continues
            click.echo(click.wrap_text(said, width=100, initial_indent="    ", subsequent_indent="    "))
    if not results.hits:
        suggestion = f"; did you mean {results.did_you_mean!r}?" if results.did_you_mean else ""
        click.echo(f"no results for {results.query!r}{suggestion}")


@cli.command("serve")
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option("--port", type=click.IntRange(0, 65535), default=5000, show_default=True,
              help="Port to listen on (0 picks a free one).")
@click.option("--workers", type=click.IntRange(1, 64), default=ServeOptions.workers, show_default=True,
              help="Processes serving requests (default: the number of cores).")
@click.option("--threads", type=click.IntRange(1, 256), default=ServeOptions.threads, show_default=True,
              help="Threads per process.")
@click.option("--connections", type=click.IntRange(1, 100_000), default=ServeOptions.connections,
              show_default=True, help="Open connections per process, idle ones included.")
@click.option("--timeout", type=click.IntRange(1, 600), default=ServeOptions.timeout, show_default=True,
              help="Seconds a connection may stay silent, before or within a request, before it is closed.")
@instance_option
def serve_command(host: str, port: int, workers: int, threads: int, connections: int, timeout: int,
                  instance: Path | None) -> None:
    """Serve the web app with gunicorn; a re-ingest is picked up without a restart."""
    from mecatol.server import serve

    folder = str(instance_dir(instance).absolute())
    options = ServeOptions(host, port, workers, threads, connections, timeout)

    def announce(bound_host: str, bound_port: int) -> None:
        shown = f"[{bound_host}]" if ":" in bound_host else bound_host  # an IPv6 address, as a URL writes it
        click.echo(f"serving {folder} on http://{shown}:{bound_port}/ "
                   f"({workers} worker{'s' if workers > 1 else ''} x {threads} threads)", err=True)

    serve(lambda: web_app(Path(folder)), options, announce)


def main() -> None:
    """Entry point: every known error becomes one line on stderr and exit status 2."""
    try:
        cli.main(standalone_mode=False, prog_name="mecatol")  # also under `python -m`
    except click.exceptions.Abort:
        click.echo("mecatol: aborted", err=True)
        sys.exit(130)
    except click.exceptions.NoArgsIsHelpError as exc:
        # `mecatol` alone: its help as click prints it, not wrapped as an error line.
        click.echo(exc.ctx.get_help(), err=True)
        sys.exit(2)
    except click.UsageError as exc:
        command = exc.ctx.command_path if exc.ctx else "mecatol"
        click.echo(f"mecatol: {exc.format_message()} (see `{command} --help`)", err=True)
        sys.exit(2)
    except (CorpusError, IngestError, OSError) as exc:
        click.echo(f"mecatol: {exc}", err=True)
        sys.exit(2)
