"""Module doc."""
import os.path as osp, sys
from .x import y as z, w
from .. import up
from ..pkg.mod import *
MAX_RETRIES = 3
_private = 1

# Comment about Base
class Foo(Base, metaclass=Meta):
    """Foo docstring."""
    attr: int = 0

    @staticmethod
    @app.route("/x")
    def method(self, a: int) -> str:
        self.helper(a)
        cls.other()
        os.path.join(a, b)
        Bar(1)
        return super().method()

    async def _hidden(self):
        pass

def top(x,
        y):
    def inner(): pass
    return inner()
lambda_f = lambda: 1
if __name__ == "__main__":
    top(1, 2)


def typed(repo: "Repo", items: list[Item]) -> Optional[models.User]:
    # Not a docstring.
    return repo.find(items)
