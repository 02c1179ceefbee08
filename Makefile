# Everyday targets. `make run` and `make test` are the two commands of the README.
SHELL := /bin/bash
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
TEST_ENV := SHABGRAPH_NEO4J_INSTANCE=$${SHABGRAPH_TEST_INSTANCE:-test} SHABGRAPH_NEO4J_BOLT_PORT=$${SHABGRAPH_TEST_BOLT_PORT:-7688} SHABGRAPH_NEO4J_HTTP_PORT=$${SHABGRAPH_TEST_HTTP_PORT:-7475}

.PHONY: setup run test test-unit test-llm lint format neo4j-start neo4j-stop neo4j-status bench clean-neo4j

setup: $(STAMP)

$(STAMP): pyproject.toml requirements.lock
	@command -v $(PYTHON) >/dev/null || { echo "error: $(PYTHON) not found (Python 3.11+ is needed)"; exit 1; }
	@$(PYTHON) -c 'import sys; sys.exit(sys.version_info < (3, 11))' || { echo "error: $(PYTHON) is older than 3.11"; exit 1; }
	test -d $(VENV) || $(PYTHON) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip
	$(BIN)/pip install -q -r requirements.lock
	$(BIN)/pip install -q --no-deps -e .
	touch $(STAMP)

run: setup
	$(BIN)/shabgraph up

neo4j-start: setup
	$(BIN)/shabgraph neo4j start

neo4j-stop: setup
	$(BIN)/shabgraph neo4j stop

neo4j-status: setup
	$(BIN)/shabgraph neo4j status

# The test suite runs against its own managed instance (`test`, ports 7688/7475) so that it never
# touches the data of `make run`. Set SHABGRAPH_TEST_NEO4J_URI to use an external server instead.
# The tests' conftest starts the instance (and the test Postgres) on first use and stops at the end
# what it started, so no run leaves a server for the next one (tests/servers.py).
test: setup
	$(BIN)/python -m pytest $(PYTEST_ARGS)

test-unit: setup
	$(BIN)/python -m pytest -m unit $(PYTEST_ARGS)

# The real-model tests (tests/llm_real, marker llm_real): they build and cache llama-server and
# the 0.5B model under $${XDG_CACHE_HOME:-~/.cache}/shabgraph/llm-rig (about 15 min the first time),
# start the server on a free port and stop it at the end, as the test Neo4j (see `test`). Not part
# of `make test`.
test-llm: setup
	$(BIN)/python -m pytest -m llm_real tests/llm_real $(PYTEST_ARGS)

neo4j-stop-test: setup
	$(TEST_ENV) $(BIN)/shabgraph neo4j stop

lint: setup
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy
	$(BIN)/lint-imports

format: setup
	$(BIN)/ruff format .
	$(BIN)/ruff check --fix .

bench: setup
	$(BIN)/python -m benchmarks.run_all
