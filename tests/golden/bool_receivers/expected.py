# A comparison (an operator, or a method such as eq() or isnan()), & | ^ ~ of comparisons, and
# their .data are of bool dtype whatever the operands are: all() and any() on them need no cast to
# bool, so the output is the same text for a tensor and for a NumPy array, and a receiver of
# unknown kind needs no review. Other receivers are cast first (PyTorch's all() takes any dtype,
# Paddle's only bool), and one of unknown kind is reviewed.
import numpy as np
import paddle


def check_predictions(y, y_pred, proba, lower, upper):
    assert (y == y_pred).all()
    assert not (proba < 0.5).any()
    assert ((0 <= proba) & (proba <= 1.0)).all()
    assert (~(lower > upper)).all()
    # TODO(torch2paddle): torch.Tensor.any: receiver of unknown kind; `any` is also a method of non-torch objects: left as written, convert it by hand if it is a tensor
    assert ((lower < upper) | (lower == upper)).all(axis=0).any()
    assert (y == y_pred).data.all() and y.isnan().any() == y_pred.equal(paddle.to_tensor(0, dtype=y_pred.dtype)).logical_not().all()
    return np.asarray(y).all()


def scores(logits):
    probs = paddle.nn.functional.softmax(logits, axis=-1)
    positive = (probs > 0.5).any(axis=1, keepdim=True)
    nonzero = probs.astype('bool').all()
    return positive, nonzero, (probs != 0).all()


def mixed(mask):
    # TODO(torch2paddle): torch.Tensor.all: receiver of unknown kind; `all` is also a method of non-torch objects: left as written, convert it by hand if it is a tensor
    return mask.all()
