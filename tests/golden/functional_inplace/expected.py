# inplace=True of a function writes the result into its input: Paddle's functions have no inplace,
# so the result is assigned into the input when that is a name; a computed input is a temporary.
import paddle
import torch
import torch.nn.functional as F


class Block(paddle.nn.Layer):
    def __init__(self):
        super().__init__()
        self.bn = paddle.nn.BatchNorm2D(4)
        self.relu = paddle.nn.ReLU()
        self.inplace = True

    def forward(self, x: paddle.Tensor, img):
        paddle.assign(paddle.nn.functional.relu(x), x)
        paddle.assign(paddle.nn.functional.leaky_relu(x, 0.1), x)
        y = paddle.nn.functional.relu(self.bn(x))
        paddle.assign(paddle.nn.functional.dropout(x, 0.5, training=True), x)
        z = paddle.nn.functional.relu(x)
        paddle.assign(paddle.nn.functional.hardtanh(self.bn.weight), self.bn.weight)
        # TODO(torch2paddle): torch.nn.functional.relu: inplace=True on x[0]: PyTorch writes into the tensor it slices; paddle.nn.functional.relu has no inplace: assign the result into that slice by hand
        F.relu(x[0], inplace=True)
        # TODO(torch2paddle): torch.nn.functional.elu: inplace=self.inplace: PyTorch writes the result into the input when it is true; paddle.nn.functional.elu has no inplace: write paddle.assign(<the call>, <the input>) for the true case
        w = F.elu(x, inplace=self.inplace)
        paddle.assign(paddle.vision.transforms.normalize(img, [0.5], [0.5]), img)
        return self.relu(y) + z + w


def more(x: paddle.Tensor, s: paddle.Tensor, v: paddle.Tensor, t: paddle.Tensor):
    paddle.assign(paddle.nn.functional.celu(x, 1.0), x)
    paddle.assign(paddle.nn.functional.dropout(s, p=0.5, axis=[0, 1] if s.ndim == 3 else [0], training=True), s)  # whole channels: the mask spans N and C
    paddle.assign(paddle.nn.functional.dropout2d(t, 0.5, True), t)
    paddle.assign(paddle.nn.functional.dropout3d(v, 0.5, True), v)
    paddle.assign(paddle.nn.functional.feature_alpha_dropout(t, 0.5, True), t)
    paddle.assign(paddle.nn.functional.hardsigmoid(x), x)
    paddle.assign(paddle.nn.functional.mish(x), x)
    paddle.assign(paddle.nn.functional.relu6(x), x)
    paddle.assign(paddle.nn.functional.selu(x), x)
    paddle.assign(paddle.nn.functional.thresholded_relu(x, 0.1, 20.0), x)
    return x


# TODO(torch2paddle): torch.nn.Dropout1d: Dropout1d drops whole channels (Paddle's Dropout without axis drops elements): write paddle.nn.Dropout(p, axis=[0, 1]) for batched (N, C, L) input, axis=[0] for unbatched (C, L)
drop = torch.nn.Dropout1d(0.2)  # reported: its input's rank picks the axes
