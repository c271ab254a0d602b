"""The XDG base directory variables as the specification reads them: a value that is no absolute
path is invalid and ignored, so the default stands (``XDG_CACHE_HOME=relative/path``: the cache is
``~/.cache``, not a folder under wherever the command runs).

:func:`user_cache_dir` is foolsolve's cache folder (platformdirs, which ignores a relative value
itself only in its newest versions). :func:`cache_home` is the folder numba's user cache lies
under. :func:`drop_relative` takes invalid values out of the environment at the command's start,
so that what reads it later -- numba, which uses ``XDG_CACHE_HOME`` as it is, and the processes
the command starts (a background compile, workers) -- sees the defaults too."""

from __future__ import annotations

import os
from collections.abc import Iterator, MutableMapping
from contextlib import contextmanager
from pathlib import Path

HOMES = ("XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME", "XDG_RUNTIME_DIR")
"""The variables that each hold one folder."""

LISTS = ("XDG_DATA_DIRS", "XDG_CONFIG_DIRS")
"""The variables that hold a list of folders (``:``-separated): a relative entry is ignored."""


def drop_relative(environ: MutableMapping[str, str] | None = None) -> None:
    """Take the invalid XDG values out of ``environ`` (the process's environment): a variable of
    :data:`HOMES` that is no absolute path, and the relative entries of a list of :data:`LISTS` (the
    list itself when none is left). An empty value is left as it is (the default, to every reader)."""
    env = os.environ if environ is None else environ
    for var in HOMES:
        value = env.get(var)
        if value and not os.path.isabs(value):
            del env[var]
    for var in LISTS:
        value = env.get(var)
        if not value:
            continue
        kept = [p for p in value.split(os.pathsep) if os.path.isabs(p)]
        if not kept:
            del env[var]
        elif len(kept) < len(value.split(os.pathsep)):
            env[var] = os.pathsep.join(kept)


@contextmanager
def _without_relative() -> Iterator[None]:
    """The environment with its invalid XDG values out (:func:`drop_relative`), put back after."""
    saved = {var: os.environ[var] for var in (*HOMES, *LISTS) if var in os.environ}
    drop_relative()
    try:
        yield
    finally:
        for var, value in saved.items():
            os.environ[var] = value


def user_cache_dir(app: str = "foolsolve") -> Path:
    """``app``'s folder in the user's cache folder (platformdirs: ``~/.cache/foolsolve`` on Linux, or
    under an absolute ``XDG_CACHE_HOME``; a relative one ignored, whatever platformdirs' version)."""
    import platformdirs

    with _without_relative():
        return Path(platformdirs.user_cache_dir(app))


def cache_home() -> Path:
    """The user's cache folder by the XDG rule: ``XDG_CACHE_HOME`` where it is an absolute path,
    else ``~/.cache``."""
    value = os.environ.get("XDG_CACHE_HOME", "")
    return Path(value) if os.path.isabs(value) else Path.home() / ".cache"
