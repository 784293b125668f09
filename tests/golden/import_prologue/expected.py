#!/usr/bin/env python
# -*- coding: utf-8 -*-
"""torch is imported inside functions only: `import paddle` goes after the shebang, the coding
cookie and the docstring, above the first statement (here a `try:` holding an import)."""
import paddle
try:
    import numpy as np
except ImportError:  # optional dependency
    np = None


def zeros(n):
    return paddle.zeros([n])
