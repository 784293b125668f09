"""Every import style a training script uses."""
import paddle
import os

from . import utils
from .models import backbone
from ..common import helpers


def build():
    model = paddle.nn.Sequential(paddle.nn.Conv2D(3, 8, 3), paddle.nn.ReLU(), paddle.nn.Flatten(), paddle.nn.Linear(8, 2))
    optimizer = paddle.optimizer.Adam(parameters=model.parameters(), learning_rate=1e-3, weight_decay=0)
    loader = paddle.io.DataLoader([], batch_size=4)
    return model, optimizer, loader


def act(x):
    y = paddle.nn.functional.relu(x)
    z = paddle.nn.functional.gelu(y)
    return paddle.nn.functional.sigmoid(z)


sgd = paddle.optimizer.SGD(parameters=paddle.nn.Linear(2, 2).parameters(), learning_rate=0.1, weight_decay=0)
path = os.path.join("a", "b")
