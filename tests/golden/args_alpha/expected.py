# alpha= scales the second operand (Paddle's add/subtract/index_add have no alpha); rounding_mode
# on the in-place division becomes divide_ followed by the in-place rounding.
import paddle

x = paddle.randn([3, 4])
y = paddle.randn([3, 4])
out = paddle.empty([3, 4])
a = paddle.add(x, 2 * y)
b = paddle.add(x, y)
paddle.assign(paddle.add(x, 0.5 * y), out)
c = paddle.subtract(x, (scale + 1) * (y + 1))
d = paddle.subtract(x, 2 * y)
e = x.add(3 * y)
x.add_((-1) * y)
f = x.subtract(2 * y) * 2
x.subtract_(2 * y)
g = x.subtract(2 * y)
x.subtract_(2 * y)
index = paddle.to_tensor([0, 2])
source = paddle.ones([3, 2])
h = paddle.index_add(x, index, 1, 2 * source)
i = x.index_add(index, 1, 0.5 * source)
x.index_add_(index, 1, 2 * source)
q = paddle.to_tensor([4.0, 8.0, 12.0])
r = paddle.to_tensor([3.0, 4.0, 5.0])
q.floor_divide_(r)
q.divide_(r).trunc_()
