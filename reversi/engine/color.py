"""The two sides. Black (Ebenholz in the hall) moves first."""

from __future__ import annotations

from typing import TypeAlias

Color: TypeAlias = bool
BLACK: Color = True
WHITE: Color = False

COLOR_NAMES: dict[Color, str] = {BLACK: "black", WHITE: "white"}
