# APIs the docs lack that PaConvert's tables map plainly (knowledge_graph/paconvert/, reviewed in
# mappings/paconvert_decisions.jsonl): distributions, devices, streams, sparse conversion.
import paddle


def sample_noise(probs, rate, loc, cov):
    coin = paddle.distribution.Binomial(10, probs)
    ones = paddle.distribution.Binomial(probs=probs, total_count=1)  # PyTorch's total_count=1 is passed on
    cb = paddle.distribution.ContinuousBernoulli(probs)
    wait = paddle.distribution.Exponential(rate)
    mvn = paddle.distribution.MultivariateNormal(loc, covariance_matrix=cov)
    return coin, ones, cb, wait, mvn


class Jitter(paddle.distribution.Distribution):
    """A user distribution: the methods it inherits convert on self."""

    def perturb(self, x):
        eps = self.rsample(shape=(2,))
        return x + eps, self.log_prob(eps), self.sample([1])


def sync_all(stream):
    if paddle.distributed.is_available():
        paddle.distributed.barrier()
    with paddle.device.stream_guard(stream):
        pass
    paddle.device.cuda.reset_max_memory_reserved()
    with paddle.set_grad_enabled(False):
        pass
    return paddle.device.get_device()


def to_csr(dense: paddle.Tensor):
    return dense.to_sparse_csr()
