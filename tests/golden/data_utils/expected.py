import paddle
from torch.utils.data import DataLoader


class PairDataset(paddle.io.Dataset):
    def __init__(self, n):
        self.x = paddle.randn([n, 4])
        self.y = paddle.randint(0, 2, (n,))

    def __len__(self):
        return len(self.x)

    def __getitem__(self, i):
        return self.x[i], self.y[i]


ds = PairDataset(100)
tds = paddle.io.TensorDataset([paddle.randn([50, 4]), paddle.zeros([50])])
train_ds, val_ds = paddle.io.random_split(ds, [80, 20])
sub = paddle.io.Subset(ds, list(range(10)))
both = paddle.io.ConcatDataset([ds, tds])

loader = paddle.io.DataLoader(train_ds, batch_size=16, shuffle=True, num_workers=2, drop_last=True)
val_loader = paddle.io.DataLoader(val_ds, batch_size=32, shuffle=False)
plain = paddle.io.DataLoader(tds, batch_size=8)
sampler = paddle.io.RandomSampler(ds)
seq_sampler = paddle.io.SequenceSampler(ds)
# TODO(torch2paddle): torch.utils.data.DataLoader: argument 'sampler' of torch.utils.data.DataLoader cannot be converted (no_counterpart)
sampled = DataLoader(ds, batch_size=4, sampler=sampler)

for xb, yb in loader:
    print(xb.shape, yb.shape)
