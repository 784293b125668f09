"""Negative corpus: user-defined classes whose methods share tensor names.

A converter that rewrites ``.view(``, ``.sum(``, ``.to(`` ... purely by name
will break these classes.  Only the ``# positive:`` lines use real tensors.
"""

import torch


class Vec2:
    """A tiny 2-D vector with a tensor-flavoured API."""

    def __init__(self, x, y):
        self.x = x
        self.y = y

    def add(self, other):
        return Vec2(self.x + other.x, self.y + other.y)

    def sum(self):
        return self.x + self.y

    def max(self):
        return max(self.x, self.y)

    def mean(self):
        return (self.x + self.y) / 2

    def float(self):
        return Vec2(float(self.x), float(self.y))

    def size(self):
        return 2

    def item(self):
        return (self.x, self.y)

    def __repr__(self):
        return "Vec2(%r, %r)" % (self.x, self.y)


class Report:
    """Renders a value in different ways; `view` here means 'a text view'."""

    def __init__(self, title, rows):
        self.title = title
        self.rows = list(rows)

    def view(self, fmt="text"):
        if fmt == "text":
            return self.title + "\n" + "\n".join(str(r) for r in self.rows)
        return {"title": self.title, "rows": self.rows}

    def split(self, n):
        return [Report(self.title, self.rows[i:i + n]) for i in range(0, len(self.rows), n)]

    def update(self, rows):
        self.rows.extend(rows)
        return self


class Courier:
    """`to` sends a parcel to an address; `cuda` is a courier's name."""

    def __init__(self):
        self.sent = []

    def to(self, address, express=False):
        self.sent.append((address, express))
        return self

    def cuda(self):
        return "Cuda Express Ltd."


class Accumulator:
    """Running statistics with tensor-like method names."""

    def __init__(self):
        self.values = []

    def update(self, v):
        self.values.append(v)

    def sum(self, dim=None):
        return sum(self.values)

    def mean(self, dim=None):
        return self.sum() / max(len(self.values), 1)

    def max(self, dim=0):
        return max(self.values) if self.values else None


def tensor_baseline():
    t = torch.zeros(3)  # positive: real tensor
    s = t.sum()  # positive: tensor method
    v = t.view(1, 3)  # positive: tensor method
    d = t.to("cpu")  # positive: tensor method
    n = t.size(0)  # positive: tensor method
    return s, v, d, n


def use_vectors():
    a = Vec2(1, 2)
    b = Vec2(3, 4)
    c = a.add(b)  # negative: Vec2.add
    total = c.sum()  # negative: Vec2.sum
    largest = c.max()  # negative: Vec2.max
    avg = c.mean()  # negative: Vec2.mean
    as_float = c.float()  # negative: Vec2.float
    dims = c.size()  # negative: Vec2.size
    pair = c.item()  # negative: Vec2.item returns a tuple
    return total, largest, avg, as_float, dims, pair


def use_report():
    rep = Report("losses", [0.9, 0.7, 0.5, 0.4, 0.3])
    text = rep.view()  # negative: Report.view (no shape args)
    as_dict = rep.view("dict")  # negative: Report.view with a string argument
    chunks = rep.split(2)  # negative: Report.split
    rep.update([0.25, 0.2])  # negative: Report.update
    return text, as_dict, [len(c.rows) for c in chunks]


def use_courier():
    courier = Courier()
    courier.to("221B Baker Street")  # negative: Courier.to
    courier.to("742 Evergreen Terrace", express=True).to("Elm Street")  # negative: chained Courier.to
    name = courier.cuda()  # negative: Courier.cuda
    return courier.sent, name


def use_accumulator():
    acc = Accumulator()
    for v in (3, 1, 4, 1, 5):
        acc.update(v)  # negative: Accumulator.update
    total = acc.sum(dim=0)  # negative: Accumulator.sum happens to take dim=
    avg = acc.mean()  # negative: Accumulator.mean
    top = acc.max(dim=0)  # negative: Accumulator.max with dim=, returns an int
    return total, avg, top


def mixed():
    t = torch.ones(2, 2)  # positive: real tensor
    acc = Accumulator()
    s = t.sum().item()  # positive: tensor methods
    acc.update(s)  # negative: Accumulator.update
    m = t.mean()  # positive: tensor method
    a = acc.mean()  # negative: Accumulator.mean
    return m, a


class Model:
    """Not an nn.Module: a plain class with its own `to` and `cuda`."""

    def __init__(self):
        self.device = "cpu"

    def to(self, device):
        self.device = device
        return self

    def cuda(self):
        return self.to("gpu0")


def use_model():
    m = Model()
    m.to("tpu")  # negative: Model.to on a non-torch class
    m.cuda()  # negative: Model.cuda on a non-torch class
    return m.device


if __name__ == "__main__":
    print(tensor_baseline())
    print(use_vectors())
    print(use_report())
    print(use_courier())
    print(use_accumulator())
    print(mixed())
    print(use_model())
