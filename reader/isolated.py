"""One photo read in a process of its own, under limits: the child's half of
``companion.photo_jobs`` (issue 33, F3b, F4).

Glossary
--------
job
    Two files of the spool folder named by one random token: ``<token>.photo`` (the
    upload, written by the web worker) and ``<token>.json`` (the answer, written here,
    whole or not at all). The photo file is removed as soon as it is read.
answer
    ``{"reading": …}`` (``reading_to_json``) or ``{"refused": kind, "sentence": …}``
    (a ``PhotoError``'s kind and English sentence; ``too-much-memory`` when the memory
    limit stopped the reading).
limits
    A lower CPU priority, CPU seconds (``RLIMIT_CPU``: the kernel stops the process past
    them) and no core file, set first thing; an address-space size (``RLIMIT_AS``: an
    allocation past it fails), set once the reader's code is loaded and before the
    photo's bytes are.
    The wall-clock limit is the web worker's: it kills the process past it.

This module imports the standard library only at its top (a spawned process imports it
to start: ``companion``'s imports would cost each photo ~1.6 s of CPU).
"""

from __future__ import annotations

import json
import os
import resource
from collections.abc import Mapping
from dataclasses import dataclass, fields
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from reader.bison import Reading


@dataclass(frozen=True, slots=True)
class Limits:
    cpu_seconds: int
    memory_bytes: int
    niceness: int


def run(photo: str, answer: str, prior: Mapping[str, Any] | None, limits: Limits) -> None:
    """Read the photo file ``photo`` (removing it) against ``prior``; write the answer to
    the file ``answer``. The process's entry point (``multiprocessing`` spawn)."""
    os.nice(limits.niceness)
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    resource.setrlimit(resource.RLIMIT_CPU, (limits.cpu_seconds, limits.cpu_seconds + 1))
    # One thread of numerical work: a photo's share of the CPU is this process.
    os.environ["OPENBLAS_NUM_THREADS"] = os.environ["OMP_NUM_THREADS"] = "1"
    # The code first, then the memory limit, then the client's bytes: a library that
    # cannot load under the limit ends the process without a word (OpenBLAS exits), where
    # a decoder past it raises MemoryError, answered as such.
    from reader import bison

    resource.setrlimit(resource.RLIMIT_AS, (limits.memory_bytes, limits.memory_bytes))
    path = Path(photo)
    result: dict[str, Any]
    try:
        try:
            data = path.read_bytes()
        finally:
            path.unlink(missing_ok=True)  # the photo is not kept: read once, then gone
        try:
            result = {"reading": reading_to_json(bison.read(data, prior))}
        except bison.PhotoError as error:
            result = {"refused": error.kind, "sentence": str(error)}
    except MemoryError:
        data = b""
        result = {
            "refused": "too-much-memory",
            "sentence": "reading the photo needed more memory than a photo may use",
        }
    part = Path(f"{answer}.part")
    part.write_text(json.dumps(result, default=_plain), "utf-8")
    os.replace(part, answer)


def _plain(value: Any) -> Any:
    """numpy's numbers and arrays as JSON's (``item``/``tolist``)."""
    if hasattr(value, "tolist"):
        return value.tolist()
    raise TypeError(f"{type(value).__name__} is not JSON")


def reading_to_json(reading: Reading) -> dict[str, Any]:
    """Every field of ``reading`` as JSON (the homography as nested lists): JSON, not
    pickle, so a child that a hostile photo took over can send words, never code."""
    return {f.name: getattr(reading, f.name) for f in fields(reading)}


def reading_from_json(raw: Mapping[str, Any]) -> Reading:
    import numpy as np

    from reader.bison import Reading

    values = {f.name: raw[f.name] for f in fields(Reading) if f.name in raw}
    if values.get("homography") is not None:
        values["homography"] = np.asarray(values["homography"], dtype=np.float64)
    values["clashes"] = [tuple(pair) for pair in values.get("clashes", [])]
    return Reading(**values)
