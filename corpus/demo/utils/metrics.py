"""Evaluation metrics implemented with plain tensor math."""

import math

import torch
import torch.nn.functional as F


def topk_accuracy(logits, targets, ks=(1, 5)):
    """Return a list with the top-k accuracy (in percent) for every k."""
    max_k = min(max(ks), logits.size(1))
    _, pred = torch.topk(logits, max_k, dim=1, largest=True, sorted=True)
    pred = pred.t()  # (k, N)
    correct = pred.eq(targets.view(1, -1).expand_as(pred))
    results = []
    for k in ks:
        k = min(k, max_k)
        hits = correct[:k].reshape(-1).float().sum(0)
        results.append(hits.mul_(100.0 / targets.size(0)).item())
    return results


def confusion_matrix(logits, targets, num_classes):
    """Dense confusion matrix, rows = ground truth, columns = prediction."""
    _, pred = torch.max(logits, dim=1)
    cm = torch.zeros(num_classes, num_classes, dtype=torch.long)
    # flat index trick: row * C + col, then bincount
    idx = targets * num_classes + pred
    cm += torch.bincount(idx, minlength=num_classes ** 2).view(num_classes, num_classes)
    return cm


def per_class_recall(cm):
    tp = torch.diag(cm).float()
    support = torch.sum(cm, dim=1).float()
    # avoid 0/0 for classes that never appear
    return torch.where(support > 0, tp / support.clamp(min=1), torch.zeros_like(tp))


def stable_softmax(x, dim=-1):
    """Softmax written out by hand; should match F.softmax."""
    shifted = x - x.max(dim=dim, keepdim=True)[0]
    e = torch.exp(shifted)
    return e / e.sum(dim=dim, keepdim=True)


def entropy(logits, eps=1e-8):
    """Predictive entropy per sample, in nats."""
    probs = F.softmax(logits, dim=1)
    probs = torch.clamp(probs, eps, 1.0)
    return -(probs * torch.log(probs)).sum(dim=1)


def expected_calibration_error(logits, targets, n_bins=15):
    """ECE with equal-width confidence bins."""
    probs = torch.softmax(logits, dim=1)
    confidences, predictions = torch.max(probs, 1)
    accuracies = predictions.eq(targets)
    bin_edges = torch.linspace(0, 1, n_bins + 1)
    ece = torch.zeros(1)
    for lo, hi in zip(bin_edges[:-1], bin_edges[1:]):
        in_bin = (confidences > lo) & (confidences <= hi)
        frac = in_bin.float().mean()
        if frac.item() > 0:
            acc_bin = accuracies[in_bin].float().mean()
            conf_bin = confidences[in_bin].mean()
            ece += torch.abs(conf_bin - acc_bin) * frac
    return ece.item()


def log_sum_exp(x, dim=1):
    m, _ = torch.max(x, dim=dim, keepdim=True)
    return (m + torch.log(torch.sum(torch.exp(x - m), dim=dim, keepdim=True))).squeeze(dim)


def perplexity(mean_nll):
    """Python float in, python float out -- math.exp, not torch.exp."""
    return math.exp(mean_nll)


class RunningAverage:
    """Keeps a running mean of python floats (e.g. loss.item())."""

    def __init__(self):
        self.total = 0.0
        self.count = 0

    def update(self, value, n=1):
        self.total += value * n
        self.count += n

    @property
    def avg(self):
        return self.total / max(self.count, 1)


if __name__ == "__main__":
    torch.manual_seed(0)
    logits = torch.randn(8, 10)
    targets = torch.randint(0, 10, (8,))
    print("top1/top5:", topk_accuracy(logits, targets))
    cm = confusion_matrix(logits, targets, 10)
    print("recall:", per_class_recall(cm))
    print("max diff:", (stable_softmax(logits) - F.softmax(logits, dim=-1)).abs().max().item())
    print("entropy:", entropy(logits).mean().item())
    print("ece:", expected_calibration_error(logits, targets))
