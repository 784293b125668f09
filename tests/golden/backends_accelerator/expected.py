# torch.backends flags and torch.accelerator: no counterpart, reported with what to do.
import paddle
import torch

# TODO(torch2paddle): torch.backends.cudnn.benchmark: Paddle sets cuDNN and TF32 options with paddle.set_flags({...}) (the flag names are in Paddle's FLAGS guide, not in its API reference): set the matching flag by hand, or delete the line (it only tunes speed)
torch.backends.cudnn.benchmark = True
# TODO(torch2paddle): torch.backends.cudnn.deterministic: Paddle sets cuDNN and TF32 options with paddle.set_flags({...}) (the flag names are in Paddle's FLAGS guide, not in its API reference): set the matching flag by hand
torch.backends.cudnn.deterministic = False
# TODO(torch2paddle): torch.backends.cuda.matmul.allow_tf32: Paddle sets cuDNN and TF32 options with paddle.set_flags({...}) (the flag names are in Paddle's FLAGS guide, not in its API reference): set the matching flag by hand
torch.backends.cuda.matmul.allow_tf32 = True
# TODO(torch2paddle): torch.backends.cudnn.allow_tf32: Paddle sets cuDNN and TF32 options with paddle.set_flags({...}) (the flag names are in Paddle's FLAGS guide, not in its API reference): set the matching flag by hand
torch.backends.cudnn.allow_tf32 = True


def describe():
    # TODO(torch2paddle): torch.backends.cudnn.enabled: Paddle sets cuDNN and TF32 options with paddle.set_flags({...}) (the flag names are in Paddle's FLAGS guide, not in its API reference): set the matching flag by hand
    if torch.backends.cudnn.enabled:
        print("cudnn on")
    # TODO(torch2paddle): torch.accelerator.is_available: torch.accelerator (PyTorch 2.6) has no Paddle counterpart: use Paddle's device API (paddle.device.get_device(), paddle.device.set_device('gpu:0'), paddle.device.cuda.device_count(), paddle.device.synchronize())
    if torch.accelerator.is_available():
        # TODO(torch2paddle): torch.accelerator.device_count: torch.accelerator (PyTorch 2.6) has no Paddle counterpart: use Paddle's device API (paddle.device.get_device(), paddle.device.set_device('gpu:0'), paddle.device.cuda.device_count(), paddle.device.synchronize())
        n = torch.accelerator.device_count()
        # TODO(torch2paddle): torch.accelerator.synchronize: torch.accelerator (PyTorch 2.6) has no Paddle counterpart: use Paddle's device API (paddle.device.get_device(), paddle.device.set_device('gpu:0'), paddle.device.cuda.device_count(), paddle.device.synchronize())
        torch.accelerator.synchronize()
        # TODO(torch2paddle): torch.accelerator.current_accelerator: torch.accelerator (PyTorch 2.6) has no Paddle counterpart: use Paddle's device API (paddle.device.get_device(), paddle.device.set_device('gpu:0'), paddle.device.cuda.device_count(), paddle.device.synchronize())
        kind = torch.accelerator.current_accelerator()
        # TODO(torch2paddle): torch.accelerator.current_device_index: torch.accelerator (PyTorch 2.6) has no Paddle counterpart: use Paddle's device API (paddle.device.get_device(), paddle.device.set_device('gpu:0'), paddle.device.cuda.device_count(), paddle.device.synchronize())
        idx = torch.accelerator.current_device_index()
        # TODO(torch2paddle): torch.accelerator.current_device_idx: torch.accelerator (PyTorch 2.6) has no Paddle counterpart: use Paddle's device API (paddle.device.get_device(), paddle.device.set_device('gpu:0'), paddle.device.cuda.device_count(), paddle.device.synchronize())
        old = torch.accelerator.current_device_idx()
        # TODO(torch2paddle): torch.accelerator.set_device_index: torch.accelerator (PyTorch 2.6) has no Paddle counterpart: use Paddle's device API (paddle.device.get_device(), paddle.device.set_device('gpu:0'), paddle.device.cuda.device_count(), paddle.device.synchronize())
        torch.accelerator.set_device_index(idx)
        # TODO(torch2paddle): torch.accelerator.set_device_idx: torch.accelerator (PyTorch 2.6) has no Paddle counterpart: use Paddle's device API (paddle.device.get_device(), paddle.device.set_device('gpu:0'), paddle.device.cuda.device_count(), paddle.device.synchronize())
        torch.accelerator.set_device_idx(old)
        return n, kind
    return paddle.zeros([1])
