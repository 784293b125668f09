# PyTorch's named tuples (topk, sort, max with a dim) are plain tuples in Paddle: a field read
# on a name bound once to the call becomes an index, as on the call itself.
import paddle


def beam_step(probs, beam_size):
    top = paddle.topk(probs, beam_size)
    scores = top[0]
    return top[1].tolist(), scores


def order(x):
    s = (paddle.sort(x, axis=-1), paddle.argsort(x, axis=-1))
    best = (paddle.max(x, axis=0), paddle.argmax(x, axis=0))
    return s[0], s[1], best[1], best[0]


def direct(x):
    return paddle.topk(x, 2)[1]


def rebound(x, k):
    # Bound twice in the scope: which binding a read sees depends on the flow; left as written.
    top = paddle.topk(x, k)
    if k > 1:
        top = paddle.topk(x, 1)
    return top


def shadowed(x):
    top = paddle.topk(x, 2)

    def inner(top):
        # Another `top`: the nested function's parameter.
        return top.indices

    return inner(top), top[0]


def comprehension(x, results):
    top = paddle.topk(x, 2)
    # The comprehension's own `top`: left as written; the function's is converted.
    return [top.values for top in results], [top[1] for _ in results]
