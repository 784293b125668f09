# Value tables (`value_map`) with an expression value: the True and False entries chosen by its
# truth, the value written once.
import paddle
import torch.nn as nn


class Block(paddle.nn.Layer):
    def __init__(self, config):
        super().__init__()
        self.fc = paddle.nn.Linear(config.n_embd, 4 * config.n_embd, bias_attr=None if config.bias else False)
        self.proj = paddle.nn.Linear(4, 4, bias_attr=None if self.use_bias(config) else False)
        self.conv = paddle.nn.Conv2D(3, 8, 3, bias_attr=None if (not config.no_bias) else False)
        self.rnn = paddle.nn.LSTM(8, 8, time_major=not config.batch_first)
        self.literal = paddle.nn.Linear(4, 4, bias_attr=False)
        # negative: a value the table does not list and that is a literal
        # TODO(torch2paddle): torch.nn.Linear: argument 'bias=1' of torch.nn.Linear has no Paddle equivalent value
        self.odd = nn.Linear(4, 4, bias=1)
        # negative: `False` also sets a second Paddle argument
        # TODO(torch2paddle): torch.nn.GRU: argument 'bias' of torch.nn.GRU sets further Paddle arguments for some values; a value that is not True or False needs a rewrite by hand
        self.gru = nn.GRU(8, 8, bias=config.bias)

    def use_bias(self, config):
        return config.bias
