# torch.sparse.FloatTensor: device='cpu' / 'cuda' become place='cpu' / 'gpu'; another value is reported.
import torch
t = torch.sparse.FloatTensor(i, v, torch.Size([2, 3]), device='cpu')
t = torch.sparse.FloatTensor(i, v, [2, 3], device="cuda")
t = torch.sparse.FloatTensor(i, v, [2, 3])
t = torch.sparse.FloatTensor(i, v, [2, 3], device=dev)
