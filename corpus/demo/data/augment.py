"""Tensor-level data augmentation for (C, H, W) image batches."""

import random

import torch


def random_hflip(images, p=0.5):
    """Flip each image in the batch horizontally with probability p."""
    mask = torch.rand(images.size(0)) < p
    flipped = torch.flip(images, dims=[3])
    return torch.where(mask.view(-1, 1, 1, 1), flipped, images)


def random_crop(image, size, padding=4):
    """Zero-pad a single (C, H, W) image and crop it back to `size`."""
    c, h, w = image.shape
    padded = torch.zeros(c, h + 2 * padding, w + 2 * padding, dtype=image.dtype)
    padded[:, padding:padding + h, padding:padding + w] = image
    top = random.randint(0, 2 * padding)
    left = random.randint(0, 2 * padding)
    return padded[:, top:top + size, left:left + size]


def cutout(image, length=8):
    """Mask out a random square patch with zeros."""
    _, h, w = image.shape
    mask = torch.ones(h, w, dtype=torch.float32)
    y = random.randrange(h)
    x = random.randrange(w)
    mask[max(0, y - length // 2):y + length // 2,
         max(0, x - length // 2):x + length // 2] = 0.0
    return image * mask.unsqueeze(0)


def mixup(images, labels, num_classes, alpha=0.2):
    """Mixup with soft one-hot targets."""
    lam = float(torch.distributions.Beta(alpha, alpha).sample())
    perm = torch.randperm(images.size(0))
    mixed = lam * images + (1 - lam) * images[perm]
    one_hot = torch.zeros(labels.size(0), num_classes).scatter_(1, labels.long().unsqueeze(1), 1.0)
    soft = lam * one_hot + (1 - lam) * one_hot[perm]
    return mixed, soft


def make_grid_coords(h, w):
    """Normalized (y, x) coordinates in [-1, 1], stacked as (2, H, W)."""
    ys = torch.linspace(-1.0, 1.0, h)
    xs = torch.linspace(-1.0, 1.0, w)
    grid_y = ys.view(h, 1).expand(h, w)
    grid_x = xs.view(1, w).expand(h, w)
    return torch.stack([grid_y, grid_x], dim=0)


def positional_channel(h, w):
    # a simple ramp 0..h*w-1 reshaped to the image
    ramp = torch.arange(h * w, dtype=torch.float32)
    return (ramp / (h * w - 1)).reshape(1, h, w)


def label_smoothing_targets(labels, num_classes, eps=0.1):
    targets = torch.full((labels.size(0), num_classes), eps / (num_classes - 1))
    targets.scatter_(1, labels.unsqueeze(1), 1.0 - eps)
    return targets


def gaussian_noise(images, std=0.05):
    noise = torch.randn(*images.shape) * std
    return images + noise


class Compose:
    """Chain several callables together (like torchvision's Compose)."""

    def __init__(self, transforms):
        self.transforms = list(transforms)

    def __call__(self, x):
        for t in self.transforms:
            x = t(x)
        return x


def to_device_batch(images, labels, use_cuda=False):
    """Cast and optionally move a batch to the GPU."""
    images = images.float()
    labels = labels.long()
    if use_cuda and torch.cuda.is_available():
        images = images.cuda()
        labels = labels.cuda(non_blocking=True)
    return images, labels


if __name__ == "__main__":
    torch.manual_seed(1)
    batch = torch.randn(4, 3, 32, 32)
    labels = torch.randint(0, 10, (4,), dtype=torch.long)
    pipeline = Compose([
        lambda img: random_crop(img, 32),
        cutout,
    ])
    out = torch.stack([pipeline(img) for img in random_hflip(batch)])
    print(out.shape, make_grid_coords(4, 5).shape, positional_channel(2, 3))
    mixed, soft = mixup(out, labels, num_classes=10)
    print(mixed.dtype, soft.sum(dim=1))
    print(label_smoothing_targets(labels, 10)[0])
    print(gaussian_noise(torch.ones(2, 3)).shape)
    x, y = to_device_batch(torch.zeros(2, 3, dtype=torch.float64), torch.zeros(2, dtype=torch.int32))
    print(x.dtype, y.dtype)
