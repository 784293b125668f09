# The file imports torch and no library that makes numpy arrays or pandas frames, so a receiver
# of unknown kind calling a method only tensors, arrays and frames have is a tensor.
import paddle


def ne(a, b):  # the file defines `ne`: `x.ne(...)` may be a user object's method
    return a != b


def check(x, y, mask, s):
    above = x.greater_than(paddle.to_tensor(2, dtype=x.dtype))  # pandas-only name elsewhere: converted
    every = mask.astype('bool').all()  # numpy/pandas name: converted
    tiled = x.tile([2, 3])  # numpy name: converted
    same = x.equal(y)  # pandas name: converted
    flipped = x.T  # a shared attribute, numpy/pandas only: converted (same text)
    # TODO(torch2paddle): torch.Tensor.ne: receiver of unknown kind; `ne` is also a method of non-torch objects: left as written, convert it by hand if it is a tensor
    other = x.ne(y)  # defined in this file: needs review, unchanged
    # TODO(torch2paddle): torch.Tensor.mul: receiver of unknown kind; `mul` is also a method of non-torch objects: left as written, convert it by hand if it is a tensor
    scaled = x.mul(2)  # user objects have `mul` too: needs review, unchanged
    parts = s.split(",")  # a str method: unchanged
    return above, every, tiled, same, flipped, other, scaled, parts
