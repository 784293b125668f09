# Methods on objects of unknown kind: argument evidence (a torch.device or dtype) settles `.to()`;
# a shared name without evidence is left for review; a tensor-only name converts.
import paddle

device = 'gpu'


def step(batch, config):
    images, labels = batch
    images = images.to(device)
    labels = labels.to(paddle.int64)
    total = images.sum()            # `sum`: numpy and pandas have it too -> needs review
    flat = images.unsqueeze(0)      # only tensors have unsqueeze
    config.to("yaml")               # a str argument is no evidence -> left alone
    return flat, labels, total
