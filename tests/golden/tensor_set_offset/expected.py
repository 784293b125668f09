# Tensor.set_: PyTorch's storage_offset counts elements, Paddle's offset bytes: times source.element_size().
import paddle
x = paddle.to_tensor([[1., 2.]], dtype=paddle.float32)
src = paddle.to_tensor([11., 22., 33., 44., 55.], dtype=paddle.float32)
offset_num = 2
x.set_(src, shape=[3], stride=[1], offset=offset_num * src.element_size())
x.set_(src, shape=[2], stride=[1], offset=(1 + offset_num) * src.element_size())
x.set_(src)
x.set_(src, shape=[5])
t2p_source = src.clone()
x.set_(t2p_source, shape=[3], stride=[1], offset=1 * t2p_source.element_size())
