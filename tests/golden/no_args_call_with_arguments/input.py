import torch


def load(batch: torch.Tensor, device):
    # torch's pin_memory(device) is mapped without arguments; Paddle's takes none
    pinned = batch.pin_memory(device)
    plain = batch.pin_memory()
    return pinned, plain.cpu()
