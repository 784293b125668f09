# Older PyTorch overloads still common in code: unbiased= on std/var, torch.normal with size=.
import paddle

x = paddle.rand([4, 3])
a = x.std(unbiased=False)
b = x.std(axis=0, unbiased=True, keepdim=True)
c = x.std(1, unbiased=False)
d = x.var(0, False)
e = x.var(axis=1, unbiased=True)
f = x.var()
g = paddle.normal(0.0, 1.0, shape=(2, 2))
h = paddle.normal(2.0, 3.0, (5,))
i = paddle.normal(paddle.zeros([3]), paddle.ones([3]))
j = paddle.normal(mean=paddle.zeros([3]), std=2.0)
# TODO(torch2paddle): torch.Tensor.std: argument 'correction=2' of torch.Tensor.std has no Paddle equivalent value
k = x.std(correction=2)
l = paddle.std(x, axis=0, unbiased=False)
m = paddle.var(x, 1, keepdim=True, unbiased=True)
