# torch.signal.windows: symmetric float32 windows become get_window(..., fftbins=False, dtype=float32).
import paddle
w = paddle.audio.functional.get_window('hann', 10, fftbins=False, dtype='float32')
w2 = paddle.audio.functional.get_window(('gaussian', 2.0), 10, fftbins=True, dtype='float32')
w3 = paddle.audio.functional.get_window(('exponential', None, 1.0), 8, fftbins=False, dtype=paddle.float64)
w4 = paddle.audio.functional.get_window(('general_cosine', [0.5, 0.5]), 6, fftbins=False, dtype='float32')
w5 = paddle.audio.functional.get_window('blackman', 5, fftbins=False, dtype='float32') + paddle.audio.functional.get_window('cosine', 5, fftbins=False, dtype='float32') + paddle.audio.functional.get_window('hamming', 5, fftbins=False, dtype='float32')
w6 = paddle.audio.functional.get_window(('general_hamming', 0.5), 7, fftbins=False, dtype='float32')
