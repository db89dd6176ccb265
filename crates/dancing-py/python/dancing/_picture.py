"""`Picture`: an SVG picture that Jupyter shows."""

import re


class Picture:
    """An SVG picture, as `Problem.picture` and `Problem.sheet` draw it: `svg()` gives
    the text, and Jupyter shows it (`_repr_svg_`).

    >>> from dancing import Picture
    >>> p = Picture('<svg xmlns="http://www.w3.org/2000/svg" width="56" height="32"></svg>')
    >>> p
    Picture(56×32)
    >>> p.svg() == p._repr_svg_()
    True
    """

    __slots__ = ("_svg",)

    def __init__(self, svg: str) -> None:
        self._svg = svg

    def svg(self) -> str:
        """The SVG text."""
        return self._svg

    def _repr_svg_(self) -> str:
        return self._svg

    def __repr__(self) -> str:
        size = re.search(r'width="([^"]*)" height="([^"]*)"', self._svg)
        return f"Picture({size.group(1)}×{size.group(2)})" if size else "Picture()"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Picture) and other._svg == self._svg

    def __hash__(self) -> int:
        return hash(self._svg)

    def __reduce__(self) -> tuple:
        return (Picture, (self._svg,))
