# torch._foreach_*: list comprehensions over the tensors, in-place forms as statements only.
import itertools
import paddle
import torch


def ema_update(ema_params, model_params, decay):
    with paddle.no_grad():
        # one value for every tensor, given as a name: decided when the code runs
        [paddle.assign(a * b, a) for a, b in zip(ema_params, decay if isinstance(decay, (list, tuple)) else itertools.repeat(decay))]
        [paddle.assign(a + w * b, a) for a, b, w in zip(ema_params, model_params if isinstance(model_params, (list, tuple)) else itertools.repeat(model_params), itertools.repeat(1.0 - decay))]


def clip(grads, max_norm):
    norms = [paddle.linalg.norm(t) for t in grads]
    total = paddle.linalg.vector_norm(paddle.stack(norms), 2.0)
    coef = paddle.clip(max_norm / (total + 1e-6), max=1.0)
    [paddle.assign(a * b, a) for a, b in zip(grads, itertools.repeat(coef))]
    l1 = [paddle.linalg.norm(t, p=p) for t, p in zip(grads, itertools.repeat(1))]
    return total, l1


def steps(state_steps, params, exp_avgs, bias):
    [paddle.assign(a + b, a) for a, b in zip(state_steps, itertools.repeat(1))]
    [paddle.assign(a - b, a) for a, b in zip(params, [0.1, 0.2])]
    [paddle.assign(a / b, a) for a, b in zip(exp_avgs, itertools.repeat(2.5))]
    [t.zero_() for t in exp_avgs]
    [paddle.sqrt_(t) for t in exp_avgs]
    [paddle.assign(paddle.log(t), t) for t in exp_avgs]
    roots = [paddle.sqrt(t) for t in exp_avgs]
    shifted = [a + b for a, b in zip(roots, bias if isinstance(bias, (list, tuple)) else itertools.repeat(bias))]
    scaled = [a * b for a, b in zip(roots, [2.0, 3.0])]
    negs = [paddle.neg(t) for t in scaled]
    gates = [paddle.nn.functional.sigmoid(t) for t in negs]
    return roots, shifted, gates


def adam_like(params, grads, exp_avgs, exp_avg_sqs, denom, step_sizes, beta2):
    # addcmul_ / addcdiv_: a + value * (b * c), a + value * (b / c), in place
    [paddle.assign(a + w * (b * c), a) for a, b, c, w in zip(exp_avg_sqs, grads, grads, itertools.repeat(0.5))]
    [paddle.assign(a + b * c, a) for a, b, c in zip(exp_avg_sqs, grads, grads)]
    [paddle.assign(a + b / c, a) for a, b, c in zip(params, exp_avgs, denom)]
    [paddle.assign(a + w * (b / c), a) for a, b, c, w in zip(params, exp_avgs, denom, step_sizes if isinstance(step_sizes, (list, tuple, paddle.Tensor)) else itertools.repeat(step_sizes))]
    [paddle.assign(a + w * (b / c), a) for a, b, c, w in zip(params, exp_avgs, denom, [-0.1, -0.2])]


def not_converted(params, factors):
    # the value of an in-place call is None: left for a rewrite by hand
    # TODO(torch2paddle): torch._foreach_mul_: torch._foreach_mul_ works in place and returns None: the Paddle form is a list comprehension, use it as a statement of its own
    result = torch._foreach_mul_(params, 2)
    # one value or one per tensor? an expression is only known when the code runs
    # TODO(torch2paddle): torch._foreach_mul_: whether the second argument is one value or one per tensor is only known when the code runs: pass it as a name (or a list literal)
    torch._foreach_mul_(params, factors * 2)
    # TODO(torch2paddle): torch._foreach_addcmul_: whether value is one number or one per tensor is only known when the code runs: pass it as a name (or a list literal)
    torch._foreach_addcmul_(params, factors, factors, 1 - factors[0])
    return result
