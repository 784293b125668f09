"""Where the imports the converted code needs go when torch is imported inside functions only:
at module level, after the `from __future__` imports (which must come first), so that every
function sees them; an import sharing its line goes with its `;`."""
from __future__ import annotations
import os
import paddle


def threads():
    os.environ['CPU_NUM'] = '2'
    return paddle.zeros([2])


def counts():
    n = 1
    return os.cpu_count() * n
