# torch.concatenate (an alias of torch.cat), torch.hub.load_state_dict_from_url with its options,
# default_collate (reported: Paddle's returns numpy arrays).
import torch
from torch.utils.data import DataLoader, default_collate
from torch.utils.data.dataloader import default_collate as dl_collate


def join(a, b):
    x = torch.concatenate([a, b])
    y = torch.concatenate((a, b), axis=1)
    z = torch.concatenate([a, b], dim=-1)
    return torch.concatenate([x, y, z], 0)


def weights(url):
    plain = torch.hub.load_state_dict_from_url(url)
    cached = torch.hub.load_state_dict_from_url(url, model_dir="./ckpt", progress=False, map_location="cpu")
    named = torch.hub.load_state_dict_from_url(url, file_name="w.pdparams", check_hash=True, weights_only=True)
    return plain, cached, named


def collate(batch):
    out = default_collate(batch)
    inner = torch.utils.data._utils.collate.default_collate(batch)
    return out, dl_collate(batch), inner


def loader(ds):
    return DataLoader(ds, batch_size=4, collate_fn=torch.utils.data.default_collate)
