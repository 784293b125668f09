# super().__init__ in a class deriving from a torch class calls the converted Paddle class's
# constructor: its arguments are converted by the class's argument map (nn.Linear's third
# positional is Paddle's weight_attr, not bias), or reported when they cannot be.
import paddle


class Proj(paddle.nn.Linear):
    def __init__(self, a, b):
        super().__init__(a, b, bias_attr=False)


class Wide(Proj):
    pass


class Plain(paddle.nn.Linear):
    def __init__(self, a, b):
        super(Plain, self).__init__(a, b)


class Net(paddle.nn.Layer):
    def __init__(self):
        super().__init__()
        self.fc = paddle.nn.Linear(2, 3)


class Attn(paddle.nn.MultiHeadAttention):
    def __init__(self, d, h, dropout, bias, qkv_dim, device, dtype):
        # TODO(torch2paddle): torch.nn.MultiheadAttention: super().__init__ passes PyTorch's arguments to the constructor of paddle.nn.MultiHeadAttention, the converted base, which takes them otherwise (a positional bias goes to another parameter; add_bias_kv takes other values; add_zero_attn takes other values; a positional kdim goes to another parameter; a positional vdim goes to another parameter; batch_first takes other values; device does not exist; dtype does not exist): write Paddle's
        super().__init__(d, h, dropout, bias, False, False, qkv_dim, qkv_dim, True, device, dtype)


class Conv3DSimple(paddle.nn.Conv3D):
    def __init__(self, in_planes, out_planes, stride=1, padding=1):
        super().__init__(in_planes, out_planes, kernel_size=(3, 3, 3), stride=stride, padding=padding, bias_attr=False)
