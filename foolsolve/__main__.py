"""``python -m foolsolve`` is the ``foolsolve`` command; :func:`main` is its console script too
(pyproject.toml), so that Ctrl-C while the CLI's modules load (click and the rest, a few tenths of
a second) is the usual one line and exit 130, not a traceback: ``foolsolve.cli.main`` handles it
only once it runs. SIGTERM is handled here too, once for every command
(:func:`foolsolve.errors.install_sigterm`): it stops a command as Ctrl-C does, with exit 143. This
module imports nothing more than :mod:`foolsolve.errors` (``foolsolve/__init__.py`` is light too)."""

import signal
import sys


def main() -> None:
    """Run ``foolsolve.cli.main``; a Ctrl-C before it handles one itself exits 130 with one line
    on standard error, as it would (``foolsolve: interrupted``, or the JSON error with ``--json``).
    Once the command is over, a Ctrl-C is ignored: it cannot cut the exit short (a process killed
    by SIGINT, with no line, instead of the command's own exit code)."""
    try:
        with _unraisable_interrupt_kept():
            from foolsolve.errors import install_sigterm

            install_sigterm()
            from foolsolve.cli import main as cli_main
        cli_main()
    except KeyboardInterrupt:
        _interrupted()
    finally:
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        # a SIGTERM as the process ends ends it, as it would have without the handler
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
        _forget_unhandled_interrupt()


class _unraisable_interrupt_kept:
    """While the CLI's modules load, a Ctrl-C that lands in a callback CPython runs itself (the
    weak-reference callback of the import system's module locks, a finaliser) cannot be raised
    there: the interpreter would print "Exception ignored in ..." with a traceback and go on
    loading. Such an interrupt is noted instead (``sys.unraisablehook``) and raised once the
    block ends, so it is the usual one line and exit 130."""

    def __enter__(self) -> None:
        self.hit = False
        self.hook = sys.unraisablehook
        sys.unraisablehook = self._hook

    def _hook(self, unraisable: "sys.UnraisableHookArgs") -> None:
        if isinstance(unraisable.exc_value, KeyboardInterrupt):
            self.hit = True
        else:
            self.hook(unraisable)

    def __exit__(self, kind: object, exc: object, tb: object) -> None:
        sys.unraisablehook = self.hook
        if self.hit and kind is None:
            raise KeyboardInterrupt


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


def _tty() -> bool:
    try:
        return sys.stderr.isatty()
    except (AttributeError, ValueError):
        return False


if __name__ == "__main__":
    main()
