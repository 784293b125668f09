import paddle


def init_conv(conv: paddle.nn.Conv2D, w: paddle.Tensor):
    paddle.nn.initializer.Dirac()(conv.weight)
    paddle.nn.initializer.Dirac(groups=2)(conv.weight)
    paddle.nn.initializer.Assign(paddle.eye(w.shape[0], w.shape[1]))(w)
