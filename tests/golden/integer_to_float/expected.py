# PyTorch computes an integer tensor in the default float dtype where its unary float functions
# take one (`torch.arange(1, n + 1).sqrt()`); Paddle's kernels take floats only, so the input is
# cast first. Integer tensors: torch.arange of int bounds, randperm, randint, argmax, .long(),
# and +, -, *, //, % of those with ints. A dtype= or a float bound makes no integer tensor.
import paddle


def smooth_embedding(weight, num_embeddings: int, d_model: int, half: int):
    weight = weight / paddle.arange(1, num_embeddings + 1).astype(paddle.get_default_dtype()).sqrt()[:, None]
    idx = paddle.arange(0, d_model, 2)
    freqs = paddle.exp((-idx * 4 // d_model).astype(paddle.get_default_dtype()))
    ramp = paddle.log1p(paddle.arange(half).astype(paddle.get_default_dtype()))
    ranks = paddle.randperm(num_embeddings).astype(paddle.get_default_dtype()).sigmoid()
    floats = paddle.arange(0.5, num_embeddings).sqrt()
    typed = paddle.arange(num_embeddings, dtype=paddle.float64).sqrt()
    return weight, freqs, ramp, ranks, floats, typed


def every_function(scores: paddle.Tensor, n: int):
    order = scores.argsort()
    low = scores.argmin()
    ramp = paddle.arange(n)
    return (order.astype(paddle.get_default_dtype()).cos(), order.astype(paddle.get_default_dtype()).sin(), order.astype(paddle.get_default_dtype()).tanh(), low.astype(paddle.get_default_dtype()).log10(), low.astype(paddle.get_default_dtype()).log1p(), low.astype(paddle.get_default_dtype()).log2(), ramp.astype(paddle.get_default_dtype()).rsqrt(),
            paddle.log10(ramp.astype(paddle.get_default_dtype())), paddle.nn.functional.tanh((ramp + 1).astype(paddle.get_default_dtype())))


def equalize(img_chan, labels):
    # bincount counts any integer dtype in PyTorch (a uint8 image); Paddle's, int32 and int64.
    hist = paddle.bincount((img_chan.view([-1])).astype('int64'), minlength=256)
    return hist, paddle.bincount(labels.astype('int64'), minlength=3)
