# Calling attention and transformer layers: Paddle's forward takes no key padding masks, reads a
# boolean mask the other way round and returns attention weights per head; need_weights is the
# layer's (the converted constructor sets it), so need_weights=False is dropped from the call.
import paddle


class EncoderBlock(paddle.nn.Layer):
    def __init__(self, dim, heads):
        super().__init__()
        self.self_attention = paddle.nn.MultiHeadAttention(dim, heads, dropout=0.1, need_weights=True)

    def forward(self, x, mask=None):
        y, _ = self.self_attention(x, x, x)
        # TODO(torch2paddle): torch.nn.MultiheadAttention.__call__: PyTorch returns the attention weights averaged over the heads, Paddle's MultiHeadAttention per head: pass need_weights=False when they are not used, else read weights.mean(axis=1)
        z, w = self.self_attention(x, x, x)
        # TODO(torch2paddle): torch.nn.MultiheadAttention.__call__: Paddle's MultiHeadAttention takes no key_padding_mask: fold it into attn_mask, broadcast to [batch, 1, 1, key_len] (Paddle's boolean mask is True where attention is allowed, PyTorch's True where it is not)
        m, _ = self.self_attention(x, x, x, key_padding_mask=mask, need_weights=False)
        return y + z + m, w


class Encoder(paddle.nn.Layer):
    def __init__(self, dim):
        super().__init__()
        layer = paddle.nn.TransformerEncoderLayer(dim, 4)
        self.layers = paddle.nn.TransformerEncoder(layer, 2)
        self.layer = paddle.nn.TransformerEncoderLayer(dim, 4)

    def forward(self, x, padding_mask):
        y = self.layers(x)
        # TODO(torch2paddle): torch.nn.TransformerEncoderLayer.__call__: Paddle's TransformerEncoderLayer takes no src_key_padding_mask: fold it into the attention mask (Paddle's boolean mask is True where attention is allowed, PyTorch's True where it is not)
        z = self.layer(x, src_key_padding_mask=padding_mask)
        return y + z


class Decoder(paddle.nn.Layer):
    def __init__(self, dim):
        super().__init__()
        self.layer = paddle.nn.TransformerDecoderLayer(dim, 4)
        self.stack = paddle.nn.TransformerDecoder(paddle.nn.TransformerDecoderLayer(dim, 4), 2)

    def forward(self, tgt, memory, causal):
        out = self.layer(tgt, memory)
        out = self.stack(out, memory)
        # TODO(torch2paddle): torch.nn.TransformerDecoder.__call__: a boolean mask is True where attention is not allowed in PyTorch and where it is allowed in Paddle's TransformerDecoder: pass ~mask (a float mask of 0 and -inf means the same in both)
        return self.stack(out, memory, tgt_mask=causal)
