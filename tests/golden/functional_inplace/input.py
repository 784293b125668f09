# inplace=True of a function writes the result into its input: Paddle's functions have no inplace,
# so the result is assigned into the input when that is a name; a computed input is a temporary.
import torch
import torch.nn as nn
import torch.nn.functional as F
import torchvision.transforms.functional as TF


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.bn = nn.BatchNorm2d(4)
        self.relu = nn.ReLU(inplace=True)
        self.inplace = True

    def forward(self, x: torch.Tensor, img):
        F.relu(x, inplace=True)
        F.leaky_relu(x, 0.1, True)
        y = F.relu(self.bn(x), inplace=True)
        F.dropout(x, 0.5, True, True)
        z = F.relu(x, inplace=False)
        F.hardtanh(self.bn.weight, inplace=True)
        F.relu(x[0], inplace=True)
        w = F.elu(x, inplace=self.inplace)
        TF.normalize(img, [0.5], [0.5], inplace=True)
        return self.relu(y) + z + w


def more(x: torch.Tensor, s: torch.Tensor, v: torch.Tensor, t: torch.Tensor):
    F.celu(x, 1.0, True)
    F.dropout1d(s, 0.5, True, True)  # whole channels: the mask spans N and C
    F.dropout2d(t, 0.5, True, True)
    F.dropout3d(v, 0.5, True, True)
    F.feature_alpha_dropout(t, 0.5, True, True)
    F.hardsigmoid(x, inplace=True)
    F.mish(x, inplace=True)
    F.relu6(x, inplace=True)
    F.selu(x, inplace=True)
    F.threshold(x, 0.1, 20.0, True)
    return x


drop = torch.nn.Dropout1d(0.2)  # reported: its input's rank picks the axes
