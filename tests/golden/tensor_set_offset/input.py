# Tensor.set_: PyTorch's storage_offset counts elements, Paddle's offset bytes: times source.element_size().
import torch
x = torch.tensor([[1., 2.]], dtype=torch.float32)
src = torch.tensor([11., 22., 33., 44., 55.], dtype=torch.float32)
offset_num = 2
x.set_(src, storage_offset=offset_num, size=[3], stride=[1])
x.set_(src, 1 + offset_num, [2], [1])
x.set_(src)
x.set_(src, size=[5])
x.set_(src.clone(), storage_offset=1, size=[3], stride=[1])
