import paddle
import torch


def linear_algebra(x, a, b):
    # `x` is of unknown kind: attributes only tensors have convert, shared ones do not.
    h = x.transpose(perm=[1, 0]).conj()
    mt = (a @ b).transpose(perm=list(range((a @ b).ndim - 2)) + [(a @ b).ndim - 1, (a @ b).ndim - 2])
    mh = x.transpose(perm=list(range(x.ndim - 2)) + [x.ndim - 1, x.ndim - 2]).conj()
    adj = x.transpose(perm=list(range(x.ndim - 2)) + [x.ndim - 1, x.ndim - 2]).conj()
    adj2 = a.transpose(perm=list(range(a.ndim - 2)) + [a.ndim - 1, a.ndim - 2]).conj()
    dev = args.device
    g = args.grad
    return h, mt, mh, adj, adj2, dev, g


def in_place(x: paddle.Tensor, index, source, out):
    x.cast_(paddle.float64).pow_(2)
    x.scatter_(index, source)
    # TODO(torch2paddle): torch.Tensor.index_copy_: index_copy_ along a dimension other than a literal 0 needs a rewrite by hand
    x.index_copy_(dim, index, source)
    y = paddle.scatter(x, index, source)
    z = paddle.assign(paddle.slice(x, [0], [1], [1 + 2]))
    w = paddle.assign(paddle.slice(x, [1], [1], [1 + 4]))
    paddle.assign(paddle.pow(x.astype('float64'), 2), out)
    return y, z, w


def special(x):
    return paddle.exp(x ** 2) * (1.0 - paddle.erf(x)), 2 ** 0.5 * paddle.erfinv(2 * x - 1)


seed = paddle.get_rng_state()[0].current_seed()
seed2 = paddle.get_rng_state()[0].current_seed()
cuda_seed = paddle.get_cuda_rng_state()[0].current_seed()
has_cudnn = bool(paddle.device.get_cudnn_version())
gen = paddle.framework.core.default_cpu_generator()
cpu_gen = paddle.framework.core.default_cpu_generator()
# TODO(torch2paddle): torch.Generator: Paddle has one default generator per device; a CUDA generator needs a rewrite by hand
cuda_gen = torch.Generator(device='cuda')
cpu = 'cpu'
gpu = 'gpu'
# torch.Tensor(...) is float32 whatever the data; integer arguments are sizes.
t_data = paddle.to_tensor([1, 2, 3], place='cpu', dtype='float32')
t_size = paddle.empty([5], dtype='float32')
t_sizes = paddle.empty([2, 3], dtype='float32')
t_empty = paddle.empty([0], dtype='float32')
# A composite without a template stays reported.
# TODO(torch2paddle): torch.can_cast: needs a composite rewrite by hand
castable = torch.can_cast(paddle.int32, paddle.float32)
