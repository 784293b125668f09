# A module that overrides PyTorch's state-dict hooks: Paddle's Layer never calls them, so what
# they do on load or save is lost; each definition is reported. A class that is no module, and
# a hook Paddle's Layer does call (`extra_repr`), are left alone.
import paddle


class FrozenNorm(paddle.nn.Layer):
    def __init__(self, n):
        super().__init__()
        self.register_buffer("weight", paddle.ones([n]))

    # TODO(torch2paddle): torch.nn.Module._load_from_state_dict: PyTorch's hook for loading a state dict, which Paddle's Layer never calls: the keys it renames or drops on load stay as they are; make those changes on the dict before set_state_dict, and delete this method
    def _load_from_state_dict(self, state_dict, prefix, local_metadata, strict, missing_keys, unexpected_keys, error_msgs):
        state_dict.pop(prefix + "num_batches_tracked", None)
        super()._load_from_state_dict(state_dict, prefix, local_metadata, strict, missing_keys, unexpected_keys, error_msgs)

    # TODO(torch2paddle): torch.nn.Module._save_to_state_dict: PyTorch's hook for writing a state dict, which Paddle's Layer never calls: what it adds or changes is not in Paddle's state_dict(); change the dict state_dict() returns instead, and delete this method
    def _save_to_state_dict(self, destination, prefix, keep_vars):
        super()._save_to_state_dict(destination, prefix, keep_vars)
        destination[prefix + "version"] = 2

    def extra_repr(self):
        return "frozen"


class Loader:
    def _load_from_state_dict(self, state):
        return state
