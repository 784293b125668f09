"""What the generated per-API tests compare for calls that return no value of their own
(`torch2paddle --emit-tests`, docs/testing-your-migration.md): an optimizer is judged by what
its steps do to the same parameters under the same gradients, a context manager by what a
computation inside it gives. compare.py re-exports these, so a test calls them as `t2p.*`.
"""

import os

import numpy as np

# Two steps: the second shows what the optimizer keeps between steps (momentum, Adam's moments).
STEPS = 2


def as_list(value):
    """`value` as a list: the parameters a test made (one input, or a list of them)."""
    return list(value) if isinstance(value, (list, tuple)) else [value]


def torch_parameters(data):
    """Trainable torch parameters holding the numpy `data` (one array or a list of them)."""
    import torch

    made = [torch.nn.Parameter(torch.from_numpy(np.array(d, copy=True))) for d in as_list(data)]
    return made if isinstance(data, list) else made[0]


def paddle_parameters(data):
    """Trainable Paddle parameters holding the numpy `data` (one array or a list of them)."""
    import paddle

    made = []
    for d in as_list(data):
        d = np.array(d, copy=True)
        made.append(paddle.create_parameter(list(d.shape), str(d.dtype),
                                            default_initializer=paddle.nn.initializer.Assign(d)))
    return made if isinstance(data, list) else made[0]


def _gradient(shape, step, index):
    # The same seeded gradient for parameter `index` at `step` on both sides.
    from torch2paddle_runtime.compare import array  # here: compare.py imports this module

    return array("float32", [int(d) for d in shape], seed=1000 + 31 * step + index)


def torch_optimizer_steps(optimizer, params, steps=STEPS):
    """Runs `steps` optimizer steps, each after backward of sum(p * g) (so p's gradient is the
    seeded g), and returns the parameters' values."""
    import torch

    for step in range(steps):
        optimizer.zero_grad()
        loss = sum((p * torch.from_numpy(_gradient(p.shape, step, i)).to(p.dtype)).sum() for i, p in enumerate(params))
        loss.backward()
        optimizer.step()
    return tuple(p.detach().clone() for p in params)


def paddle_optimizer_steps(optimizer, params, steps=STEPS):
    """The Paddle side of torch_optimizer_steps: the same gradients, the same steps."""
    import paddle

    for step in range(steps):
        optimizer.clear_grad()
        loss = sum((p * paddle.to_tensor(_gradient(p.shape, step, i)).astype(p.dtype)).sum() for i, p in enumerate(params))
        loss.backward()
        optimizer.step()
    return tuple(p.detach() for p in params)


def _context_input():
    from torch2paddle_runtime.compare import array

    return array("float32", [2, 3], seed=5)


def torch_context_effect(context):
    """Computes on a tensor that requires grad inside `context`: returns the result and whether
    it requires grad (what torch.no_grad, enable_grad, set_grad_enabled change)."""
    import torch

    x = torch.from_numpy(_context_input()).requires_grad_(True)
    with context:
        y = x * 2.0 + 1.0
    return y.detach(), bool(y.requires_grad)


def paddle_context_effect(context):
    """The Paddle side of torch_context_effect: requires grad is `not stop_gradient`."""
    import paddle

    x = paddle.to_tensor(_context_input(), stop_gradient=False)
    with context:
        y = x * 2.0 + 1.0
    return y.detach(), not bool(y.stop_gradient)


def _draws_repeat(reseed, draw):
    # Reseeds, draws, reseeds, draws again: a call that sets the global generator's seed makes the
    # two draws equal; one that does not (a no-op, another generator) makes them differ.
    reseed()
    first = draw()
    reseed()
    second = draw()
    return bool(np.array_equal(first, second)), tuple(first.shape)


def torch_seed_effect(reseed):
    """What a seeding call (`torch.manual_seed(0)`) does to torch's global generator: whether two
    draws of `torch.rand(4)` after it agree, and their shape. The values themselves are not
    compared: torch and Paddle draw different numbers from the same seed."""
    import torch

    return _draws_repeat(reseed, lambda: torch.rand(4).numpy())


def paddle_seed_effect(reseed):
    """The Paddle side of torch_seed_effect: draws of `paddle.rand([4])`."""
    import paddle

    return _draws_repeat(reseed, lambda: paddle.rand([4]).numpy())


def module_copy(module):
    """A copy of `module` as built, before the method under test changes it: the Paddle module
    gets its weights."""
    import copy

    return copy.deepcopy(module)


def _is_module(value):
    return callable(getattr(value, "state_dict", None)) and callable(getattr(value, "parameters", None))


def _plain(module, value):
    # What a module method returned, in terms both frameworks share: the module itself or another
    # module by role (their classes are named differently), mappings as (key, value) pairs,
    # iterators as tuples; tensors, strings and numbers as they are.
    if value is module:
        return "the module"
    if _is_module(value):
        return "a module"
    if hasattr(value, "items") and callable(value.items):
        return tuple((k, _plain(module, v)) for k, v in value.items())
    if isinstance(value, (list, tuple)) or (hasattr(value, "__next__") and hasattr(value, "__iter__")):
        return tuple(_plain(module, v) for v in value)
    return value


def module_effect(module, result):
    """What a module method did (`model.train()`, `load_state_dict(sd)`, `parameters()`): what it
    returned, whether the module is in training mode, and its state (names and values) after."""
    return (_plain(module, result), bool(module.training), tuple((k, v) for k, v in module.state_dict().items()))


def _state_dict_data():
    from torch2paddle_runtime.compare import array

    return {"weight": array("float32", [3, 2, 3, 3], seed=11), "bias": array("float32", [3], seed=12)}


