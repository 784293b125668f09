# Calling attention and transformer layers: Paddle's forward takes no key padding masks, reads a
# boolean mask the other way round and returns attention weights per head; need_weights is the
# layer's (the converted constructor sets it), so need_weights=False is dropped from the call.
import torch
import torch.nn as nn


class EncoderBlock(nn.Module):
    def __init__(self, dim, heads):
        super().__init__()
        self.self_attention = nn.MultiheadAttention(dim, heads, dropout=0.1, batch_first=True)

    def forward(self, x, mask=None):
        y, _ = self.self_attention(query=x, key=x, value=x, need_weights=False)
        z, w = self.self_attention(x, x, x)
        m, _ = self.self_attention(x, x, x, key_padding_mask=mask, need_weights=False)
        return y + z + m, w


class Encoder(nn.Module):
    def __init__(self, dim):
        super().__init__()
        layer = nn.TransformerEncoderLayer(dim, 4, batch_first=True)
        self.layers = nn.TransformerEncoder(layer, 2)
        self.layer = nn.TransformerEncoderLayer(dim, 4, batch_first=True)

    def forward(self, x, padding_mask):
        y = self.layers(x)
        z = self.layer(x, src_key_padding_mask=padding_mask)
        return y + z


class Decoder(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.layer = nn.TransformerDecoderLayer(dim, 4, batch_first=True)
        self.stack = nn.TransformerDecoder(nn.TransformerDecoderLayer(dim, 4, batch_first=True), 2)

    def forward(self, tgt, memory, causal):
        out = self.layer(tgt, memory)
        out = self.stack(out, memory)
        return self.stack(out, memory, tgt_mask=causal)
