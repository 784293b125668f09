# pickle (like joblib, gym, HF datasets) hands back numpy arrays: in a file importing it,
# `mask.all()` may be a numpy call and is left for review; `unsqueeze` is a tensor-only name.
import pickle

import paddle


def load(path, x):
    with open(path, "rb") as f:
        mask = pickle.load(f)
    # TODO(torch2paddle): torch.Tensor.all: receiver of unknown kind; `all` is also a method of non-torch objects: left as written, convert it by hand if it is a tensor
    return mask.all(), x.unsqueeze(0)  # needs review, unchanged; converted
