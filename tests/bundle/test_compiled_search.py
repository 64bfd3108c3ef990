"""The compiled search (setup.py): ``pip wheel`` of this source compiles the search's modules
with mypyc, and the compiled game makes the very choices the plain-Python one makes; without a
C compiler the wheel still builds, as plain Python.

Two wheel builds (about a minute and a half between them): this folder sorts first, so they
start while the other tests run on the other cores. Where no C compiler is at hand the test is
skipped, except under CI (``CI=true``), which installs one and must fail without it.
"""

from __future__ import annotations

import ast
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CHOICES = Path(__file__).with_name("choices.py")
SOURCES = ("pyproject.toml", "setup.py", "README.md", "LICENSE", "rook_access")

pytestmark = pytest.mark.build


def _compiled_modules() -> list[str]:
    """The module names setup.py's ``COMPILED`` lists (read, not imported: importing runs setup)."""
    tree = ast.parse((ROOT / "setup.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", "") == "COMPILED":
            return [Path(path).stem for path in ast.literal_eval(node.value)]
    raise AssertionError("setup.py has no COMPILED list")


COMPILED_MODULES = _compiled_modules()


def _source(tmp: Path) -> Path:
    """A copy of what a wheel is built from, so the build's files stay out of the repository."""
    src = tmp / "src"
    src.mkdir()
    for name in SOURCES:
        path = ROOT / name
        if path.is_dir():
            shutil.copytree(path, src / name, ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.pyd"))
        else:
            shutil.copy2(path, src / name)
    return src


def _wheel(src: Path, out: Path, env: dict[str, str]) -> tuple[Path, str]:
    result = subprocess.run([sys.executable, "-m", "pip", "wheel", str(src), "--no-deps", "-v", "-w", str(out)],
                            capture_output=True, text=True, timeout=900, env=env)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    wheels = list(out.glob("rook_access-*.whl"))
    assert len(wheels) == 1
    return wheels[0], result.stdout + result.stderr


def _unpack(wheel: Path, site: Path) -> list[str]:
    with zipfile.ZipFile(wheel) as z:
        z.extractall(site)
        return [n for n in z.namelist() if n.endswith((".so", ".pyd"))]


def _choices(path: Path, cwd: Path) -> list[str]:
    env = {**os.environ, "PYTHONPATH": str(path)}
    result = subprocess.run([sys.executable, str(CHOICES)], capture_output=True, text=True, timeout=900,
                            cwd=cwd, env=env)
    assert result.returncode == 0, result.stderr[-3000:]
    return result.stdout.splitlines()


def test_the_compiled_search_chooses_as_plain_python_does(tmp_path: Path) -> None:
    if not (shutil.which("cc") or shutil.which("gcc")):
        if os.environ.get("CI"):
            pytest.fail("no C compiler: CI installs gcc and python3-dev to build the compiled search")
        pytest.skip("no C compiler here: the game installs as plain Python (setup.py)")
    src = _source(tmp_path)
    wheel, _log = _wheel(src, tmp_path / "wheel", dict(os.environ))
    site = tmp_path / "site"
    compiled = _unpack(wheel, site)
    modules = {Path(n).name.split(".")[0] for n in compiled}
    assert set(COMPILED_MODULES) <= modules, compiled

    run_dir = tmp_path / "run"  # not the repository, whose own package would come first
    run_dir.mkdir()
    fast, plain = _choices(site, run_dir), _choices(ROOT, run_dir)
    assert fast[0] == "compiled" and plain[0] == "python"
    assert len(fast) == len(plain) > 100
    assert fast[1:] == plain[1:]

    game = subprocess.run([sys.executable, "-m", "rook_access", "simulate", "--rules", "georgia", "--ns", "hard",
                           "--games", "1", "--seed", "3", "--json"], capture_output=True, text=True,
                          timeout=900, cwd=run_dir, env={**os.environ, "PYTHONPATH": str(site)})
    assert game.returncode == 0, game.stderr[-3000:]
    assert '"search": "compiled"' in game.stdout


def test_without_a_c_compiler_the_wheel_is_plain_python(tmp_path: Path) -> None:
    src = _source(tmp_path)
    wheel, log = _wheel(src, tmp_path / "wheel", {**os.environ, "CC": "/bin/false"})
    assert _unpack(wheel, tmp_path / "site") == []
    assert "compiling the search failed" in log and "stays plain Python" in log
