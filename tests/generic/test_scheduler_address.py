"""``--scheduler`` given an address where something other than a Dask scheduler listens (its
dashboard's HTTP port, an SSH server, a proxy) or a transport that cannot be set up: one line,
exit 2, within the probe's time limit; never Dask's unbounded handshake (a hang) or its trust in
a stranger's first bytes (an exabyte allocation, exit 1)."""

from __future__ import annotations

import asyncio
import socket
import threading
from collections.abc import Callable, Iterator

import pytest

from foolsolve import executor
from foolsolve.errors import InputError
from tests.generic.test_cli_bad_input import assert_one_line_error

pytest.importorskip("distributed", reason="Dask is not installed (the optional extra: pip install -e '.[test,dask]')")

ARENA = ["arena", "durak", "--bot", "random", "--bot", "greedy", "--games", "1", "--scheduler"]


def _serve(handle: Callable[[socket.socket], None]) -> Iterator[str]:
    """A loopback TCP server answering each connection with ``handle``; yields its address."""
    listener = socket.create_server(("127.0.0.1", 0))
    listener.settimeout(0.2)
    stop = threading.Event()

    def loop() -> None:
        while not stop.is_set():
            try:
                conn, _ = listener.accept()
            except TimeoutError:
                continue
            with conn:
                conn.settimeout(5)
                try:
                    handle(conn)
                except OSError:
                    pass

    thread = threading.Thread(target=loop, daemon=True)
    thread.start()
    try:
        yield f"tcp://127.0.0.1:{listener.getsockname()[1]}"
    finally:
        stop.set()
        thread.join()
        listener.close()


def _ssh(conn: socket.socket) -> None:
    conn.sendall(b"SSH-2.0-OpenSSH_9.6p1 Ubuntu-3ubuntu13\r\n")
    conn.recv(1024)


def _http(conn: socket.socket) -> None:
    # waits for a request, as an HTTP server (the dashboard at :8787) does, then refuses it
    if conn.recv(1024):
        conn.sendall(b"HTTP/1.1 400 Bad Request\r\nconnection: close\r\ncontent-length: 0\r\n\r\n")


@pytest.fixture
def ssh_server() -> Iterator[str]:
    yield from _serve(_ssh)


@pytest.fixture
def http_server() -> Iterator[str]:
    yield from _serve(_http)


def test_a_scheduler_address_where_a_service_speaks_first_is_a_one_line_error(ssh_server):
    """An SSH banner's first eight bytes read as a frame length of 3 EiB: MemoryError, exit 1."""
    assert_one_line_error([*ARENA, ssh_server], "--scheduler", "is not a Dask scheduler", "SSH-2.0")


def test_a_scheduler_address_where_an_http_server_listens_is_a_one_line_error(http_server, monkeypatch):
    """Dask's client sent its handshake, read the HTTP refusal as a frame length: MemoryError,
    exit 1 (an HTTP server that never answers hung the command for good)."""
    monkeypatch.setattr(executor, "PROBE_SECONDS", 0.5)
    assert_one_line_error([*ARENA, http_server], "--scheduler", "is not a Dask scheduler", "no greeting within 0.5 s")


@pytest.mark.parametrize("address", ["tls://127.0.0.1:1", "ucx://127.0.0.1:1"])
def test_a_scheduler_transport_dask_cannot_set_up_is_a_one_line_error(address):
    """Without TLS settings in Dask's configuration (without UCX) Dask's client raised TypeError."""
    assert_one_line_error([*ARENA, address], "--scheduler", address)


def test_the_probe_accepts_a_real_dask_scheduler():
    from distributed import Scheduler

    ready: list[str] = []
    done = threading.Event()

    async def run() -> None:
        async with Scheduler(host="127.0.0.1", port=0, dashboard_address=None) as s:
            ready.append(s.address)
            while not done.is_set():
                await asyncio.sleep(0.02)

    thread = threading.Thread(target=asyncio.run, args=(run(),), daemon=True)
    thread.start()
    try:
        while not ready and thread.is_alive():
            done.wait(0.02)
        executor._probe(ready[0])  # no InputError
    finally:
        done.set()
        thread.join()
    with pytest.raises(InputError, match="cannot connect"):
        executor._probe(ready[0])  # the scheduler is gone


def test_a_failed_client_collected_while_the_next_starts_does_not_hang(monkeypatch):
    """A Client that failed to start (tls:// without TLS settings) stays behind in a reference
    cycle; a garbage collection inside the next Client's start ran its __del__, which closed Dask's
    shared loop runner under the lock that start held: .ci/run hung for good in the parametrized
    test above. Here a collection is forced at that very moment: the second failure must still be
    a one-line error, not a hang."""
    import gc

    from distributed.utils import LoopRunner

    real = LoopRunner._start_unlocked

    def collect_then_start(self):  # a collection at the worst moment: the lock is held
        gc.collect()
        return real(self)

    monkeypatch.setattr(LoopRunner, "_start_unlocked", collect_then_start)
    errors: list[str] = []

    def two_failures() -> None:
        for address in ("tls://127.0.0.1:1", "tls://127.0.0.1:2"):
            with pytest.raises(InputError) as exc:
                executor._Dask(address)
            errors.append(str(exc.value))

    worker = threading.Thread(target=two_failures, daemon=True)
    worker.start()
    worker.join(60)
    assert not worker.is_alive(), "the second Client's start hung (its lock held by the first's __del__)"
    assert len(errors) == 2 and all(e.startswith("--scheduler: cannot connect to tls://") for e in errors), errors
