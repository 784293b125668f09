import random

import numpy as np
import torch


def set_seed(seed: int = 42):
    random.seed(seed)
    np.random.seed(seed)
    torch.manual_seed(seed)
    torch.cuda.manual_seed(seed)
    torch.cuda.manual_seed_all(seed)
    torch.backends.cudnn.deterministic = True
    torch.backends.cudnn.benchmark = False


set_seed(0)
state = torch.get_rng_state()
torch.set_rng_state(state)
sample = torch.multinomial(torch.tensor([0.2, 0.8]), 4, replacement=True)
coin = torch.bernoulli(torch.full((3,), 0.5))
normal = torch.normal(0.0, 1.0, size=(2, 2))
