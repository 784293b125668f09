# APIs the docs lack that PaConvert's tables map plainly (knowledge_graph/paconvert/, reviewed in
# mappings/paconvert_decisions.jsonl): distributions, devices, streams, sparse conversion.
import torch
import torch.distributed as dist
from torch.distributions.binomial import Binomial
from torch.distributions.distribution import Distribution
from torch.distributions.continuous_bernoulli import ContinuousBernoulli
from torch.distributions.exponential import Exponential
from torch.distributions.multivariate_normal import MultivariateNormal


def sample_noise(probs, rate, loc, cov):
    coin = Binomial(10, probs)
    ones = Binomial(probs=probs)  # PyTorch's total_count=1 is passed on
    cb = ContinuousBernoulli(probs, validate_args=False)
    wait = Exponential(rate)
    mvn = MultivariateNormal(loc, covariance_matrix=cov)
    return coin, ones, cb, wait, mvn


class Jitter(Distribution):
    """A user distribution: the methods it inherits convert on self."""

    def perturb(self, x):
        eps = self.rsample(sample_shape=(2,))
        return x + eps, self.log_prob(eps), self.sample([1])


def sync_all(stream):
    if dist.is_available():
        dist.monitored_barrier(timeout=None, wait_all_ranks=True)
    with torch.cuda.StreamContext(stream):
        pass
    torch.cuda.reset_max_memory_cached()
    with torch.autograd.grad_mode.set_grad_enabled(False):
        pass
    return torch.get_default_device()


def to_csr(dense: torch.Tensor):
    return dense.to_sparse_csr()
