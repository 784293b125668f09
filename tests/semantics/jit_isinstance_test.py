"""The Python checks torch2paddle writes for torch.jit.isinstance (the {typecheck:...} placeholder)
decide as torch.jit.isinstance itself does in eager mode, on every pair of a set of types and
values. Runs under Debian's python3 with torch.

    jit_isinstance_test.py BINARY
"""
import os
import re
import subprocess
import sys
import tempfile
import warnings
from typing import Dict, List, Optional, Tuple, Union  # noqa: F401 (the types are eval'd)

import torch

TYPES = [
    "List[str]", "List[int]", "List[List[str]]", "Dict[str, Tensor]", "Dict[str, List[int]]",
    "Tuple[int, str]", "Tuple[Tensor]", "Optional[List[int]]", "Optional[int]", "Union[int, None]",
    "Union[str, List[str]]", "Union[List[int], str]", "Optional[Dict[str, int]]", "(int, List[float])",
    "List[Optional[int]]", "Tuple[List[int], Optional[str]]",
]
VALUES = [
    None, [], ["a"], ["a", 1], [["a"]], [["a", 2]], [[]], {}, {"a": torch.zeros(1)}, {"a": 1},
    {1: torch.zeros(1)}, {"a": [1, 2]}, {"a": [1, "b"]}, (1, "a"), (1, 2), (1,), (torch.zeros(1),),
    3, [1, 2], [1.0], [None, 1], "s", True, torch.zeros(2),
]


def main():
    binary = sys.argv[1]
    source = ["from typing import Dict, List, Optional, Tuple, Union", "import torch",
              "from torch import Tensor", "", "def check(x):"]
    for i, t in enumerate(TYPES):
        source.append(f"    r{i} = torch.jit.isinstance(x, {t})")
    with tempfile.TemporaryDirectory() as tmp:
        src, out = os.path.join(tmp, "in.py"), os.path.join(tmp, "out.py")
        with open(src, "w") as f:
            f.write("\n".join(source) + "\n")
        subprocess.run([binary, "convert", src, "-o", out], check=True, capture_output=True)
        converted = open(out).read()
    checks = re.findall(r"^    r(\d+) = (.*)$", converted, re.M)
    assert len(checks) == len(TYPES), converted
    Tensor = torch.Tensor  # the converted text says paddle.Tensor: torch's stands in here
    failures = 0
    for index, expression in checks:
        assert "torch" not in expression, expression
        t = TYPES[int(index)]
        check = eval("lambda x: " + expression.replace("paddle.Tensor", "Tensor"), {"Tensor": Tensor})
        for v in VALUES:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                expected = torch.jit.isinstance(v, eval(t))
            got = check(v)
            if got != expected:
                failures += 1
                print(f"{t} on {v!r}: torch says {expected}, the conversion {got}: {expression}")
    pairs = len(checks) * len(VALUES)
    print(f"jit.isinstance checks: {pairs - failures} of {pairs} type/value pairs decide as torch does")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
