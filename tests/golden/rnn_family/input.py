import torch
import torch.nn as nn


class Dec(nn.Module):
    def __init__(self):
        super().__init__()
        self.cell = nn.LSTMCell(4, 8)
        self.gru = nn.GRUCell(4, 8, bias=False)

    def forward(self, x, h, c):
        h, c = self.cell(x, (h, c))
        g = self.gru(x, h)
        return h, c, g


rnn = torch.nn.RNNCell(2, 2)
result = rnn(inp, h0)
y = rnn(inp) + 1

gru = nn.GRU(16, 32)
lstm = nn.LSTM(16, 32, 2, True, True, bidirectional=True)
srnn = nn.RNN(16, 32, bias=False, batch_first=False, bidirectional=False)
# batch_first held in a variable: its truth chooses the value, `time_major=not batch_first`.
gru2 = nn.GRU(16, 32, batch_first=batch_first)
norm1 = nn.InstanceNorm1d(8)
norm2 = nn.InstanceNorm2d(8, affine=True, momentum=0.2)
norm3 = nn.InstanceNorm3d(8, eps=1e-3, affine=False)
sync = nn.SyncBatchNorm(8, momentum=0.2, affine=False)
