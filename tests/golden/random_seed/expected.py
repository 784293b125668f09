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
    # TODO(torch2paddle): torch.backends.cudnn.deterministic: Paddle sets cuDNN and TF32 options with paddle.set_flags({...}) (the flag names are in Paddle's FLAGS guide, not in its API reference): set the matching flag by hand
    torch.backends.cudnn.deterministic = True
    # TODO(torch2paddle): torch.backends.cudnn.benchmark: Paddle sets cuDNN and TF32 options with paddle.set_flags({...}) (the flag names are in Paddle's FLAGS guide, not in its API reference): set the matching flag by hand, or delete the line (it only tunes speed)
    torch.backends.cudnn.benchmark = False


set_seed(0)
state = paddle.get_rng_state()
paddle.set_rng_state(state)
sample = paddle.multinomial(paddle.to_tensor([0.2, 0.8]), 4, replacement=True)
coin = paddle.bernoulli(paddle.full((3,), 0.5))
normal = paddle.normal(0.0, 1.0, shape=(2, 2))
