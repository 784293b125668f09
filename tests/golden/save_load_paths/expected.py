# torch.save / torch.load write and read through a path; Paddle's reference documents
# `path (str|BytesIO)`: a pathlib path is written str(path), an open file is reported.
import io
import tempfile
from pathlib import Path

import paddle
import torch


def save_all(model, out_dir: Path, name):
    paddle.save(model.state_dict(), str(out_dir / "model.pt"))  # a path joined with /
    paddle.save(model.state_dict(), str(Path(name).with_suffix(".pt")))
    paddle.save(model.state_dict(), str(out_dir.parent / name))
    with open(name, "wb") as f:
        # TODO(torch2paddle): torch.save: 'f' is an open file, and 'path' of paddle.save takes str|BytesIO (Paddle's API reference): pass the file's path instead, or an io.BytesIO holding its bytes
        torch.save(model.state_dict(), f)
    with tempfile.SpooledTemporaryFile() as spool:
        # TODO(torch2paddle): torch.load: 'spool' is an open file, and 'path' of paddle.load takes str|BytesIO (Paddle's API reference): pass the file's path instead, or an io.BytesIO holding its bytes
        state = torch.load(spool)
    buf = io.BytesIO()  # Paddle takes a BytesIO
    paddle.save(state, buf)
    paddle.save(state, name)  # a str, or of unknown kind: as written
    return paddle.load(str(Path.cwd() / name))


def restore(directory):
    root = Path(directory)
    handle = open(root / "ckpt.pt", "rb")
    # TODO(torch2paddle): torch.load: 'handle' is an open file, and 'path' of paddle.load takes str|BytesIO (Paddle's API reference): pass the file's path instead, or an io.BytesIO holding its bytes
    return paddle.load(str(root / "ckpt.pt")), torch.load(handle)
