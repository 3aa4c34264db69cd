"""SQLite: the processes on one database file wake each other when a table changes.

PostgreSQL has ``NOTIFY``; SQLite has nothing that crosses processes, so without this a
worker would hear of another worker's commit only at its version map's next refresh (up to
a quarter of a second later, then the phone asks the panel: push p95 ~250 ms).

Each process that serves phones binds one Unix **datagram** socket in the wake folder,
``<database file>.live/`` beside the database (or, when that path is too long for a socket
address, a private folder under the temporary folder named after the database's path).
After a commit the writer sends ``"<table id> <version>"`` to every other socket there; a
listener hands it to its version map (``VersionMap.note``), which wakes its streams.

Why datagram sockets in a folder:

* **No broker, no extra service**: the folder lists who listens; a process that dies
  leaves a socket file nobody is bound to, which refuses the next datagram
  (``ECONNREFUSED``) and is removed by that sender. A process started later just appears.
* **Never holds up a write**: sending is non-blocking; a listener whose queue is full
  (``EAGAIN``) misses that datagram, and so does one that is stopping.
* **Nothing here is needed for correctness**: the database stays the truth, a missed wake
  costs that phone the map's next refresh (≤ 250 ms), as before.
* **Private**: the folder is made ``0700`` and must be owned by this user (else it is not
  used), so only this user's processes can announce a version (a version heard is trusted
  as PostgreSQL's NOTIFY is: it was committed).

Works under gevent (``campfire serve``): the socket module is looked up at use, so a
worker's sockets are gevent's (patched before its first request) and the listener is a
greenlet; elsewhere it is a daemon thread.
"""

from __future__ import annotations

import contextlib
import hashlib
import logging
import os
import secrets
import socket
import stat
import tempfile
import threading
from collections.abc import Callable
from pathlib import Path

log = logging.getLogger(__name__)

#: Longest socket path the platform takes (``sun_path``: 108 bytes on Linux, 104 on BSDs),
#: less room for the socket's own name.
MAX_FOLDER = 104 - 40
#: How often the listener looks whether it was told to stop (seconds).
LISTEN_TIMEOUT = 1.0
#: A datagram is ``<table id> <version>``: a table id is 64 characters at most.
MAX_DATAGRAM = 128

Heard = Callable[[str, int], None]


def folder_for(database_url: str) -> Path | None:
    """The wake folder of an SQLite database file; None for another database, an
    in-memory one, or a platform without Unix sockets."""
    prefix = "sqlite:///"
    if not database_url.startswith(prefix) or not hasattr(socket, "AF_UNIX"):
        return None
    path = database_url[len(prefix) :].split("?", 1)[0]
    if not path or path == ":memory:" or path.startswith("file:"):
        return None
    database = Path(path).resolve()
    beside = database.with_name(database.name + ".live")
    if len(os.fsencode(beside)) <= MAX_FOLDER:
        return beside
    digest = hashlib.sha256(os.fsencode(database)).hexdigest()[:16]
    return Path(tempfile.gettempdir()) / f"campfire-live-{os.getuid()}-{digest}"


def _private(folder: Path) -> bool:
    """Make ``folder`` (0700) if missing; whether it is this user's alone."""
    with contextlib.suppress(FileExistsError):
        folder.mkdir(mode=0o700)
    info = folder.lstat()
    return (
        stat.S_ISDIR(info.st_mode)
        and info.st_uid == os.getuid()
        and not info.st_mode & (stat.S_IRWXG | stat.S_IRWXO)
    )


class Wake:
    """One process's end of the wake folder: ``send`` after a commit, ``listen`` to hear
    the others'. A process that only writes (a command) sends without listening."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.name: str | None = None  # this listener's socket file, once listening
        self.heard = 0  # datagrams heard (tests, diagnostics)
        self._listening: socket.socket | None = None
        self._sender: tuple[int, socket.socket] | None = None  # (pid, socket): per process
        self._stop = threading.Event()
        self._lock = threading.Lock()

    # -- sending ---------------------------------------------------------------------

    def send(self, table_id: str, version: int) -> None:
        """Tell every other listener that ``table_id`` is at ``version`` now. Never raises
        and never waits: a wake lost costs a phone the next map refresh, no more."""
        try:
            entries = list(os.scandir(self.folder))
        except OSError:
            return  # no folder: nobody listens yet
        payload = f"{table_id} {version}".encode()
        sender = self._sending()
        for entry in entries:
            if entry.name == self.name or not entry.name.endswith(".sock"):
                continue
            try:
                sender.sendto(payload, entry.path)
            except (ConnectionRefusedError, FileNotFoundError):
                # Nobody is bound to it: its process ended without removing it.
                with contextlib.suppress(OSError):
                    os.unlink(entry.path)
            except OSError:  # its queue is full (EAGAIN), or it is going: it refreshes
                continue

    def _sending(self) -> socket.socket:
        pid = os.getpid()
        with self._lock:
            if self._sender is None or self._sender[0] != pid:  # forked: a socket of its own
                sender = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
                sender.setblocking(False)
                self._sender = (pid, sender)
            return self._sender[1]

    # -- listening -------------------------------------------------------------------

    def listen(self, heard: Heard) -> bool:
        """Bind this process's socket and hand every datagram heard to ``heard``; False
        when the folder cannot be used (not private, not writable): the map's refresh
        alone tells this process then."""
        try:
            if not _private(self.folder):
                log.warning("wake folder %s is not private: not used", self.folder)
                return False
            name = f"{os.getpid()}-{secrets.token_hex(6)}.sock"
            listening = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
            listening.bind(str(self.folder / name))
        except OSError as error:
            log.warning("wake folder %s unusable: %s", self.folder, type(error).__name__)
            return False
        listening.settimeout(LISTEN_TIMEOUT)
        self._listening, self.name = listening, name
        threading.Thread(
            target=self._run, args=(listening, heard), name="campfire-wake", daemon=True
        ).start()
        return True

    def _run(self, listening: socket.socket, heard: Heard) -> None:
        try:
            while not self._stop.is_set():
                try:
                    payload = listening.recv(MAX_DATAGRAM)
                except TimeoutError:
                    continue
                except OSError:  # closed by ``stop``
                    return
                table_id, _, version = payload.decode(errors="replace").partition(" ")
                if version.isdigit():
                    self.heard += 1
                    heard(table_id, int(version))
        finally:
            self._close()

    def stop(self) -> None:
        """Stop listening and remove this process's socket (tests; an exiting process's
        socket is removed by the next sender)."""
        self._stop.set()
        self._close()

    def _close(self) -> None:
        with self._lock:
            listening, name = self._listening, self.name
            self._listening = None
        if listening is not None:
            listening.close()
            if name is not None:
                with contextlib.suppress(OSError):
                    os.unlink(self.folder / name)
