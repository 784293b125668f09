import torch
import torch.nn as nn

# dense and convolution layers
fc = nn.Linear(128, 64)
fc_nobias = nn.Linear(64, 10, bias=False)
conv1d = nn.Conv1d(16, 32, kernel_size=3, padding=1)
conv = nn.Conv2d(3, 64, 3, stride=2, padding=1)
conv_nb = nn.Conv2d(64, 128, kernel_size=(3, 3), padding=1, bias=False)
deconv = nn.ConvTranspose2d(128, 64, kernel_size=2, stride=2)
deconv1d = nn.ConvTranspose1d(32, 16, 4, stride=2, padding=1)
conv3d = nn.Conv3d(1, 8, kernel_size=3, padding=1, bias=False)
deconv3d = nn.ConvTranspose3d(8, 4, kernel_size=2, stride=2)

# normalization
bn1 = nn.BatchNorm1d(64)
bn2 = nn.BatchNorm2d(128, momentum=0.1, eps=1e-5)
ln = nn.LayerNorm(256)
ln2 = nn.LayerNorm([16, 16], eps=1e-6)
gn = nn.GroupNorm(8, 64)
bn3 = nn.BatchNorm3d(8, momentum=0.01)

# regularization and embeddings
drop = nn.Dropout(0.5)
drop2 = nn.Dropout(p=0.1)
emb = nn.Embedding(10000, 300)
emb_pad = nn.Embedding(1000, 64, padding_idx=0)

# recurrent layers
lstm = nn.LSTM(300, 128, num_layers=2, batch_first=True)
gru = nn.GRU(input_size=64, hidden_size=64, batch_first=True)

# activations
relu = nn.ReLU()
relu_ip = nn.ReLU(inplace=True)
gelu = nn.GELU()
sig = nn.Sigmoid()
tanh = nn.Tanh()
lrelu = nn.LeakyReLU(0.2)
silu = nn.SiLU()
softmax = nn.Softmax(dim=-1)
logsoftmax = nn.LogSoftmax(dim=1)

# pooling
mp = nn.MaxPool2d(2)
mp2 = nn.MaxPool2d(kernel_size=3, stride=2, padding=1)
ap = nn.AvgPool2d(2, stride=2)
gap = nn.AdaptiveAvgPool2d((1, 1))
gap1 = nn.AdaptiveAvgPool2d(1)

# containers
body = nn.Sequential(
    nn.Conv2d(3, 16, 3, padding=1),
    nn.BatchNorm2d(16),
    nn.ReLU(inplace=True),
    nn.Flatten(),
)
blocks = nn.ModuleList([nn.Linear(32, 32) for _ in range(4)])
heads = nn.ModuleDict({"cls": nn.Linear(32, 10), "reg": nn.Linear(32, 1)})
skip = nn.Identity()
up = nn.Upsample(scale_factor=2, mode="nearest")
param = nn.Parameter(torch.zeros(1, 1, 64))

# Without padding, PyTorch's count_include_pad=True and Paddle's exclusive=True agree, ceil_mode's
# partial windows included: only a padded pool writes exclusive=False.
pool_ceil = nn.AvgPool1d(3, 3, ceil_mode=True)
pool_pad = nn.AvgPool2d(3, padding=1)
