# torch.signal.windows: symmetric float32 windows become get_window(..., fftbins=False, dtype=float32).
import torch
w = torch.signal.windows.hann(10)
w2 = torch.signal.windows.gaussian(10, std=2.0, sym=False)
w3 = torch.signal.windows.exponential(8, dtype=torch.float64)
w4 = torch.signal.windows.general_cosine(6, a=[0.5, 0.5])
w5 = torch.signal.windows.blackman(5) + torch.signal.windows.cosine(5) + torch.signal.windows.hamming(5)
w6 = torch.signal.windows.general_hamming(7, alpha=0.5, sym=True)
