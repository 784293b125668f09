# Objects the standard library makes (a logger, a compiled pattern, an argument parser) are no
# tensors: `logger.log(...)` and `pattern.sub(...)` are theirs, whatever tensors have of the name.
import argparse
import logging
import re

import paddle

logger = logging.getLogger(__name__)
WHITESPACE = re.compile(r"\s+")
parser = argparse.ArgumentParser()


def normalize(x: paddle.Tensor, line):
    logger.log(logging.INFO, "normalizing")
    line = WHITESPACE.sub(" ", line)
    parser.add_argument("--scale", type=float)
    return x.log().abs(), line
