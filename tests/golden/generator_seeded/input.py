# torch.Generator() makes a generator of its own; Paddle's counterpart (the mapping docs') is the
# process-wide CPU generator. Unseeded, the converted code draws from that one; seeded (on the
# call, or through the name it is bound to) it would reseed every CPU random op: reported.
import torch


class Noise(torch.utils.data.Dataset):
    def __getitem__(self, index):
        gen = torch.Generator().manual_seed(index)
        return gen


def loader_generator(seed):
    g = torch.Generator()
    g.manual_seed(seed)
    return g


def default_draw():
    h = torch.Generator()
    return h
