"""`Count`: the number of solutions, and whether it is all of them."""


class Count(int):
    """A number of solutions: an `int`, with `complete` false when the search stopped
    at its `limit` with more solutions left (the count is then the limit).

    >>> from dancing import Count
    >>> Count(5, complete=False)
    Count(5, complete=False)
    >>> Count(5) == 5, Count(5).complete
    (True, True)
    """

    complete: bool

    def __new__(cls, value: int, complete: bool = True) -> "Count":
        count = super().__new__(cls, value)
        count.complete = complete
        return count

    def __repr__(self) -> str:
        if self.complete:
            return int.__repr__(self)
        return f"Count({int(self)}, complete=False)"

    def __reduce__(self):
        return (Count, (int(self), self.complete))
