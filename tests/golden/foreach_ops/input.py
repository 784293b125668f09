# torch._foreach_*: list comprehensions over the tensors, in-place forms as statements only.
import torch


def ema_update(ema_params, model_params, decay):
    with torch.no_grad():
        # one value for every tensor, given as a name: decided when the code runs
        torch._foreach_mul_(ema_params, decay)
        torch._foreach_add_(ema_params, model_params, alpha=1.0 - decay)


def clip(grads, max_norm):
    norms = torch._foreach_norm(grads)
    total = torch.linalg.vector_norm(torch.stack(norms), 2.0)
    coef = torch.clamp(max_norm / (total + 1e-6), max=1.0)
    torch._foreach_mul_(grads, coef)
    l1 = torch._foreach_norm(grads, 1)
    return total, l1


def steps(state_steps, params, exp_avgs, bias):
    torch._foreach_add_(state_steps, 1)
    torch._foreach_sub_(params, [0.1, 0.2])
    torch._foreach_div_(exp_avgs, 2.5)
    torch._foreach_zero_(exp_avgs)
    torch._foreach_sqrt_(exp_avgs)
    torch._foreach_log_(exp_avgs)
    roots = torch._foreach_sqrt(exp_avgs)
    shifted = torch._foreach_add(roots, bias)
    scaled = torch._foreach_mul(roots, [2.0, 3.0])
    negs = torch._foreach_neg(scaled)
    gates = torch._foreach_sigmoid(negs)
    return roots, shifted, gates


def adam_like(params, grads, exp_avgs, exp_avg_sqs, denom, step_sizes, beta2):
    # addcmul_ / addcdiv_: a + value * (b * c), a + value * (b / c), in place
    torch._foreach_addcmul_(exp_avg_sqs, grads, grads, value=0.5)
    torch._foreach_addcmul_(exp_avg_sqs, grads, grads)
    torch._foreach_addcdiv_(params, exp_avgs, denom)
    torch._foreach_addcdiv_(params, exp_avgs, denom, step_sizes)
    torch._foreach_addcdiv_(params, exp_avgs, denom, [-0.1, -0.2])


def not_converted(params, factors):
    # the value of an in-place call is None: left for a rewrite by hand
    result = torch._foreach_mul_(params, 2)
    # one value or one per tensor? an expression is only known when the code runs
    torch._foreach_mul_(params, factors * 2)
    torch._foreach_addcmul_(params, factors, factors, 1 - factors[0])
    return result
