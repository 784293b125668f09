# index_copy along any dimension: move it to the front, scatter, move it back (the receiver and dim are written twice).
import paddle
import torch
x = paddle.zeros([5, 3])
index = paddle.to_tensor([0, 4, 2])
source = paddle.ones([3, 3])
y = paddle.scatter(x, index, source)
y = paddle.moveaxis(paddle.scatter(paddle.moveaxis(x, 1, 0), index, paddle.moveaxis(source.t(), 1, 0)), 0, 1)
y = paddle.moveaxis(paddle.scatter(paddle.moveaxis(x, dim, 0), index, paddle.moveaxis(source, dim, 0)), 0, dim)
# TODO(torch2paddle): torch.index_copy: argument 'out' of torch.index_copy is not converted by rule torch.index_copy
torch.index_copy(x, -1, index, source, out=y)
x.scatter_(index, source)
paddle.assign(paddle.moveaxis(paddle.scatter(paddle.moveaxis(x, 1, 0), index, paddle.moveaxis(source, 1, 0)), 0, 1), x)
z = paddle.assign(paddle.moveaxis(paddle.scatter(paddle.moveaxis(x, dim, 0), index, paddle.moveaxis(source, dim, 0)), 0, dim), x)
t2p_receiver = model(x)
paddle.assign(paddle.moveaxis(paddle.scatter(paddle.moveaxis(t2p_receiver, 1, 0), index, paddle.moveaxis(source, 1, 0)), 0, 1), t2p_receiver)
# TODO(torch2paddle): torch.index_copy: argument 'dim' of torch.index_copy must be a name or a value without calls: the Paddle form writes it twice
y = torch.index_copy(x, get_dim(), index, source)
