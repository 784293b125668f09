# round(decimals=d): scale by 10.0 ** d, round, scale back (PyTorch's own definition).
import paddle

x = paddle.rand([3])
d = 2
y = paddle.round(10.0 ** 2 * x) / 10.0 ** 2
y = paddle.round(10.0 ** (-1) * (x + 1)) / 10.0 ** (-1)
y = (x * 10.0 ** d).round() / 10.0 ** d
y = ((x + 1) * 10.0 ** 3).round() / 10.0 ** 3
y = paddle.round(x)
y = x.round()
paddle.assign(paddle.round(10.0 ** 2 * x) / 10.0 ** 2, y)
paddle.assign((x * 10.0 ** 1).round() / 10.0 ** 1, x)
x.round_()
t2p_receiver = paddle.rand([3])
paddle.assign((t2p_receiver * 10.0 ** 1).round() / 10.0 ** 1, t2p_receiver)
# torch.linalg.lu returns (P, L, U): Paddle factors, then unpacks.
A = paddle.rand([3, 3])
P, L, U = paddle.linalg.lu_unpack(*paddle.linalg.lu(A))
P, L, U = paddle.linalg.lu_unpack(*paddle.linalg.lu(A, pivot=False))
lower = paddle.linalg.lu_unpack(*paddle.linalg.lu(A))[1]
out0, out1, out2 = paddle.linalg.lu_unpack(*paddle.linalg.lu(A))
paddle.assign(out0, P), paddle.assign(out1, L), paddle.assign(out2, U)
factors = [P, L, U]
out0, out1, out2 = paddle.linalg.lu_unpack(*paddle.linalg.lu(A))
paddle.assign(out0, factors[0]), paddle.assign(out1, factors[1]), paddle.assign(out2, factors[2])
