import torch

device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
gpu = torch.device("cuda:0")
cpu = torch.device("cpu")
n_gpus = torch.cuda.device_count()

x = torch.randn(2, 2).to(device)
y = torch.zeros(2, 2, device=device)
z = torch.ones(2, 2, device="cuda")
if torch.cuda.is_available():
    torch.cuda.synchronize()
    torch.cuda.empty_cache()
    mem = torch.cuda.memory_allocated()
    peak = torch.cuda.max_memory_allocated()
    name = torch.cuda.get_device_name(0)
on_gpu = x.is_cuda
dev = x.device
