# A module that overrides PyTorch's state-dict hooks: Paddle's Layer never calls them, so what
# they do on load or save is lost; each definition is reported. A class that is no module, and
# a hook Paddle's Layer does call (`extra_repr`), are left alone.
import torch
from torch import nn


class FrozenNorm(nn.Module):
    def __init__(self, n):
        super().__init__()
        self.register_buffer("weight", torch.ones(n))

    def _load_from_state_dict(self, state_dict, prefix, local_metadata, strict, missing_keys, unexpected_keys, error_msgs):
        state_dict.pop(prefix + "num_batches_tracked", None)
        super()._load_from_state_dict(state_dict, prefix, local_metadata, strict, missing_keys, unexpected_keys, error_msgs)

    def _save_to_state_dict(self, destination, prefix, keep_vars):
        super()._save_to_state_dict(destination, prefix, keep_vars)
        destination[prefix + "version"] = 2

    def extra_repr(self):
        return "frozen"


class Loader:
    def _load_from_state_dict(self, state):
        return state
