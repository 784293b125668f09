# A template that writes an argument twice (triangular_solve returns the solution and a copy of
# A) may do so only when writing it again computes the same value: a name is fine, a call would
# run twice (two different random matrices), so that call is reported.
import paddle
import torch


def solve(b, a):
    x, a_copy = (paddle.linalg.triangular_solve(a, b), a.clone())
    y, _ = (paddle.linalg.triangular_solve(a, b, upper=False), a.clone())
    # TODO(torch2paddle): torch.triangular_solve: argument 'A' of torch.triangular_solve must be a name or a value without calls: the Paddle form writes it twice
    z, _ = torch.triangular_solve(b, paddle.randn([3, 3]).triu())
    t2p_A = paddle.randn([3, 3]).triu()
    w, _ = (paddle.linalg.triangular_solve(t2p_A, b), t2p_A.clone())
    return x, a_copy, y, z, w
