"""The entry of every bench script that reads a corpus: none (or a damaged one), or no questions file, is one line."""
from __future__ import annotations

import sys
from pathlib import Path

from corpus import CorpusError


def run(main) -> None:
    """Run a script's main and exit with its status; a missing or damaged corpus says so in one
    line naming the script, as the CLI does, not in a traceback."""
    try:
        sys.exit(main())
    except CorpusError as exc:
        sys.exit(f"bench/{Path(sys.argv[0]).name}: {exc}")
    except FileNotFoundError as exc:  # a questions file that is not there (no ../shared beside the checkout)
        sys.exit(f"bench/{Path(sys.argv[0]).name}: cannot read {exc.filename}: {exc.strerror}"
                 " (pass --queries FILE, or set MECATOL_SHARED to the shared folder)")
