# A template that writes an argument twice (triangular_solve returns the solution and a copy of
# A) may do so only when writing it again computes the same value: a name is fine, a call would
# run twice (two different random matrices), so that call is reported.
import torch


def solve(b, a):
    x, a_copy = torch.triangular_solve(b, a)
    y, _ = b.triangular_solve(a, upper=False)
    z, _ = torch.triangular_solve(b, torch.randn(3, 3).triu())
    w, _ = b.triangular_solve(torch.randn(3, 3).triu())
    return x, a_copy, y, z, w
