# The fresh names of out= with several results avoid every name the file spells (out0 here).
import paddle

x = paddle.rand([3, 4])
outs = (paddle.zeros([3]), paddle.zeros([3], dtype=paddle.int64))
t2p_out_0, t2p_out_1 = paddle.kthvalue(x, 2, 1)
paddle.assign(t2p_out_0, outs[0]), paddle.assign(t2p_out_1, outs[1])
out0 = 1
