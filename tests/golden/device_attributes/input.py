# A converted device is a Paddle device string ('gpu:0') or a Place (x.place); neither has
# torch.device's type or index, so reading them is reported with what to write.
import torch

def get_map_location(target_device):
    map_location = torch.device(target_device)
    if map_location.type == "cuda" and not torch.cuda.is_available():
        map_location = torch.device("cpu")
    idx = map_location.index
    return map_location

dev = torch.device("cuda:0")
t = dev.type



def f(x: torch.Tensor):
    if x.device.type == "cuda":
        return x.device.index
    return x.device


# x.device becomes x.place, a Place: compared with == it is reported (a Place never equals a
# device string, and == between Places is not documented).

def same_device(w: torch.Tensor, a: torch.Tensor):
    if not (w.device == a.device):
        raise ValueError("device")
    if w.device == torch.device("cpu"):
        return w.to(a.device)
    dev = w.device
    return w.device


# str() of a converted x.device is "Place(gpu:0)", not "cuda:0": reported; a name str that is not
# the builtin is another function.
def device_names(x: torch.Tensor, str=repr):
    return str(x.device)


def device_name(x: torch.Tensor):
    if str(x.device).startswith("cuda"):
        return "gpu"
    return f"{x.device}"


# A name bound to a tensor's device becomes a Place; compared with a converted torch.device (a
# string) it is never equal: reported.
def on_cpu(waveform: torch.Tensor):
    device = waveform.device
    if device == torch.device("cpu"):
        return True
    return False


def on_cpu_too(waveform: torch.Tensor):
    device, dtype = waveform.device, waveform.dtype
    return device != torch.device("cpu"), dtype
