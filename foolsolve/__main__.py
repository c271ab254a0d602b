"""``python -m foolsolve`` is the ``foolsolve`` command; :func:`main` is its console script too
(pyproject.toml), so that Ctrl-C while the CLI's modules load (click and the rest, a few tenths of
a second) is the usual one line and exit 130, not a traceback: ``foolsolve.cli.main`` handles it
only once it runs. SIGTERM, SIGHUP (the terminal closed) and SIGXCPU (the soft CPU-time limit) are
handled here too, once for every command (:func:`foolsolve.errors.install_sigterm`): each stops a
command as Ctrl-C does, with one line naming it and exit 143, 129 or 152. This
module imports nothing more than :mod:`foolsolve.errors` (``foolsolve/__init__.py`` is light too).
The linear-algebra libraries get one thread each (:func:`one_blas_thread`), before anything imports
numpy."""

import _thread
import gc
import signal
import sys

BLAS_THREADS = ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS")
"""The thread counts of the linear-algebra libraries numpy and scipy load (numba imports scipy).
foolsolve calls no linear algebra; OpenBLAS's threads, started as scipy is imported, can spin at
100% CPU for ever under a low ``ulimit -v`` (they cannot be given their memory; SIGTERM does not end
the process). :func:`one_blas_thread` sets each to 1 where it is unset."""


def one_blas_thread(environ: "dict[str, str] | None" = None) -> None:
    """Set each variable of :data:`BLAS_THREADS` to ``1`` in ``environ`` (the process's environment,
    which the processes the command starts inherit), unless it is set already (the user's choice
    stands). It must run before numpy is imported: the libraries read it once, as they load."""
    import os

    env = os.environ if environ is None else environ
    for var in BLAS_THREADS:
        env.setdefault(var, "1")


def main() -> None:
    """Run ``foolsolve.cli.main``; a Ctrl-C before it handles one itself exits 130 with one line
    on standard error, as it would (``foolsolve: interrupted``, or the JSON error with ``--json``).
    Once the command is over, a Ctrl-C is ignored: it cannot cut the exit short (a process killed
    by SIGINT, with no line, instead of the command's own exit code)."""
    one_blas_thread()
    try:  # loaded first, while memory allows: an out-of-memory's line names the limit it met
        import resource  # noqa: F401
    except (ImportError, MemoryError):  # (no resource module: Windows)
        pass
    try:
        with _unraisable_interrupt_kept() as kept:
            from foolsolve.errors import install_sigterm, load_failed_for_memory

            install_sigterm()
            with _load_messages_held() as held:
                try:
                    from foolsolve.cli import main as cli_main
                except Exception as exc:
                    if not load_failed_for_memory(exc):
                        raise
                    held.dropped = True
            if held.dropped:
                _no_memory_to_load()
            kept.now_loaded()
            cli_main()
    except KeyboardInterrupt:
        _interrupted()
    except MemoryError:  # (before the CLI's own handlers run: loading foolsolve.errors itself)
        _no_memory_to_load()
    finally:
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        # a SIGTERM or SIGHUP as the process ends ends it, as it would have without the handler; a
        # SIGXCPU (the soft CPU limit, sent every CPU second past it) cannot cut the exit short
        for name, action in (("SIGTERM", signal.SIG_DFL), ("SIGHUP", signal.SIG_DFL), ("SIGXCPU", signal.SIG_IGN)):
            sig = getattr(signal, name, None)
            if sig is not None and signal.getsignal(sig) not in (signal.SIG_IGN, None):
                signal.signal(sig, action)
        _forget_unhandled_interrupt()
        # the command is over and its output written: the objects it leaves (a solver's tables, an
        # engine's memos, hundreds of thousands of them) are kept out of the collections the
        # interpreter runs as it exits, which took a second after a Fools and Angels answer
        gc.freeze()


class _unraisable_interrupt_kept:
    """A Ctrl-C (or SIGTERM, which raises the same KeyboardInterrupt) that lands in a callback CPython
    runs itself cannot be raised there: the weak-reference callback of the import system's module
    locks (every import, while the CLI's modules load and the command's own load later), a
    finaliser. The interpreter would print "Exception ignored in ..." with a traceback and go on, the
    interrupt lost. Such an interrupt is noted instead (``sys.unraisablehook``) and raised where the
    program runs on: while the CLI's modules load, once they are loaded (so it is the usual one line
    and exit 130, the command never run); while the command runs, by a SIGINT sent again to the main
    thread from a thread of its own once the callback is over (the command stops as Ctrl-C stops it,
    wherever it is, a wait on a pipe too)."""

    def __enter__(self) -> "_unraisable_interrupt_kept":
        self.hit = False
        self.loaded = False
        self.main = _thread.get_ident()
        self.hook = sys.unraisablehook
        sys.unraisablehook = self._hook
        return self

    def now_loaded(self) -> None:
        """The CLI's modules are loaded: an interrupt noted meanwhile is raised now."""
        self.loaded = True
        if self.hit:
            raise KeyboardInterrupt

    def _hook(self, unraisable: "sys.UnraisableHookArgs") -> None:
        if not isinstance(unraisable.exc_value, KeyboardInterrupt) or _thread.get_ident() != self.main:
            self.hook(unraisable)
        elif not self.loaded:
            self.hit = True
        else:  # (sent from another thread: sent from here, it would be raised in this hook, and lost again)
            _thread.start_new_thread(_ctrl_c_again, (self.main,))

    def __exit__(self, kind: object, exc: object, tb: object) -> None:
        sys.unraisablehook = self.hook


