"""Import on first use: what keeps ``foolsolve --help`` (and every command that touches one
game) from importing every game's engine, solver, Z3 and networkx.

* :class:`Lazy` names a value as ``"module:attribute"``; the module is imported when the
  value is first asked for (``GameInfo.engine``, ``GameInfo.solve`` ...).
* :class:`CommandRef` declares a CLI command by name, import path and the first paragraph
  of its help; :class:`LazyGroup` lists it in ``--help`` from that text and imports the
  command only when it is run (click's documented "lazy loading of subcommands" pattern).
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

import click

T_co = TypeVar("T_co", covariant=True)


class Lazy(Generic[T_co]):
    """``module:attribute``, imported on first :meth:`get` and then kept. With ``call=True``
    the attribute is called once with no arguments (a class to instantiate)."""

    __slots__ = ("_value", "call", "target")

    _UNSET: Any = object()

    def __init__(self, target: str, *, call: bool = False) -> None:
        module, sep, attr = target.partition(":")
        if not sep or not module or not attr:
            raise ValueError(f"Lazy target must be 'module:attribute', got {target!r}")
        self.target = target
        self.call = call
        self._value: Any = Lazy._UNSET

    def get(self) -> T_co:
        """The value (imported now if not yet)."""
        if self._value is Lazy._UNSET:
            module, _, attr = self.target.partition(":")
            value = getattr(importlib.import_module(module), attr)
            self._value = value() if self.call else value
        result: T_co = self._value
        return result

    @property
    def loaded(self) -> bool:
        """Whether :meth:`get` has imported the value."""
        return self._value is not Lazy._UNSET

    def __repr__(self) -> str:
        return f"Lazy({self.target!r}{', call=True' if self.call else ''})"


def resolve(value: T_co | Lazy[T_co]) -> T_co:
    """``value`` itself, or the value a :class:`Lazy` stands for."""
    return value.get() if isinstance(value, Lazy) else value


@dataclass(frozen=True)
class CommandRef:
    """A CLI command known by name before it is imported."""

    name: str
    target: str
    """``module:attribute`` of the :class:`click.Command`."""
    help: str
    """The first paragraph of the command's help: ``--help`` of the group lists it (as
    click would list the imported command) without importing the command."""
    old_name: str | None = None
    """A game's command only: its old top-level spelling (``foolsolve defend``), still accepted for
    one release with a deprecation line on stderr."""
    old_takes_game: bool = False
    """The old spelling named the game first (``foolsolve simulate three-fools ...``)."""

    def load(self) -> click.Command:
        """Import the command."""
        cmd = Lazy[click.Command](self.target).get()
        if not isinstance(cmd, click.Command):
            raise TypeError(f"{self.target} is not a click command")
        return cmd

    def stand_in(self) -> click.Command:
        """A command with the same name and short help, for the group's ``--help`` listing."""
        return click.Command(self.name, help=self.help)


class LazyGroup(click.Group):
    """A :class:`click.Group` that also holds :class:`CommandRef` declarations: they are listed
    by ``--help`` from their declared help and imported when looked up to be run."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.lazy_commands: dict[str, CommandRef] = {}
        self._listing = False

    def add_lazy_command(self, ref: CommandRef) -> None:
        """Declare a command (ignored when a command of that name exists)."""
        if ref.name not in self.commands:
            self.lazy_commands.setdefault(ref.name, ref)

    def is_command(self, name: str) -> bool:
        """Whether ``name`` is a command, imported or declared."""
        return name in self.commands or name in self.lazy_commands

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(set(self.commands) | set(self.lazy_commands))

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        ref = self.lazy_commands.get(cmd_name)
        if ref is None:
            return super().get_command(ctx, cmd_name)
        if self._listing:
            return ref.stand_in()
        cmd = ref.load()
        self.add_command(cmd, cmd_name)
        del self.lazy_commands[cmd_name]
        return cmd

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        # click's own listing, with stand-ins for the commands not imported yet
        self._listing = True
        try:
            super().format_commands(ctx, formatter)
        finally:
            self._listing = False

