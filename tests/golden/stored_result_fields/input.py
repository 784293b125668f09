# PyTorch's named tuples (topk, sort, max with a dim) are plain tuples in Paddle: a field read
# on a name bound once to the call becomes an index, as on the call itself.
import torch


def beam_step(probs, beam_size):
    top = torch.topk(probs, beam_size)
    scores = top.values
    return top.indices.tolist(), scores


def order(x):
    s = torch.sort(x, dim=-1)
    best = x.max(dim=0)
    return s.values, s.indices, best.indices, best.values


def direct(x):
    return torch.topk(x, 2).indices


def rebound(x, k):
    # Bound twice in the scope: which binding a read sees depends on the flow; left as written.
    top = torch.topk(x, k)
    if k > 1:
        top = torch.topk(x, 1)
    return top


def shadowed(x):
    top = torch.topk(x, 2)

    def inner(top):
        # Another `top`: the nested function's parameter.
        return top.indices

    return inner(top), top.values


def comprehension(x, results):
    top = torch.topk(x, 2)
    # The comprehension's own `top`: left as written; the function's is converted.
    return [top.values for top in results], [top.indices for _ in results]
