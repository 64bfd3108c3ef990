"""write_atomic and what it writes to: a device, a FIFO or a folder is never replaced by a regular
file; a symbolic link stays a link; a rewritten file keeps its mode; an error names the path the
player gave and leaves no temporary file. Devices are reached only as /dev/null and /dev/full."""

from __future__ import annotations

import errno
import os
import stat
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

import rook_access.store.atomic as atomic
from rook_access.store.atomic import write_atomic


@pytest.fixture(autouse=True)
def only_in_tmp_path(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The tests may run as root, where a writer that renames over its target would replace
    /dev/null or /dev/full: any temporary file or rename outside tmp_path fails the test instead."""
    mkstemp, replace = tempfile.mkstemp, os.replace

    def inside(where: str | os.PathLike[str]) -> None:
        assert Path(os.path.realpath(where)).is_relative_to(os.path.realpath(tmp_path)), f"would write in {where}"

    def guarded_mkstemp(suffix: str | None = None, prefix: str | None = None, dir: str | None = None,
                        text: bool = False) -> tuple[int, str]:
        inside(dir or tempfile.gettempdir())
        return mkstemp(suffix, prefix, dir, text)

    def guarded_replace(src: str, dst: str | os.PathLike[str]) -> None:
        inside(dst)
        replace(src, dst)

    monkeypatch.setattr(tempfile, "mkstemp", guarded_mkstemp)
    monkeypatch.setattr(os, "replace", guarded_replace)
    monkeypatch.setattr(os, "rename", guarded_replace)


def temporaries(folder: Path) -> list[Path]:
    return list(folder.rglob(".*.tmp"))


def is_char_device(path: str) -> bool:
    return stat.S_ISCHR(os.lstat(path).st_mode)


def test_a_device_behind_a_symbolic_link_is_written_into_not_replaced(tmp_path: Path) -> None:
    link = tmp_path / "settings.toml"
    link.symlink_to("/dev/null")
    write_atomic(link, 'verbosity = "brief"\n')
    assert link.is_symlink() and os.readlink(link) == "/dev/null"
    assert is_char_device("/dev/null") and not temporaries(tmp_path)


def test_a_full_device_says_no_space_and_names_the_path_given(tmp_path: Path) -> None:
    with pytest.raises(OSError) as direct:
        write_atomic("/dev/full", b"cells")
    assert direct.value.errno == errno.ENOSPC and direct.value.filename == "/dev/full"
    link = tmp_path / "game.jsonl"
    link.symlink_to("/dev/full")
    with pytest.raises(OSError) as through:
        write_atomic(link, "{}\n")
    assert through.value.errno == errno.ENOSPC and through.value.filename == str(link)
    assert link.is_symlink() and is_char_device("/dev/full") and not temporaries(tmp_path)


def test_a_fifo_is_written_into_and_stays_a_fifo(tmp_path: Path) -> None:
    fifo = tmp_path / "sheet.brf"
    os.mkfifo(fifo)
    reader = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)  # there first, so the writer need not wait
    try:
        write_atomic(fifo, "cells\n")
        assert os.read(reader, 100) == b"cells\n"
    finally:
        os.close(reader)
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode) and not temporaries(tmp_path)


def test_labels_output_to_a_fifo_goes_to_its_reader(tmp_path: Path) -> None:
    fifo = tmp_path / "embosser"
    os.mkfifo(fifo)
    reader = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)  # a sheet is far smaller than the pipe's buffer
    try:
        env = dict(os.environ, ROOK_ACCESS_HOME=str(tmp_path / "home"))
        done = subprocess.run([sys.executable, "-m", "rook_access", "labels", "--format", "brf", "--output", str(fifo)],
                              capture_output=True, text=True, env=env, timeout=120)
        assert done.returncode == 0, done.stderr
        sheet = os.read(reader, 1 << 16)
    finally:
        os.close(reader)
    assert sheet and stat.S_ISFIFO(os.lstat(fifo).st_mode)


def test_a_folder_stays_an_error_that_names_it(tmp_path: Path) -> None:
    folder = tmp_path / "sheets"
    folder.mkdir()
    with pytest.raises(IsADirectoryError) as refused:
        write_atomic(folder, "cells")
    assert refused.value.filename == str(folder)
    assert folder.is_dir() and not any(folder.iterdir()) and not temporaries(tmp_path)


def test_a_rewritten_file_keeps_its_mode_and_a_new_one_gets_the_umask(tmp_path: Path) -> None:
    private = tmp_path / "settings.toml"
    private.write_text("old\n", "utf-8")
    private.chmod(0o600)
    write_atomic(private, "new\n")
    assert private.read_text("utf-8") == "new\n" and stat.S_IMODE(private.stat().st_mode) == 0o600
    script = tmp_path / "emboss.sh"
    script.write_text("old\n", "utf-8")
    script.chmod(0o750)
    write_atomic(script, "new\n")
    assert stat.S_IMODE(script.stat().st_mode) == 0o750
    mask = os.umask(0o022)
    try:
        write_atomic(tmp_path / "new.brf", "cells")
    finally:
        os.umask(mask)
    assert stat.S_IMODE((tmp_path / "new.brf").stat().st_mode) == 0o644


def test_a_symbolic_link_stays_and_the_file_it_names_is_replaced_whole(tmp_path: Path) -> None:
    kept = tmp_path / "dotfiles" / "rook.toml"
    kept.parent.mkdir()
    kept.write_text("old\n", "utf-8")
    kept.chmod(0o640)
    before = kept.stat().st_ino
    home = tmp_path / "home"
    home.mkdir()
    link = home / "settings.toml"
    link.symlink_to(Path("..") / "dotfiles" / "rook.toml")
    write_atomic(link, "new\n")
    assert link.is_symlink() and os.readlink(link) == os.path.join("..", "dotfiles", "rook.toml")
    assert kept.read_text("utf-8") == "new\n" and stat.S_IMODE(kept.stat().st_mode) == 0o640
    assert kept.stat().st_ino != before  # renamed over, not written in place
    assert sorted(p.name for p in home.iterdir()) == ["settings.toml"] and not temporaries(tmp_path)


def test_a_folder_that_cannot_be_written_is_named_by_the_target(tmp_path: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "ro"
    folder.mkdir()
    target = folder / "n.toml"
    target.write_text("old\n", "utf-8")
    folder.chmod(0o555)
    if os.geteuid() == 0:  # root writes there anyway: fail as the kernel does for anyone else

        def refused(*args: object, **kwargs: object) -> tuple[int, str]:
            raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), str(folder / ".n.toml.28952.2er_pt3u.tmp"))

        monkeypatch.setattr(tempfile, "mkstemp", refused)
    try:
        with pytest.raises(PermissionError) as denied:
            write_atomic(target, "new\n")
    finally:
        folder.chmod(0o755)
    assert denied.value.filename == str(target) and ".tmp" not in str(denied.value)
    assert target.read_text("utf-8") == "old\n" and not temporaries(tmp_path)


def test_a_write_cut_short_keeps_the_old_file_names_it_and_leaves_no_temporary_file(tmp_path: Path) -> None:
    target = tmp_path / "save.json"
    target.write_text("old\n", "utf-8")
    code = (
        "import resource, signal, sys\n"
        "from rook_access.store.atomic import write_atomic\n"
        "signal.signal(signal.SIGXFSZ, signal.SIG_IGN)\n"
        "resource.setrlimit(resource.RLIMIT_FSIZE, (1000, 1000))\n"
        "try:\n"
        "    write_atomic(sys.argv[1], 'x' * 5000)\n"
        "except OSError as exc:\n"
        "    print(exc.errno, exc.filename)\n"
    )
    env = dict(os.environ, PYTHONPATH=str(Path(atomic.__file__).parents[2]))  # this module, not another copy
    done = subprocess.run([sys.executable, "-c", code, str(target)], capture_output=True, text=True, env=env,
                          timeout=60)
    assert done.stdout == f"{errno.EFBIG} {target}\n", done.stdout + done.stderr
    assert target.read_text("utf-8") == "old\n" and not temporaries(tmp_path)
