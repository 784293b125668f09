# A converted device is a Paddle device string ('gpu:0') or a Place (x.place); neither has
# torch.device's type or index, so reading them is reported with what to write.
import paddle
import torch

def get_map_location(target_device):
    map_location = str(target_device).replace("cuda", "gpu")
    # TODO(torch2paddle): torch.device.type: a converted device is a Paddle device string ('gpu:0', 'cpu') or a Place (x.place), and 'cuda' is 'gpu' there: for a string test d.startswith('gpu') or d == 'cpu'; for a Place, place.is_gpu_place() or place.is_cpu_place()
    if map_location.type == "cuda" and not (paddle.device.cuda.device_count() >= 1):
        map_location = 'cpu'
    # TODO(torch2paddle): torch.device.index: a converted device is a Paddle device string ('gpu:0', 'cpu') or a Place (x.place): for a string write int(d.split(':')[1]) if ':' in d else None; for a Place, place.gpu_device_id()
    idx = map_location.index
    return map_location

dev = 'gpu:0'
# TODO(torch2paddle): torch.device.type: a converted device is a Paddle device string ('gpu:0', 'cpu') or a Place (x.place), and 'cuda' is 'gpu' there: for a string test d.startswith('gpu') or d == 'cpu'; for a Place, place.is_gpu_place() or place.is_cpu_place()
t = dev.type



def f(x: paddle.Tensor):
    # TODO(torch2paddle): torch.device.type: a converted device is a Paddle device string ('gpu:0', 'cpu') or a Place (x.place), and 'cuda' is 'gpu' there: for a string test d.startswith('gpu') or d == 'cpu'; for a Place, place.is_gpu_place() or place.is_cpu_place()
    if x.place.type == "cuda":
        # TODO(torch2paddle): torch.device.index: a converted device is a Paddle device string ('gpu:0', 'cpu') or a Place (x.place): for a string write int(d.split(':')[1]) if ':' in d else None; for a Place, place.gpu_device_id()
        return x.place.index
    return x.place


# x.device becomes x.place, a Place: compared with == it is reported (a Place never equals a
# device string, and == between Places is not documented).

def same_device(w: paddle.Tensor, a: paddle.Tensor):
    # TODO(torch2paddle): torch.Tensor.device: x.device becomes x.place, a Paddle Place, which never equals a device string such as 'cpu' and whose == between Places Paddle does not document: compare str(a.place) == str(b.place), or test a.place.is_cpu_place() / a.place.is_gpu_place()
    if not (w.device == a.device):
        raise ValueError("device")
    # TODO(torch2paddle): torch.Tensor.device: x.device becomes x.place, a Paddle Place, which never equals a device string such as 'cpu' and whose == between Places Paddle does not document: compare str(a.place) == str(b.place), or test a.place.is_cpu_place() / a.place.is_gpu_place()
    if w.device == 'cpu':
        return w.to(a.place)
    dev = w.place
    return w.place


# str() of a converted x.device is "Place(gpu:0)", not "cuda:0": reported; a name str that is not
# the builtin is another function.
def device_names(x: paddle.Tensor, str=repr):
    return str(x.place)


def device_name(x: paddle.Tensor):
    # TODO(torch2paddle): torch.Tensor.device: x.device becomes x.place, a Paddle Place, whose str() is 'Place(gpu:0)' or 'Place(cpu)' where PyTorch gives 'cuda:0' or 'cpu': test x.place.is_gpu_place() / x.place.is_cpu_place(), or keep str(x.place) only as a key compared with other str(place)
    if str(x.device).startswith("cuda"):
        return "gpu"
    return f"{x.place}"


# A name bound to a tensor's device becomes a Place; compared with a converted torch.device (a
# string) it is never equal: reported.
def on_cpu(waveform: paddle.Tensor):
    device = waveform.place
    # TODO(torch2paddle): torch.device: compared with a tensor's device, which becomes a Paddle Place (x.place) where this call becomes a device string, and a Place never equals a string: test x.place.is_cpu_place() / x.place.is_gpu_place()
    if device == torch.device("cpu"):
        return True
    return False


def on_cpu_too(waveform: paddle.Tensor):
    device, dtype = waveform.place, waveform.dtype
    # TODO(torch2paddle): torch.device: compared with a tensor's device, which becomes a Paddle Place (x.place) where this call becomes a device string, and a Place never equals a string: test x.place.is_cpu_place() / x.place.is_gpu_place()
    return device != torch.device("cpu"), dtype
