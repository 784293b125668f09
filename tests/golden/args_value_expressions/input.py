# Value tables (`value_map`) with an expression value: the True and False entries chosen by its
# truth, the value written once.
import torch.nn as nn


class Block(nn.Module):
    def __init__(self, config):
        super().__init__()
        self.fc = nn.Linear(config.n_embd, 4 * config.n_embd, bias=config.bias)
        self.proj = nn.Linear(4, 4, self.use_bias(config))
        self.conv = nn.Conv2d(3, 8, 3, bias=not config.no_bias)
        self.rnn = nn.LSTM(8, 8, batch_first=config.batch_first)
        self.literal = nn.Linear(4, 4, bias=False)
        # negative: a value the table does not list and that is a literal
        self.odd = nn.Linear(4, 4, bias=1)
        # negative: `False` also sets a second Paddle argument
        self.gru = nn.GRU(8, 8, bias=config.bias)

    def use_bias(self, config):
        return config.bias
