# Dtype-preserving in-place comparisons and logical operations: torch writes 1/0 into the tensor
# and keeps its dtype, Paddle's less_equal_ & co. would turn it into a bool tensor.
import torch


class Box:
    def eq_(self, other):
        return self


def compare(x, y, n):
    x = torch.randn(4, 4)
    y = torch.randn(4, 4)
    mask = torch.ones(4, 4)
    x.le_(2.)
    mask.eq_(y)
    x.ge_(y)
    x.gt_(0)
    x.lt_(y)
    x.ne_(0.5)
    x.less_equal_(y)
    x.greater_equal_(1)
    x.greater_(y)
    x.less_(y)
    x.not_equal_(y)
    both = mask.logical_and_(y)
    mask.logical_or_(y)
    mask.logical_xor_(y)
    mask.logical_not_()
    total = x.eq_(y).sum()
    # A receiver holding a call is computed once before the statement.
    flags = torch.rand(3).lt_(0.5)
    # Not a tensor: left alone.
    Box().eq_(n)
    return both, total, flags
