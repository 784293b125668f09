# torch.save / torch.load write and read through a path; Paddle's reference documents
# `path (str|BytesIO)`: a pathlib path is written str(path), an open file is reported.
import io
import tempfile
from pathlib import Path

import torch


def save_all(model, out_dir: Path, name):
    torch.save(model.state_dict(), out_dir / "model.pt")  # a path joined with /
    torch.save(model.state_dict(), Path(name).with_suffix(".pt"))
    torch.save(model.state_dict(), out_dir.parent / name)
    with open(name, "wb") as f:
        torch.save(model.state_dict(), f)
    with tempfile.SpooledTemporaryFile() as spool:
        state = torch.load(spool)
    buf = io.BytesIO()  # Paddle takes a BytesIO
    torch.save(state, buf)
    torch.save(state, name)  # a str, or of unknown kind: as written
    return torch.load(Path.cwd() / name)


def restore(directory):
    root = Path(directory)
    handle = open(root / "ckpt.pt", "rb")
    return torch.load(root / "ckpt.pt"), torch.load(handle)
