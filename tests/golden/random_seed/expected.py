import random

import numpy as np
import paddle
import torch


def set_seed(seed: int = 42):
    random.seed(seed)
    np.random.seed(seed)
    paddle.seed(seed)
    paddle.seed(seed)
    paddle.seed(seed)
    # TODO(torch2paddle): torch.backends.cudnn.deterministic has no Paddle equivalent yet
    torch.backends.cudnn.deterministic = True
    # TODO(torch2paddle): torch.backends.cudnn.benchmark has no Paddle equivalent yet
    torch.backends.cudnn.benchmark = False


set_seed(0)
# TODO(torch2paddle): torch.get_rng_state: Paddle returns a different value; needs a rewrite by hand
state = torch.get_rng_state()
# TODO(torch2paddle): torch.set_rng_state: argument 'new_state' of torch.set_rng_state needs a rewrite by hand
torch.set_rng_state(state)
sample = paddle.multinomial(paddle.to_tensor([0.2, 0.8]), 4, replacement=True)
coin = paddle.bernoulli(paddle.full((3,), 0.5))
normal = paddle.normal(0.0, 1.0, shape=(2, 2))
