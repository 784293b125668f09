# The optional-import idiom: torch = None when torch is missing. Reported at every use with how
# to convert it; nothing is converted (a paddle import outside the try would not be optional).
try:
    import torch
    import torch.nn.functional as F
except ImportError:
    # TODO(torch2paddle): torch: torch is an optional import (`torch = None` when the import fails): convert the idiom by hand, `try: import paddle` / `except ImportError: paddle = None`, then this use
    torch = None
    # TODO(torch2paddle): torch.nn.functional: F is an optional import (`F = None` when the import fails): convert the idiom by hand, `try: import paddle` / `except ImportError: paddle = None`, then this use
    F = None


def to_tensor(x):
    # TODO(torch2paddle): torch: torch is an optional import (`torch = None` when the import fails): convert the idiom by hand, `try: import paddle` / `except ImportError: paddle = None`, then this use
    if torch is None:
        return x
    # TODO(torch2paddle): torch.as_tensor: torch is an optional import (`torch = None` when the import fails): convert the idiom by hand, `try: import paddle` / `except ImportError: paddle = None`, then this use
    # TODO(torch2paddle): F.relu: F is an optional import (`F = None` when the import fails): convert the idiom by hand, `try: import paddle` / `except ImportError: paddle = None`, then this use
    return F.relu(torch.as_tensor(x))
