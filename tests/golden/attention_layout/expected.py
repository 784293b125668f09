# Paddle's attention and transformer layers are batch-first and MultiHeadAttention returns the
# weights only with need_weights=True; PyTorch's default is sequence-first and (output, weights).
import paddle
import torch.nn as nn


class Encoder(paddle.nn.Layer):
    def __init__(self, d, heads, p):
        super().__init__()
        self.attn = paddle.nn.MultiHeadAttention(d, num_heads=heads, dropout=p, need_weights=True)
        # TODO(torch2paddle): torch.nn.MultiheadAttention: without 'batch_first=', torch.nn.MultiheadAttention keeps PyTorch's default sequence-first inputs [seq, batch, embed]; Paddle's layer is batch-first: transpose the inputs and pass batch_first=True
        self.seq_first = nn.MultiheadAttention(d, heads)
        self.layer = paddle.nn.TransformerEncoderLayer(d, heads, dim_feedforward=4 * d, normalize_before=True)
        # TODO(torch2paddle): torch.nn.TransformerDecoderLayer: argument 'batch_first=False' of torch.nn.TransformerDecoderLayer has no Paddle equivalent value
        self.dec = nn.TransformerDecoderLayer(d, heads, 4 * d, batch_first=False)
        self.full = paddle.nn.Transformer(d_model=d, nhead=heads)
        self.dec2 = paddle.nn.TransformerDecoderLayer(d, heads, 4 * d)

    def forward(self, x):
        # TODO(torch2paddle): torch.nn.MultiheadAttention.__call__: PyTorch returns the attention weights averaged over the heads, Paddle's MultiHeadAttention per head: pass need_weights=False when they are not used, else read weights.mean(axis=1)
        out, weights = self.attn(x, x, x)
        return self.layer(out), weights
