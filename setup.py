"""The wheel's build step runs the browser build first (``python -m reversi.web.build``),
so that the wheel carries the client: its static files, Pyodide and the precompiled
Python files (package data in pyproject.toml). Everything else is in pyproject.toml.

The engine's C core (``reversi/native``) becomes the extension ``reversi._native``;
it is optional: without a C compiler the install goes on, and ``reversi.ai`` says
that it searches in Python.

An editable install (dev/setup) leaves the browser build to dev/setup, which runs it
beside the installation.
"""

import shutil
import sys
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_py import build_py


class BuildPyWithClient(build_py):
    def run(self) -> None:
        if not self.editable_mode:
            sys.path.insert(0, str(Path(__file__).resolve().parent))
            from reversi.web.build import build

            build(quiet=True)
            # a wheel holds what the sources hold now, not what an earlier build left
            shutil.rmtree(Path(self.build_lib) / "reversi", ignore_errors=True)
        super().run()


NATIVE = Extension(
    "reversi._native",
    sources=sorted(str(path) for path in Path("reversi/native").glob("*.c")),
    depends=sorted(str(path) for path in Path("reversi/native").glob("*.h")),
    extra_compile_args=["-O3", "-std=c11"],
    optional=True,
)

setup(cmdclass={"build_py": BuildPyWithClient}, ext_modules=[NATIVE])
