# Two entry points: `make run` (the bot; offline mode without DISCORD_TOKEN) and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: run test lint bench core messages

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

# The slowest tests are listed at the end: the whole run must stay well under CI's limit.
test: lint core
	scripts/postgres-programs
	$(BIN)/python -m pytest -q --durations=15

bench: $(VENV)/.installed-dev core
	$(BIN)/python -m bench

# The words' catalogues: the messages' template from the source (the front end's, the boards'
# and the games' words, as babel.cfg lists them) and the slash commands' from the command tree,
# then each language's catalogues updated (translate the new and changed entries in
# cogs/locales/<language>/LC_MESSAGES/messages.po and commands.po).
messages: $(VENV)/.installed-dev
	$(BIN)/pybabel -q extract -F babel.cfg --no-default-keywords -k N_ -k NP_:1,2 -k Phrase --no-location --sort-output \
		--project "Quet Referee" -o cogs/locales/messages.pot .
	$(BIN)/python -m cogs.command_catalogue cogs/locales/commands.pot
	for domain in messages commands; do \
		for po in cogs/locales/*/LC_MESSAGES/$$domain.po; do \
			[ -e "$$po" ] || continue; \
			lang=$$(basename $$(dirname $$(dirname $$po))); \
			$(BIN)/pybabel -q update --no-fuzzy-matching -D $$domain \
				-i cogs/locales/$$domain.pot -d cogs/locales -l $$lang; \
		done; \
	done
