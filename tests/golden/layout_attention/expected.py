# Layout-changing APIs: torch's scaled_dot_product_attention takes [batch, heads, seq, dim],
# Paddle's [batch, seq, heads, dim]; the tensors go in transposed and the result comes back.
import paddle
import torch.nn.functional as F


def attend(q, k, v, p, mask):
    out = paddle.nn.functional.scaled_dot_product_attention(q.transpose([0, 2, 1, 3]), k.transpose([0, 2, 1, 3]), v.transpose([0, 2, 1, 3])).transpose([0, 2, 1, 3])
    out = paddle.nn.functional.scaled_dot_product_attention(q.transpose([0, 2, 1, 3]), k.transpose([0, 2, 1, 3]), v.transpose([0, 2, 1, 3]), dropout_p=p, is_causal=True).transpose([0, 2, 1, 3])
    out = paddle.nn.functional.scaled_dot_product_attention(query=(q * 2).transpose([0, 2, 1, 3]), key=k.transpose([0, 2, 1, 3]), value=v.transpose([0, 2, 1, 3])).transpose([0, 2, 1, 3])
    res = out + paddle.nn.functional.scaled_dot_product_attention(q.contiguous().transpose([0, 2, 1, 3]), k.transpose([0, 2, 1, 3]), v.transpose([0, 2, 1, 3])).transpose([0, 2, 1, 3]).sum()
    # PyTorch also takes a boolean mask; Paddle documents an additive float mask only.
    # TODO(torch2paddle): torch.nn.functional.scaled_dot_product_attention: argument 'attn_mask' of torch.nn.functional.scaled_dot_product_attention cannot be converted (PyTorch also takes a boolean mask (True: attend) where Paddle documents an additive float mask only: pass a float mask (0 / -inf) and convert by hand)
    masked = F.scaled_dot_product_attention(q, k, v, attn_mask=mask)
    # Paddle has no scale argument.
    # TODO(torch2paddle): torch.nn.functional.scaled_dot_product_attention: argument 'scale' of torch.nn.functional.scaled_dot_product_attention cannot be converted (no_counterpart)
    scaled = F.scaled_dot_product_attention(q, k, v, scale=0.125)
    return res, masked, scaled


def sdpa(q, k, v, scaled_dot_product_attention):
    # Not torch's function (a parameter shadows the import): left alone.
    return scaled_dot_product_attention(q, k, v)