AGAIN_AFTER = 0.01
"""Seconds :func:`_ctrl_c_again` waits first: the main thread, which started it from the hook, has
left the hook by then (an interrupt raised in the hook would be lost as well)."""


def _ctrl_c_again(main: int) -> None:
    """SIGINT sent to the main thread ``main`` (where that cannot be done, the same interrupt
    raised there by Python), :data:`AGAIN_AFTER` seconds from now."""
    import time

    time.sleep(AGAIN_AFTER)
    if hasattr(signal, "pthread_kill"):
        signal.pthread_kill(main, signal.SIGINT)
    else:
        _thread.interrupt_main()


def _forget_unhandled_interrupt() -> None:
    """Clear CPython's note of an unhandled Ctrl-C. A Ctrl-C that lands in code run by ``exec`` or
    ``eval`` of a string (dataclasses and namedtuple build their methods so, while modules load)
    sets that note as the KeyboardInterrupt leaves the string's code, even though it is handled
    further out. Under ``python -m`` the interpreter then ends by killing itself with SIGINT,
    after this module's line, instead of exiting 130. Running any string's code resets the note
    (pythonrun.c, ``run_eval_code_obj``); the command's exit code stands."""
    exec("None")


def _interrupted() -> None:
    from foolsolve.errors import stop_text

    signal.signal(signal.SIGINT, signal.SIG_IGN)  # a second Ctrl-C does not cut this short
    message, code = stop_text()
    args = sys.argv[1:]
    if "--json" in (args[:args.index("--")] if "--" in args else args):  # as foolsolve.cli.wants_json
        line = f'{{"error": "{message}", "kind": "interrupted", "exit_code": {code}}}'
    else:
        line = ("\r" if _tty() else "") + f"foolsolve: {message}"  # as foolsolve.cli.error_out
    try:
        sys.stderr.write(line + "\n")
        sys.stderr.flush()
    except (OSError, ValueError, AttributeError):
        pass
    sys.exit(code)


class _load_messages_held:
    """What the modules print on standard error while the CLI loads, held back and written out once
    they are loaded (in order, as it would have been). Where memory runs out while they load, the
    standard library's own complaints (hashlib logs a traceback for each hash its OpenSSL library,
    refused memory, does not give) are dropped (``dropped``) and only the command's one line is
    printed. A logging handler a module set up on the held stream writes to standard error."""

    def __enter__(self) -> "_load_messages_held":
        import io

        self.dropped = False
        self.saved = sys.stderr
        self.buffer = io.StringIO()
        sys.stderr = self.buffer
        return self

    def __exit__(self, *exc: object) -> None:
        sys.stderr = self.saved
        logging = sys.modules.get("logging")
        if logging is not None:
            for handler in logging.getLogger().handlers:
                if getattr(handler, "stream", None) is self.buffer:
                    handler.setStream(self.saved)
        if not self.dropped and self.buffer.getvalue():
            try:
                self.saved.write(self.buffer.getvalue())
                self.saved.flush()
            except (OSError, ValueError, AttributeError):
                pass


def _no_memory_to_load() -> None:
    """End a command whose modules could not be loaded for want of memory (a very low ``ulimit -v``)
    with the one line of any out-of-memory (:func:`foolsolve.errors.out_of_memory`), exit 2, kind
    ``limit``, as ``foolsolve.cli`` ends one once loaded; nothing more is imported for it."""
    try:
        from foolsolve.errors import out_of_memory

        message = out_of_memory()
    except (MemoryError, ImportError):  # too little memory to load even that: the limit read as main loaded it
        limit = "the process's address-space limit (ulimit -v)"
        try:
            resource = sys.modules["resource"]
            soft = resource.getrlimit(resource.RLIMIT_AS)[0]
            if soft != resource.RLIM_INFINITY:
                limit = f"the process's address-space limit of {soft // 2**20:,} MiB (ulimit -v)"
        except (KeyError, AttributeError, OSError, ValueError, MemoryError):
            pass
        message = f"out of memory: {limit} is too low to start foolsolve"
    args = sys.argv[1:]
    if "--json" in (args[:args.index("--")] if "--" in args else args):  # as foolsolve.cli.wants_json
        line = f'{{"error": "{message}", "kind": "limit", "exit_code": 2}}'
    else:
        line = f"foolsolve: error: {message}"  # as foolsolve.cli.error_out
    try:
        sys.stderr.write(line + "\n")
        sys.stderr.flush()
    except (OSError, ValueError, AttributeError):
        pass
    sys.exit(2)


def _tty() -> bool:
    try:
        return sys.stderr.isatty()
    except (AttributeError, ValueError):
        return False


if __name__ == "__main__":
    main()
