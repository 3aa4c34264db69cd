"""Packaging hook: the wheel carries the companion's templates and compiled catalogs.

Everything else is declared in pyproject.toml. ``templates/`` and ``translations/`` live
at the top of the source tree (translators and template authors find them there), so the
build copies them into the wheel as ``companion/templates`` and ``companion/translations``
(only the compiled ``.mo`` catalogs: the app never reads the ``.po`` sources).
"""

from __future__ import annotations

from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent
DATA = {"templates": ("*.html",), "translations": ("*.mo",)}


class BuildWithData(build_py):
    def run(self) -> None:
        super().run()
        if getattr(self, "editable_mode", False):
            return  # an editable install reads the source tree itself
        for folder, patterns in DATA.items():
            for pattern in patterns:
                for source in sorted((ROOT / folder).rglob(pattern)):
                    target = Path(self.build_lib) / "companion" / source.relative_to(ROOT)
                    self.mkpath(str(target.parent))
                    self.copy_file(str(source), str(target))


setup(cmdclass={"build_py": BuildWithData})
