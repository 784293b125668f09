import paddle


def load(batch: paddle.Tensor, device):
    # torch's pin_memory(device) is mapped without arguments; Paddle's takes none
    # TODO(torch2paddle): torch.Tensor.pin_memory: torch.Tensor.pin_memory is mapped without arguments, and paddle.Tensor.pin_memory takes none: this call passes 1
    pinned = batch.pin_memory(device)
    plain = batch.pin_memory()
    return pinned, plain.cpu()
