# torch.lu_unpack returns (P, L, U) as Paddle's paddle.linalg.lu_unpack does: out=(P, L, U) as a
# statement of its own binds the three results; out=name writes each into name[i]; .P/.L/.U are [0]/[1]/[2].
import paddle


def unpack(a: paddle.Tensor, buffers):
    lu, pivots = paddle.linalg.lu(a)
    P, L, U = paddle.empty([0]), paddle.empty([0]), paddle.empty([0])
    out0, out1, out2 = paddle.linalg.lu_unpack(lu, pivots)
    paddle.assign(out0, P), paddle.assign(out1, L), paddle.assign(out2, U)
    out0, out1, out2 = paddle.linalg.lu_unpack(lu, pivots)
    paddle.assign(out0, buffers[0]), paddle.assign(out1, buffers[1]), paddle.assign(out2, buffers[2])
    lower = paddle.linalg.lu_unpack(lu, pivots)[1]
    return P, L, U, lower
