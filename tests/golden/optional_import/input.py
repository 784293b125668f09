# The optional-import idiom: torch = None when torch is missing. Reported at every use with how
# to convert it; nothing is converted (a paddle import outside the try would not be optional).
try:
    import torch
    import torch.nn.functional as F
except ImportError:
    torch = None
    F = None


def to_tensor(x):
    if torch is None:
        return x
    return F.relu(torch.as_tensor(x))
