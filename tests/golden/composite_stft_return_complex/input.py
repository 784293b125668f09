# torch.stft / Tensor.stft with return_complex: True is Paddle's paddle.signal.stft (complex result),
# False is its real view (last dimension 2): paddle.as_real around it. Omitted: the argument map.
import torch


def spectrum(signal: torch.Tensor, window: torch.Tensor, complex_out):
    spec = torch.stft(signal, 512, hop_length=128, window=window, return_complex=True)
    pairs = torch.stft(signal, n_fft=512, return_complex=False)
    spec2 = signal.stft(256, hop_length=64, win_length=256, window=window, center=False, return_complex=True)
    pairs2 = signal.stft(n_fft=256, normalized=True, onesided=True, return_complex=False)
    plain = torch.stft(signal, 512, window=window)
    unknown = torch.stft(signal, 512, return_complex=complex_out)
    return spec, pairs, spec2, pairs2, plain, unknown
