# torch.concatenate (an alias of torch.cat), torch.hub.load_state_dict_from_url with its options,
# default_collate (reported: Paddle's returns numpy arrays).
import paddle
import torch
from torch.utils.data import default_collate
from torch.utils.data.dataloader import default_collate as dl_collate


def join(a, b):
    x = paddle.concat([a, b])
    y = paddle.concat((a, b), axis=1)
    z = paddle.concat([a, b], axis=-1)
    return paddle.concat([x, y, z], 0)


def weights(url):
    plain = paddle.load(paddle.utils.download.get_weights_path_from_url(url))
    cached = paddle.hub.load_state_dict_from_url(url, model_dir="./ckpt")
    named = paddle.hub.load_state_dict_from_url(url, file_name="w.pdparams", check_hash=True)
    return plain, cached, named


def collate(batch):
    # TODO(torch2paddle): torch.utils.data.default_collate: Paddle's paddle.io.dataloader.collate.default_collate_fn returns numpy arrays where PyTorch returns tensors (numpy or number elements): call it and convert the fields with paddle.to_tensor
    out = default_collate(batch)
    # TODO(torch2paddle): torch.utils.data._utils.collate.default_collate: Paddle's paddle.io.dataloader.collate.default_collate_fn returns numpy arrays where PyTorch returns tensors (numpy or number elements): call it and convert the fields with paddle.to_tensor
    inner = torch.utils.data._utils.collate.default_collate(batch)
    # TODO(torch2paddle): torch.utils.data.dataloader.default_collate: Paddle's paddle.io.dataloader.collate.default_collate_fn returns numpy arrays where PyTorch returns tensors (numpy or number elements): call it and convert the fields with paddle.to_tensor
    return out, dl_collate(batch), inner


def loader(ds):
    # TODO(torch2paddle): torch.utils.data.default_collate: Paddle's paddle.io.dataloader.collate.default_collate_fn returns numpy arrays where PyTorch returns tensors (numpy or number elements): call it and convert the fields with paddle.to_tensor
    return paddle.io.DataLoader(ds, batch_size=4, collate_fn=torch.utils.data.default_collate)
