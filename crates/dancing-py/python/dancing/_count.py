"""`Count`: the number of solutions, and whether it is all of them."""


class Count(int):
    """A number of solutions: an `int`, with `complete` false when more solutions exist
    than the search counted (it stopped at its `limit`: the count is then the limit).
    A count of exactly `limit` solutions is complete, as in the Rust library and the
    command line, which prints an incomplete count as `N+`.

    >>> from dancing import Count
    >>> Count(5, complete=False)
    Count(5, complete=False)
    >>> str(Count(5, complete=False)), str(Count(5))
    ('5+', '5')
    >>> Count(5) == 5, Count(5).complete
    (True, True)
    >>> Count(5).complete = False
    Traceback (most recent call last):
    ...
    AttributeError: a Count's completeness is what the search found: it cannot be set
    """

    _complete: bool

    def __new__(cls, value: int, complete: bool = True) -> "Count":
        count = super().__new__(cls, value)
        object.__setattr__(count, "_complete", bool(complete))
        return count

    @property
    def complete(self) -> bool:
        """Whether every solution was counted."""
        return self._complete

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(
            "a Count's completeness is what the search found: it cannot be set"
        )

    def __repr__(self) -> str:
        if self._complete:
            return int.__repr__(self)
        return f"Count({int(self)}, complete=False)"

    def __str__(self) -> str:
        if self._complete:
            return int.__repr__(self)
        return f"{int(self)}+"

    def __reduce__(self):
        return (Count, (int(self), self._complete))
