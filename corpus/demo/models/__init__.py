"""Model definitions for the demo project."""

# re-export the building blocks so callers can write `from models import ...`
from .resnet_block import ResidualBlock, SqueezeExcite, TinyResNet

__all__ = ["ResidualBlock", "SqueezeExcite", "TinyResNet"]
