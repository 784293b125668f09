# Layout-changing APIs: torch's scaled_dot_product_attention takes [batch, heads, seq, dim],
# Paddle's [batch, seq, heads, dim]; the tensors go in transposed and the result comes back.
import torch
import torch.nn.functional as F
from torch.nn.functional import scaled_dot_product_attention


def attend(q, k, v, p, mask):
    out = F.scaled_dot_product_attention(q, k, v)
    out = F.scaled_dot_product_attention(q, k, v, dropout_p=p, is_causal=True)
    out = F.scaled_dot_product_attention(query=q * 2, key=k, value=v, attn_mask=None)
    res = out + scaled_dot_product_attention(q.contiguous(), k, v).sum()
    # PyTorch also takes a boolean mask; Paddle documents an additive float mask only.
    masked = F.scaled_dot_product_attention(q, k, v, attn_mask=mask)
    # Paddle has no scale argument.
    scaled = F.scaled_dot_product_attention(q, k, v, scale=0.125)
    return res, masked, scaled


def sdpa(q, k, v, scaled_dot_product_attention):
    # Not torch's function (a parameter shadows the import): left alone.
    return scaled_dot_product_attention(q, k, v)
