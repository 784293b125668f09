# torch.backends flags and torch.accelerator: no counterpart, reported with what to do.
import torch

torch.backends.cudnn.benchmark = True
torch.backends.cudnn.deterministic = False
torch.backends.cuda.matmul.allow_tf32 = True
torch.backends.cudnn.allow_tf32 = True


def describe():
    if torch.backends.cudnn.enabled:
        print("cudnn on")
    if torch.accelerator.is_available():
        n = torch.accelerator.device_count()
        torch.accelerator.synchronize()
        kind = torch.accelerator.current_accelerator()
        idx = torch.accelerator.current_device_index()
        old = torch.accelerator.current_device_idx()
        torch.accelerator.set_device_index(idx)
        torch.accelerator.set_device_idx(old)
        return n, kind
    return torch.zeros(1)
