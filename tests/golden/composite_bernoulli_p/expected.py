# Tensor.bernoulli_(p): a number p fills a tensor of the receiver's shape; a tensor p is broadcast to
# it; a p of unknown kind (a parameter without annotation) goes through paddle.to_tensor, right for both.
import paddle


def resample(x: paddle.Tensor, probs: paddle.Tensor, p):
    paddle.assign(paddle.bernoulli(paddle.full_like(x, 0.25)), x)
    paddle.assign(paddle.bernoulli(paddle.broadcast_to(probs, x.shape)), x)
    paddle.assign(paddle.bernoulli(paddle.broadcast_to(paddle.to_tensor(p, dtype=x.dtype), x.shape)), x)
    paddle.assign(paddle.bernoulli(paddle.broadcast_to(paddle.to_tensor(p, dtype=x.dtype), x.shape)), x)
    return x
