import paddle


class Dec(paddle.nn.Layer):
    def __init__(self):
        super().__init__()
        self.cell = paddle.nn.LSTMCell(4, 8)
        self.gru = paddle.nn.GRUCell(4, 8, bias_ih_attr=False, bias_hh_attr=False)

    def forward(self, x, h, c):
        h, c = self.cell(x, (h, c))[1]
        g = self.gru(x, h)[0]
        return h, c, g


rnn = paddle.nn.SimpleRNNCell(2, 2)
result = rnn(inp, h0)[0]
y = rnn(inp)[0] + 1

gru = paddle.nn.GRU(16, 32, time_major=True)
lstm = paddle.nn.LSTM(16, 32, 2, time_major=False, direction='bidirectional')
srnn = paddle.nn.SimpleRNN(16, 32, bias_ih_attr=False, bias_hh_attr=False, time_major=True, direction='forward')
# batch_first held in a variable: its truth chooses the value, `time_major=not batch_first`.
gru2 = paddle.nn.GRU(16, 32, time_major=not batch_first)
norm1 = paddle.nn.InstanceNorm1D(8, weight_attr=False, bias_attr=False)
norm2 = paddle.nn.InstanceNorm2D(8, momentum=1 - 0.2)
norm3 = paddle.nn.InstanceNorm3D(8, epsilon=1e-3, weight_attr=False, bias_attr=False)
sync = paddle.nn.SyncBatchNorm(8, momentum=1 - 0.2, weight_attr=False, bias_attr=False)
