# A template writes an argument outside the call's parentheses: an argument that spans lines
# (implicitly joined strings) keeps them by getting parentheses of its own.
import torch


def check(x, n):
    torch._assert(x.dim() == 2, "expected a matrix, "
                  "got another rank",)
    torch._assert(n > 0, f"n is {n}")
    torch._assert(
        x.shape[0] == n,
        "rows",
    )
    return x