def torch_state_dict():
    """A state dict for the spec's module (`torch.nn.Conv2d(2, 3, 3)`) with seeded values."""
    import torch

    return {k: torch.from_numpy(v) for k, v in _state_dict_data().items()}


def paddle_state_dict():
    """The same state dict for `paddle.nn.Conv2D(2, 3, 3)` (the same layout)."""
    import paddle

    return {k: paddle.to_tensor(v) for k, v in _state_dict_data().items()}


def _saved_path(suffix):
    import atexit
    import tempfile

    handle, path = tempfile.mkstemp(prefix="t2p_saved_", suffix=suffix)
    os.close(handle)
    atexit.register(lambda: os.path.exists(path) and os.remove(path))  # no file left behind
    return path


def _saved_data():
    from torch2paddle_runtime.compare import array

    return array("float32", [2, 3], seed=21)


def torch_saved_file():
    """A file torch.save wrote, holding a seeded tensor: what a test's `torch.load(f)` reads."""
    import torch

    path = _saved_path(".pt")
    torch.save(torch.from_numpy(_saved_data()), path)
    return path


def paddle_saved_file():
    """The same tensor written by paddle.save: what the converted `paddle.load(path)` reads."""
    import paddle

    path = _saved_path(".pdparams")
    paddle.save(paddle.to_tensor(_saved_data()), path)
    return path


def _dataset_data():
    from torch2paddle_runtime.compare import array

    return array("float32", [10, 3], seed=31), array("int64", [10, 1], seed=32, low=0, high=5)


def torch_dataset():
    """Ten seeded samples (features [3], a label [1]) as a torch TensorDataset: what a test's
    `DataLoader(dataset, ...)` loads."""
    import torch

    x, y = _dataset_data()
    return torch.utils.data.TensorDataset(torch.from_numpy(x), torch.from_numpy(y))


def paddle_dataset():
    """The same samples as a Paddle TensorDataset."""
    import paddle

    x, y = _dataset_data()
    return paddle.io.TensorDataset([paddle.to_tensor(x), paddle.to_tensor(y)])


def batches(loader):
    """Every batch a data loader yields, in order, each as a tuple of its fields."""
    return tuple(tuple(b) if isinstance(b, (list, tuple)) else b for b in loader)


def _optimizer_data():
    from torch2paddle_runtime.compare import array

    return array("float32", [3, 4], seed=41), array("float32", [3, 4], seed=42)


def torch_optimizer():
    """A torch SGD (lr 0.1) on a seeded parameter whose gradient is set: the receiver of an
    optimizer's method and what a scheduler schedules."""
    import torch

    value, grad = _optimizer_data()
    p = torch.nn.Parameter(torch.from_numpy(value))
    p.grad = torch.from_numpy(grad)
    return torch.optim.SGD([p], lr=0.1)


def paddle_optimizer():
    """The same as a Paddle SGD (learning_rate 0.1): the parameter's gradient set by a backward."""
    import paddle

    value, grad = _optimizer_data()
    p = paddle.create_parameter(list(value.shape), "float32", default_initializer=paddle.nn.initializer.Assign(value))
    (p * paddle.to_tensor(grad)).sum().backward()
    return paddle.optimizer.SGD(learning_rate=0.1, parameters=[p])


def optimizer_grads(optimizer):
    """The gradients of an optimizer's parameters (a missing one as zeros: torch's
    `zero_grad(set_to_none=True)` and Paddle's `clear_grad()` both mean no gradient)."""
    params = ([p for g in optimizer.param_groups for p in g["params"]] if hasattr(optimizer, "param_groups")
              else list(optimizer._parameter_list))
    out = []
    for p in params:
        g = p.grad
        out.append(np.zeros(list(p.shape), dtype="float32") if g is None else g.detach().cpu().numpy()
                   if hasattr(g, "cpu") and not hasattr(g, "place") else g.numpy())
    return tuple(out)


def lr_schedule(scheduler, optimizer, steps=6):
    """The learning rates a scheduler sets over `steps` epochs: each epoch one optimizer step,
    then one scheduler step, then the rate read (torch: `get_last_lr()`, Paddle: `last_lr`)."""
    rates = []
    for _ in range(steps):
        optimizer.step()
        scheduler.step()
        rates.append(float(scheduler.get_last_lr()[0]) if hasattr(scheduler, "get_last_lr") else float(scheduler.last_lr))
    return tuple(rates)


# The parameter each framework's last `*_loss()` was computed from: `leaf_grad` reads its gradient.
_LEAVES = {}


def torch_loss():
    """A scalar torch loss, sum(p * g + p * p), of a seeded parameter p: what a test's
    `loss.backward()` differentiates (p's gradient is g + 2p)."""
    import torch

    value, grad = _optimizer_data()
    p = torch.nn.Parameter(torch.from_numpy(value))
    _LEAVES["torch"] = p
    return (p * torch.from_numpy(grad) + p * p).sum()


def paddle_loss():
    """The same loss in Paddle."""
    import paddle

    value, grad = _optimizer_data()
    p = paddle.create_parameter(list(value.shape), "float32", default_initializer=paddle.nn.initializer.Assign(value))
    _LEAVES["paddle"] = p
    return (p * paddle.to_tensor(grad) + p * p).sum()


def leaf_grad(loss):
    """The gradient of the parameter `loss` was computed from (torch_loss, paddle_loss), after
    the call under test (`loss.backward()`)."""
    return _LEAVES["paddle" if hasattr(loss, "place") else "torch"].grad
