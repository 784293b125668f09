# A buffer or parameter a module registers (`self.register_buffer("fb", fb)`) is a tensor,
# whatever expression gave it: PyTorch accepts nothing else (or None).
import paddle


class MelScale(paddle.nn.Layer):
    def __init__(self, n_mels, make_filterbank):
        super().__init__()
        fb = make_filterbank(n_mels)
        self.register_buffer("fb", fb)
        self.register_buffer(name="window", tensor=paddle.audio.functional.get_window(win_length=n_mels, window='hann', dtype='float32'), persistable=False)
        self.add_parameter("scale", load_scale())

    def forward(self, specgram):
        freq, _ = self.fb.shape
        return self.window.place, freq, self.scale.is_leaf


class Registry:
    # not a module: its register_buffer is its own
    def __init__(self, table):
        self.register_buffer("entries", table)

    def register_buffer(self, name, value):
        setattr(self, name, value)

    def count(self):
        # TODO(torch2paddle): torch.Tensor.size: receiver of unknown kind; `size` is also a method of non-torch objects: left as written, convert it by hand if it is a tensor
        return self.entries.size()
