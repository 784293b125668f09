import paddle
# torch.histogram returns (hist, bin_edges) in the input dtype; Paddle splits it in two calls.
x = paddle.to_tensor([1., 2, 1])
hist, bin_edges = (paddle.histogram(x, bins=5).cast(x.dtype), paddle.histogram_bin_edges(x, bins=5).cast(x.dtype))
hist, bin_edges = (paddle.histogram(x, bins=5, min=0., max=3., density=True).cast(x.dtype), paddle.histogram_bin_edges(x, bins=5, min=0., max=3.).cast(x.dtype))
h = (paddle.histogram(x, bins=4, min=r[0], max=r[1], weight=w).cast(x.dtype), paddle.histogram_bin_edges(x, bins=4, min=r[0], max=r[1]).cast(x.dtype))
# TODO(torch2paddle): torch.Tensor.histogram: histogram with bins that may be a tensor of bin edges (Paddle takes a number of bins), or with out=, needs a rewrite by hand
h = x.histogram(edges)  # bins may be a tensor of edges: reported
h = (paddle.histogram(x + 1, bins=5).cast((x + 1).dtype), paddle.histogram_bin_edges(x + 1, bins=5).cast((x + 1).dtype))
