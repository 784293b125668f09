# Paddle's attention and transformer layers are batch-first and MultiHeadAttention returns the
# weights only with need_weights=True; PyTorch's default is sequence-first and (output, weights).
import torch.nn as nn


class Encoder(nn.Module):
    def __init__(self, d, heads, p):
        super().__init__()
        self.attn = nn.MultiheadAttention(d, num_heads=heads, dropout=p, batch_first=True)
        self.seq_first = nn.MultiheadAttention(d, heads)
        self.layer = nn.TransformerEncoderLayer(d, heads, dim_feedforward=4 * d, batch_first=True, norm_first=True)
        self.dec = nn.TransformerDecoderLayer(d, heads, 4 * d, batch_first=False)
        self.full = nn.Transformer(d_model=d, nhead=heads, batch_first=True)
        self.dec2 = nn.TransformerDecoderLayer(d, heads, 4 * d, batch_first=True)

    def forward(self, x):
        out, weights = self.attn(x, x, x)
        return self.layer(out), weights
