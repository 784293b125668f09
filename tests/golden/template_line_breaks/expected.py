# A template writes an argument outside the call's parentheses: an argument that spans lines
# (implicitly joined strings) keeps them by getting parentheses of its own.
import paddle


def check(x, n):
    assert x.dim() == 2, ("expected a matrix, "
                  "got another rank")
    assert n > 0, f"n is {n}"
    assert x.shape[0] == n, "rows"
    return x
