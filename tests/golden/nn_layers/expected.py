import paddle

# dense and convolution layers
fc = paddle.nn.Linear(128, 64)
fc_nobias = paddle.nn.Linear(64, 10, bias_attr=False)
conv1d = paddle.nn.Conv1D(16, 32, kernel_size=3, padding=1)
conv = paddle.nn.Conv2D(3, 64, 3, stride=2, padding=1)
conv_nb = paddle.nn.Conv2D(64, 128, kernel_size=(3, 3), padding=1, bias_attr=False)
deconv = paddle.nn.Conv2DTranspose(128, 64, kernel_size=2, stride=2)
deconv1d = paddle.nn.Conv1DTranspose(32, 16, 4, stride=2, padding=1)
conv3d = paddle.nn.Conv3D(1, 8, kernel_size=3, padding=1, bias_attr=False)
deconv3d = paddle.nn.Conv3DTranspose(8, 4, kernel_size=2, stride=2)

# normalization
bn1 = paddle.nn.BatchNorm1D(64)
bn2 = paddle.nn.BatchNorm2D(128, momentum=1 - 0.1, epsilon=1e-5)
ln = paddle.nn.LayerNorm(256)
ln2 = paddle.nn.LayerNorm([16, 16], epsilon=1e-6)
gn = paddle.nn.GroupNorm(8, 64)
bn3 = paddle.nn.BatchNorm3D(8, momentum=1 - 0.01)

# regularization and embeddings
drop = paddle.nn.Dropout(0.5)
drop2 = paddle.nn.Dropout(p=0.1)
emb = paddle.nn.Embedding(10000, 300)
emb_pad = paddle.nn.Embedding(1000, 64, padding_idx=0)

# recurrent layers
lstm = paddle.nn.LSTM(300, 128, num_layers=2, time_major=False)
gru = paddle.nn.GRU(input_size=64, hidden_size=64, time_major=False)

# activations
relu = paddle.nn.ReLU()
relu_ip = paddle.nn.ReLU()
gelu = paddle.nn.GELU()
sig = paddle.nn.Sigmoid()
tanh = paddle.nn.Tanh()
lrelu = paddle.nn.LeakyReLU(0.2)
silu = paddle.nn.Silu()
softmax = paddle.nn.Softmax(axis=-1)
logsoftmax = paddle.nn.LogSoftmax(axis=1)

# pooling
mp = paddle.nn.MaxPool2D(2)
mp2 = paddle.nn.MaxPool2D(kernel_size=3, stride=2, padding=1)
ap = paddle.nn.AvgPool2D(2, stride=2)
gap = paddle.nn.AdaptiveAvgPool2D((1, 1))
gap1 = paddle.nn.AdaptiveAvgPool2D(1)

# containers
body = paddle.nn.Sequential(
    paddle.nn.Conv2D(3, 16, 3, padding=1),
    paddle.nn.BatchNorm2D(16),
    paddle.nn.ReLU(),
    paddle.nn.Flatten(),
)
blocks = paddle.nn.LayerList([paddle.nn.Linear(32, 32) for _ in range(4)])
heads = paddle.nn.LayerDict({"cls": paddle.nn.Linear(32, 10), "reg": paddle.nn.Linear(32, 1)})
skip = paddle.nn.Identity()
up = paddle.nn.Upsample(scale_factor=2, mode="nearest")
param = paddle.base.framework.EagerParamBase.from_tensor(paddle.zeros([1, 1, 64]))

# Without padding, PyTorch's count_include_pad=True and Paddle's exclusive=True agree, ceil_mode's
# partial windows included: only a padded pool writes exclusive=False.
pool_ceil = paddle.nn.AvgPool1D(3, 3, ceil_mode=True)
pool_pad = paddle.nn.AvgPool2D(3, padding=1, exclusive=False)
