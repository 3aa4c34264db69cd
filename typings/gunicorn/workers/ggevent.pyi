from typing import Any

class GeventWorker:
    wsgi: Any
    def handle_exit(self, sig: int, frame: Any) -> None: ...
