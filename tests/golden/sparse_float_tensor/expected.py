# torch.sparse.FloatTensor: device='cpu' / 'cuda' become place='cpu' / 'gpu'; another value is reported.
import paddle
import torch
t = paddle.sparse.sparse_coo_tensor(i, v, list([2, 3]), place='cpu')
t = paddle.sparse.sparse_coo_tensor(i, v, [2, 3], place='gpu')
t = paddle.sparse.sparse_coo_tensor(i, v, [2, 3])
# TODO(torch2paddle): torch.sparse.FloatTensor: argument 'device=dev' of torch.sparse.FloatTensor has no Paddle equivalent value
t = torch.sparse.FloatTensor(i, v, [2, 3], device=dev)
