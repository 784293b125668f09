# torch.Generator() makes a generator of its own; Paddle's counterpart (the mapping docs') is the
# process-wide CPU generator. Unseeded, the converted code draws from that one; seeded (on the
# call, or through the name it is bound to) it would reseed every CPU random op: reported.
import paddle
import torch


class Noise(paddle.io.Dataset):
    def __getitem__(self, index):
        # TODO(torch2paddle): torch.Generator: Paddle has no generator of its own to create: its counterpart, paddle.framework.core.default_cpu_generator(), is the process-wide generator every CPU random op draws from, so seeding it reseeds them all: seed once with paddle.seed(s), or draw from a numpy.random.default_rng(s)
        gen = torch.Generator().manual_seed(index)
        return gen


def loader_generator(seed):
    # TODO(torch2paddle): torch.Generator: Paddle has no generator of its own to create: its counterpart, paddle.framework.core.default_cpu_generator(), is the process-wide generator every CPU random op draws from, so seeding it reseeds them all: seed once with paddle.seed(s), or draw from a numpy.random.default_rng(s)
    g = torch.Generator()
    g.manual_seed(seed)
    return g


def default_draw():
    h = paddle.framework.core.default_cpu_generator()
    return h
