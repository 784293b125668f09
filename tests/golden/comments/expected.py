# Header comment: keep me.
import paddle  # the torch import


# A comment between blocks.


def make(n):
    # comment at the start of a body
    x = paddle.zeros(
        [n,  # rows
        n],  # columns
        dtype=paddle.float32,  # precision
    )

    y = paddle.concat(
        [x, x],  # both halves
        # a comment line inside the call
        axis=0,
    )  # trailing comment after the call
    layer = paddle.nn.Linear(n,   n)   # odd spacing is preserved
    return paddle.sum(y, axis=1)  # reduce rows


s = "torch.zeros(3) inside a string is not code"
t = """docstring mentioning torch.nn.Linear and F.relu"""
# torch.ones(5) in a comment stays as is
z = paddle.ones([5])	# tab before this comment
