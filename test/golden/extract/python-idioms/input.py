"""Definition idioms of Python."""
import functools

__all__ = ["retry", "Config", "square"]

MAX_RETRIES = 3
square = lambda x: x * x


def retry(times):
    """Retries the wrapped function."""
    def decorator(fn):
        @functools.wraps(fn)
        def wrapper(*args, **kwargs):
            return fn(*args, **kwargs)
        return wrapper
    return decorator


class Config:
    """Settings with a computed property."""
    default_name = "app"
    normalize = staticmethod(lambda s: s.strip())

    class Meta:
        ordering = ["name"]

    def __init__(self, name):
        self.name = name

    @property
    def title(self):
        return self.name.title()

    @title.setter
    def title(self, value):
        self.name = value

    @classmethod
    def create(cls):
        return cls(cls.default_name)

    async def load(self):
        pass


def sort_names(names):
    key = lambda n: n.lower()
    return sorted(names, key=key)
