import torch
# torch.histogram returns (hist, bin_edges) in the input dtype; Paddle splits it in two calls.
x = torch.tensor([1., 2, 1])
hist, bin_edges = torch.histogram(x, bins=5)
hist, bin_edges = torch.histogram(x, 5, range=(0., 3.), density=True)
h = x.histogram(4, range=r, weight=w)
h = x.histogram(edges)  # bins may be a tensor of edges: reported
h = torch.histogram(x + 1, 5)
