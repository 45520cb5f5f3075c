"""Calls on values a literal or a builtin constructor made are calls on that builtin type."""


class ListMixin:
    def append(self, value):
        pass


class Holder:
    def __init__(self):
        self.items = []
        self.mixin = ListMixin()

    def run(self, rows):
        parts = []
        parts.append(1)
        self.items.append(2)
        self.mixin.append(3)
        seen = set()
        seen.add(4)
        text = ', '.join(rows)
        ordered = sorted(rows)
        ordered.append(5)
        counts = {key: 0 for key in rows}
        counts.setdefault("a", 0)
        given = rows
        given.append(6)
        return text
