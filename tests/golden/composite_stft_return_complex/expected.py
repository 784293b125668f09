# torch.stft / Tensor.stft with return_complex: True is Paddle's paddle.signal.stft (complex result),
# False is its real view (last dimension 2): paddle.as_real around it. Omitted: the argument map.
import paddle
import torch


def spectrum(signal: paddle.Tensor, window: paddle.Tensor, complex_out):
    spec = paddle.signal.stft(signal, 512, hop_length=128, window=window)
    pairs = paddle.as_real(paddle.signal.stft(signal, 512))
    spec2 = paddle.signal.stft(signal, 256, hop_length=64, win_length=256, window=window, center=False)
    pairs2 = paddle.as_real(paddle.signal.stft(signal, 256, normalized=True, onesided=True))
    plain = paddle.signal.stft(signal, 512, window=window)
    # TODO(torch2paddle): torch.stft: return_complex that is not a literal True/False: PyTorch returns a complex tensor for True and its real view (last dimension 2, paddle.as_real) for False; write it as a literal
    unknown = torch.stft(signal, 512, return_complex=complex_out)
    return spec, pairs, spec2, pairs2, plain, unknown
