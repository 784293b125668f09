import math

import paddle


def init_weights(m):
    if isinstance(m, paddle.nn.Conv2D):
        paddle.nn.initializer.KaimingNormal(fan_in=(m.weight.shape[1] if m.weight.ndim == 2 else m.weight.shape[0] * math.prod(m.weight.shape[2:])), negative_slope=0.0, nonlinearity="relu")(m.weight)
        if m.bias is not None:
            paddle.nn.initializer.Constant(0.0)(m.bias)
    elif isinstance(m, paddle.nn.BatchNorm2D):
        paddle.nn.initializer.Constant(1.0)(m.weight)
        paddle.nn.initializer.Constant(0)(m.bias)
    elif isinstance(m, paddle.nn.Linear):
        paddle.nn.initializer.XavierUniform()(m.weight)
        paddle.nn.initializer.Normal(mean=0.0, std=0.01)(m.bias)
    elif isinstance(m, paddle.nn.Embedding):
        paddle.nn.initializer.Normal(mean=0.0, std=0.02)(m.weight)


layer = paddle.nn.Linear(16, 16)
paddle.nn.initializer.XavierNormal()(layer.weight)
paddle.nn.initializer.KaimingUniform(negative_slope=math.sqrt(5), nonlinearity="leaky_relu")(layer.weight)
paddle.nn.initializer.Uniform(low=-0.1, high=0.1)(layer.bias)
paddle.nn.initializer.TruncatedNormal(mean=0.0, std=0.02, a=-2.0, b=2.0)(layer.weight)
paddle.nn.initializer.Orthogonal()(layer.weight)
paddle.nn.initializer.Assign(paddle.eye(layer.weight.shape[0], layer.weight.shape[1]))(layer.weight)
model = paddle.nn.Sequential(paddle.nn.Conv2D(3, 8, 3), paddle.nn.BatchNorm2D(8), paddle.nn.Linear(8, 2))
model.apply(init_weights)
