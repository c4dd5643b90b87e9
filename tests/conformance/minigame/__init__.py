from contextlib import contextmanager


@contextmanager
def registered():
    yield set()
