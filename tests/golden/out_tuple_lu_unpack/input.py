# torch.lu_unpack returns (P, L, U) as Paddle's paddle.linalg.lu_unpack does: out=(P, L, U) as a
# statement of its own binds the three results; out=name writes each into name[i]; .P/.L/.U are [0]/[1]/[2].
import torch


def unpack(a: torch.Tensor, buffers):
    lu, pivots = torch.linalg.lu_factor(a)
    P, L, U = torch.empty(0), torch.empty(0), torch.empty(0)
    torch.lu_unpack(lu, pivots, out=(P, L, U))
    torch.lu_unpack(lu, pivots, out=buffers)
    lower = torch.lu_unpack(lu, pivots).L
    return P, L, U, lower
