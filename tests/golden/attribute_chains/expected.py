# A tensor attribute that Paddle writes otherwise can sit inside a chain: `x.real.unsqueeze(-1)`
# (Paddle's `real` is a method), `t.device.type` (a tensor's device is its `place`). Each link is
# converted on a known tensor and reported on a receiver of unknown kind.
import paddle


def spectra(rtf: paddle.Tensor, numerator: paddle.Tensor):
    denominator = paddle.einsum("...d,...d->...", [rtf.conj(), numerator])
    return denominator.real().unsqueeze(-1), denominator.imag().shape


def on_cpu(t, x):
    # TODO(torch2paddle): torch.Tensor.device: receiver of unknown kind; `device` is also an attribute of non-torch objects: left as written, a tensor's is `place` in Paddle
    assert t.device.type == 'cpu'
    # TODO(torch2paddle): torch.Tensor.is_cuda: receiver of unknown kind; `is_cuda` is also an attribute of non-torch objects: left as written, a tensor's is written otherwise in Paddle
    if x.is_cuda:
        x = x.cpu()
    return x


# A torch.Size assigned to a name stays a tuple where the name meets one: Paddle's shape is a list.
def fold(specgram: paddle.Tensor, melspec: paddle.Tensor, frames: int, feats: int):
    input_shape = specgram.shape
    out = specgram.reshape([-1, frames, feats]).view(tuple(input_shape[:-2]) + (frames, feats))
    shape = melspec.shape
    return out, tuple(shape) == (2, 3), shape[0], melspec.view(tuple(shape[:-2]) + (2, 3))


# `inp.get_device()` makes `inp` a tensor (classifier:usage): its `device` converts, and the
# chain around it reads a converted device, which is reported.
def reduce_add(inputs, destination):
    for i, inp in enumerate(inputs):
        # TODO(torch2paddle): torch.device.type: a converted device is a Paddle device string ('gpu:0', 'cpu') or a Place (x.place), and 'cuda' is 'gpu' there: for a string test d.startswith('gpu') or d == 'cpu'; for a Place, place.is_gpu_place() or place.is_cpu_place()
        assert inp.place.type != "cpu", "reduce_add expects all inputs to be on GPUs"
        if inp.place.gpu_device_id() == destination:
            return i
