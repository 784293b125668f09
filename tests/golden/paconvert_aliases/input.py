# Names only PaConvert's alias table knows (knowledge_graph/paconvert/aliases.jsonl, added by
# src/kg/paconvert_facts.cpp where the docs lack the alias): each converts as its canonical API,
# or is reported as its canonical is.
import torch
from torch.amp.autocast_mode import autocast
from torch.nn.modules import Linear
from torch.nn.modules.linear import Linear as DenseLayer
from flash_attn.flash_attn_interface import flash_attn_varlen_func
from transformers.modeling_utils import PreTrainedModel
from transformers.generation.logits_process import LogitsProcessorList
from transformers.utils.logging import get_logger
from torchvision.models.inception import Inception3
from timm.models.layers import trunc_normal_  # timm is not a converted root: this alias (to torch.nn.init.trunc_normal_) is never consulted, the call stays

logger = get_logger(__name__)


class Head(PreTrainedModel):
    def __init__(self, config):
        super().__init__(config)
        self.proj = Linear(4, 2)
        self.out = DenseLayer(2, 2)
        trunc_normal_(self.out.weight, std=0.02)


def mix(x, y):
    a = torch.channel_shuffle(x, 2)
    b = torch.threshold_(x, 0.5, 0.0)
    lower = torch.igamma(x, y)
    upper = torch.igammac(x, y)
    return a, b, lower, upper, torch.torch.tril(x)


def attend(model, q, k, v, cu, max_len):
    with autocast("cuda"):
        out = flash_attn_varlen_func(q, k, v, cu, cu, max_len, max_len)
    return model(out), LogitsProcessorList()


def unsupported(p):
    cat = torch.distributions.OneHotCategorical(probs=p)
    soft = torch.distributions.SoftplusTransform()
    cdf = torch.distributions.CumulativeDistributionTransform(cat)
    joined = torch.distributions.CatTransform([soft, soft])
    return cat, joined, cdf, Inception3()
