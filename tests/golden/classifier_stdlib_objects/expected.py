# Objects the standard library makes (a logger, a compiled pattern, an argument parser, a listing,
# a path) are no tensors: `logger.log(...)` and `pattern.sub(...)` are theirs, whatever tensors
# have of the name.
import argparse
import os
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


def listing(root):
    # os.listdir gives a list: `names.sort()` is list.sort, `path.split(...)` str.split.
    names = os.listdir(root)
    names.sort()
    path = os.path.join(root, names[0])
    return path.split(os.sep)
