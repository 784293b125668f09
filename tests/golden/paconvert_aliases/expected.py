# Names only PaConvert's alias table knows (knowledge_graph/paconvert/aliases.jsonl, added by
# src/kg/paconvert_facts.cpp where the docs lack the alias): each converts as its canonical API,
# or is reported as its canonical is.
import logging
import paddle
import paddlenlp
import torch
from torchvision.models.inception import Inception3
from timm.models.layers import trunc_normal_  # timm is not a converted root: this alias (to torch.nn.init.trunc_normal_) is never consulted, the call stays

logger = logging.getLogger(__name__)


class Head(paddlenlp.transformers.PretrainedModel):
    def __init__(self, config):
        super().__init__(config)
        self.proj = paddle.nn.Linear(4, 2)
        self.out = paddle.nn.Linear(2, 2)
        trunc_normal_(self.out.weight, std=0.02)


def mix(x, y):
    a = paddle.nn.functional.channel_shuffle(x, 2)
    b = paddle.nn.functional.thresholded_relu_(x, 0.5, 0.0)
    lower = paddle.gammainc(x, y)
    upper = paddle.gammaincc(x, y)
    return a, b, lower, upper, paddle.tril(x)


def attend(model, q, k, v, cu, max_len):
    with paddle.amp.auto_cast():
        out = paddle.nn.functional.flash_attention.flash_attn_unpadded(q, k, v, cu, cu, max_len, max_len, q.shape[-1] ** -0.5)[0]
    return model(out), paddlenlp.generation.LogitsProcessorList()


def unsupported(p):
    # TODO(torch2paddle): torch.distributions.one_hot_categorical.OneHotCategorical has no Paddle equivalent yet
    cat = torch.distributions.OneHotCategorical(probs=p)
    # TODO(torch2paddle): torch.distributions.transforms.SoftplusTransform has no Paddle equivalent yet
    soft = torch.distributions.SoftplusTransform()
    # TODO(torch2paddle): torch.distributions.transforms.CumulativeDistributionTransform has no Paddle equivalent yet
    cdf = torch.distributions.CumulativeDistributionTransform(cat)
    # TODO(torch2paddle): torch.distributions.transforms.CatTransform has no Paddle equivalent yet
    joined = torch.distributions.CatTransform([soft, soft])
    # TODO(torch2paddle): torchvision.models.Inception3 has no Paddle equivalent yet
    return cat, joined, cdf, Inception3()
