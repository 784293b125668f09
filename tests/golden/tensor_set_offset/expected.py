# Tensor.set_: PyTorch's storage_offset counts elements, Paddle's offset bytes: times source.element_size().
import paddle
x = paddle.to_tensor([[1., 2.]], dtype=paddle.float32)
src = paddle.to_tensor([11., 22., 33., 44., 55.], dtype=paddle.float32)
offset_num = 2
x.set_(src, shape=[3], stride=[1], offset=offset_num * src.element_size())
x.set_(src, shape=[2], stride=[1], offset=(1 + offset_num) * src.element_size())
x.set_(src)
x.set_(src, shape=[5])
# TODO(torch2paddle): torch.Tensor.set_: argument 'source' of torch.Tensor.set_ must be a name or a value without calls: the Paddle form writes it twice
x.set_(src.clone(), storage_offset=1, size=[3], stride=[1])
