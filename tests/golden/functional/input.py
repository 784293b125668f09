import torch
import torch.nn.functional as F

x = torch.randn(8, 16)
img = torch.randn(2, 3, 32, 32)
target = torch.randint(0, 16, (8,))
weight = torch.randn(4, 16)
kernel = torch.randn(8, 3, 3, 3)

# activations
a1 = F.relu(x)
a2 = F.relu(x, inplace=True)
a3 = F.gelu(x)
a4 = F.silu(x)
a5 = F.leaky_relu(x, negative_slope=0.2)
a6 = F.elu(x)
a7 = F.softplus(x)
a8 = F.sigmoid(x)
a9 = F.tanh(x)
a10 = F.hardswish(x)

# normalized probabilities
p = F.softmax(x, dim=-1)
lp = F.log_softmax(x, dim=1)

# losses
ce = F.cross_entropy(x, target)
ce_ls = F.cross_entropy(x, target, label_smoothing=0.1)
ce_ig = F.cross_entropy(x, target, ignore_index=-100, reduction="sum")
nll = F.nll_loss(lp, target)
mse = F.mse_loss(x, torch.zeros_like(x))
l1 = F.l1_loss(x, torch.zeros_like(x), reduction="mean")
sl1 = F.smooth_l1_loss(x, torch.zeros_like(x))
bce = F.binary_cross_entropy(torch.sigmoid(x), torch.rand(8, 16))
bcel = F.binary_cross_entropy_with_logits(x, torch.rand(8, 16))

# regularization and shaping
d = F.dropout(x, p=0.2, training=True)
padded = F.pad(img, (1, 1, 1, 1))
padded_r = F.pad(img, (2, 2, 2, 2), mode="reflect")
up = F.interpolate(img, scale_factor=2, mode="bilinear", align_corners=False)
rs = F.interpolate(img, size=(64, 64), mode="nearest")
# An int size is every spatial axis's in PyTorch; Paddle takes a list. Reported when the input is
# not a name, which the list's length reads.
side = int(img.shape[-1] // 2)
sq = F.interpolate(img, size=side, mode="bicubic", align_corners=True)
sq2 = F.interpolate(img * 2, size=side)
oh = F.one_hot(target, num_classes=16)
nz = F.normalize(x, dim=1)
nz2 = F.normalize(x, p=2, dim=-1)

# layers as functions
cv = F.conv2d(img, kernel, padding=1)
cv_s = F.conv2d(img, kernel, stride=2, padding=1)
ln = F.linear(x, weight)
ln_b = F.linear(x, weight, torch.zeros(4))
mp = F.max_pool2d(img, 2)
ap = F.avg_pool2d(img, kernel_size=2, stride=2)
gap = F.adaptive_avg_pool2d(img, 1)
lnorm = F.layer_norm(x, (16,))
emb = F.embedding(target, torch.randn(16, 4))
cos = F.cosine_similarity(x, x, dim=1)
