# Two entry points: `make run` (the bot; offline mode without DISCORD_TOKEN) and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: run test lint bench core

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(VENV)/.installed-run: requirements.txt | $(BIN)/python
	$(BIN)/pip install --quiet --disable-pip-version-check -r requirements.txt
	touch $@

$(VENV)/.installed-dev: requirements.txt requirements-dev.txt | $(BIN)/python
	$(BIN)/pip install --quiet --disable-pip-version-check -r requirements-dev.txt
	touch $@ $(VENV)/.installed-run

# The solver's compiled core (solver/core.c); without a compiler the pure search stands in.
core: $(VENV)/.installed-run
	$(BIN)/python -m solver.build

run: $(VENV)/.installed-run core
	$(BIN)/python main.py

lint: $(VENV)/.installed-dev
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy

test: lint core
	scripts/postgres-programs
	$(BIN)/python -m pytest -q

bench: $(VENV)/.installed-dev core
	$(BIN)/python -m bench
