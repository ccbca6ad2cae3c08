"""The data files shipped in the package beside the modules (also inside the browser's
zip): the weights, the opening book, the XOT starts."""

from __future__ import annotations

from pkgutil import get_data


def packaged(name: str, error: type[ValueError]) -> bytes:
    """The bytes of ``reversi/ai/<name>``; ``error`` naming the file when it cannot be read.

    >>> packaged("no-such-file.bin", ValueError)
    Traceback (most recent call last):
    ...
    ValueError: no-such-file.bin: cannot be read ([Errno 2] No such file or directory: ...)
    """
    try:
        data = get_data("reversi.ai", name)
    except OSError as problem:
        raise error(f"{name}: cannot be read ({problem})") from None
    if data is None:
        raise error(f"{name}: cannot be read")
    return data
