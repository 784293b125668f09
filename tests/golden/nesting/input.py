import torch
import torch.nn.functional as F

x = torch.randn(4, 8)
y = torch.randn(4, 8)

a = torch.cat([torch.zeros(2), x.view(-1)], dim=0)
b = torch.stack([torch.sum(x, dim=1), torch.mean(y, dim=1)], dim=1)
c = F.softmax(torch.matmul(x, y.t()) / torch.sqrt(torch.tensor(8.0)), dim=-1)
d = torch.cat([torch.cat([x, y], dim=1), torch.zeros(4, 16)], dim=0).sum(dim=0)
e = torch.where(torch.abs(x) > 1, torch.zeros_like(x), torch.clamp(x, min=-1, max=1))
f = F.relu(F.linear(x.unsqueeze(0).squeeze(0), torch.randn(2, 8))).argmax(dim=1).float().mean().item()
g = torch.argmax(torch.softmax(x, dim=1), dim=1)
h = x.view(x.size(0), -1).permute(1, 0).contiguous().view(-1).cpu().numpy()
k = torch.unsqueeze(torch.flatten(torch.transpose(x.reshape(2, 2, 8), 1, 2), 1), 0)
m = torch.exp(torch.log(torch.sigmoid(torch.tanh(x)) + 1e-8))
n = torch.sum(torch.pow(x - y, 2), dim=1).sqrt().mean()
