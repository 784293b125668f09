# A comparison (an operator, or a method such as eq() or isnan()), & | ^ ~ of comparisons, and
# their .data are of bool dtype whatever the operands are: all() and any() on them need no cast to
# bool, so the output is the same text for a tensor and for a NumPy array, and a receiver of
# unknown kind needs no review. Other receivers are cast first (PyTorch's all() takes any dtype,
# Paddle's only bool), and one of unknown kind is reviewed.
import numpy as np
import torch


def check_predictions(y, y_pred, proba, lower, upper):
    assert (y == y_pred).all()
    assert not (proba < 0.5).any()
    assert ((0 <= proba) & (proba <= 1.0)).all()
    assert (~(lower > upper)).all()
    assert ((lower < upper) | (lower == upper)).all(dim=0).any()
    assert (y == y_pred).data.all() and y.isnan().any() == y_pred.eq(0).logical_not().all()
    return np.asarray(y).all()


def scores(logits):
    probs = torch.softmax(logits, dim=-1)
    positive = (probs > 0.5).any(dim=1, keepdim=True)
    nonzero = probs.all()
    return positive, nonzero, (probs != 0).all()


def mixed(mask):
    return mask.all()
