from collections.abc import Callable
from typing import Any

class Response:
    default_headers: Callable[[Any], list[str]]
