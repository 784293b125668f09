import torch
from torch.utils.data import DataLoader, Dataset, TensorDataset, random_split
from torch.utils.data import Subset, ConcatDataset
import torch.utils.data as data


class PairDataset(Dataset):
    def __init__(self, n):
        self.x = torch.randn(n, 4)
        self.y = torch.randint(0, 2, (n,))

    def __len__(self):
        return len(self.x)

    def __getitem__(self, i):
        return self.x[i], self.y[i]


ds = PairDataset(100)
tds = TensorDataset(torch.randn(50, 4), torch.zeros(50))
train_ds, val_ds = random_split(ds, [80, 20])
sub = Subset(ds, list(range(10)))
both = ConcatDataset([ds, tds])

loader = DataLoader(train_ds, batch_size=16, shuffle=True, num_workers=2, drop_last=True)
val_loader = DataLoader(val_ds, batch_size=32, shuffle=False, pin_memory=True)
plain = data.DataLoader(tds, batch_size=8)
sampler = data.RandomSampler(ds)
seq_sampler = data.SequentialSampler(ds)
sampled = DataLoader(ds, batch_size=4, sampler=sampler)

for xb, yb in loader:
    print(xb.shape, yb.shape)
