import paddle
import torch.nn.functional as F

x = paddle.randn([8, 16])
img = paddle.randn([2, 3, 32, 32])
target = paddle.randint(0, 16, (8,))
weight = paddle.randn([4, 16])
kernel = paddle.randn([8, 3, 3, 3])

# activations
a1 = paddle.nn.functional.relu(x)
a2 = paddle.assign(paddle.nn.functional.relu(x), x)
a3 = paddle.nn.functional.gelu(x)
a4 = paddle.nn.functional.silu(x)
a5 = paddle.nn.functional.leaky_relu(x, negative_slope=0.2)
a6 = paddle.nn.functional.elu(x)
a7 = paddle.nn.functional.softplus(x)
a8 = paddle.nn.functional.sigmoid(x)
a9 = paddle.nn.functional.tanh(x)
a10 = paddle.nn.functional.hardswish(x)

# normalized probabilities
p = paddle.nn.functional.softmax(x, axis=-1)
lp = paddle.nn.functional.log_softmax(x, axis=1)

# losses
ce = paddle.nn.functional.cross_entropy(x, target)
ce_ls = paddle.nn.functional.cross_entropy(x, target, label_smoothing=0.1)
ce_ig = paddle.nn.functional.cross_entropy(x, target, ignore_index=-100, reduction="sum")
nll = paddle.nn.functional.nll_loss(lp, target)
mse = paddle.nn.functional.mse_loss(x, paddle.zeros_like(x))
l1 = paddle.nn.functional.l1_loss(x, paddle.zeros_like(x), reduction="mean")
sl1 = paddle.nn.functional.smooth_l1_loss(x, paddle.zeros_like(x))
bce = paddle.nn.functional.binary_cross_entropy(paddle.nn.functional.sigmoid(x), paddle.rand([8, 16]))
bcel = paddle.nn.functional.binary_cross_entropy_with_logits(x, paddle.rand([8, 16]))

# regularization and shaping
d = paddle.nn.functional.dropout(x, p=0.2, training=True)
padded = paddle.nn.functional.pad(img, (1, 1, 1, 1), pad_from_left_axis=False)
padded_r = paddle.nn.functional.pad(img, (2, 2, 2, 2), mode="reflect", pad_from_left_axis=False)
up = paddle.nn.functional.interpolate(img, scale_factor=2, mode="bilinear", align_corners=False)
rs = paddle.nn.functional.interpolate(img, size=(64, 64), mode="nearest")
# An int size is every spatial axis's in PyTorch; Paddle takes a list. Reported when the input is
# not a name, which the list's length reads.
side = int(img.shape[-1] // 2)
sq = paddle.nn.functional.interpolate(img, size=[side] * (img.ndim - 2), mode="bicubic", align_corners=True)
# TODO(torch2paddle): torch.nn.functional.interpolate: size is an int, which PyTorch repeats for every spatial axis and Paddle's size (a list or tuple) does not take: write size=[n] * (x.ndim - 2), naming the input once
sq2 = F.interpolate(img * 2, size=side)
oh = paddle.nn.functional.one_hot(target, num_classes=16).astype("int64")
nz = paddle.nn.functional.normalize(x, axis=1)
nz2 = paddle.nn.functional.normalize(x, p=2, axis=-1)

# layers as functions
cv = paddle.nn.functional.conv2d(img, kernel, padding=1)
cv_s = paddle.nn.functional.conv2d(img, kernel, stride=2, padding=1)
ln = paddle.nn.functional.linear(x, weight.T)
ln_b = paddle.nn.functional.linear(x, weight.T, paddle.zeros([4]))
mp = paddle.nn.functional.max_pool2d(img, 2)
ap = paddle.nn.functional.avg_pool2d(img, kernel_size=2, stride=2)
gap = paddle.nn.functional.adaptive_avg_pool2d(img, 1)
lnorm = paddle.nn.functional.layer_norm(x, (16,))
emb = paddle.nn.functional.embedding(target, paddle.randn([16, 4]))
cos = paddle.nn.functional.cosine_similarity(x, x, axis=1)
