# A template that names a module the file binds to something else is reported, not converted:
# `os` is a variable here, and `logging` stays transformers' logging module (one use is left).
import paddle
import torch
from transformers import logging

os = get_operating_system()
# TODO(torch2paddle): torch.set_num_threads: the Paddle form names the module os, but this file binds os to something else
torch.set_num_threads(4)
# TODO(torch2paddle): torch.multiprocessing.cpu_count: the Paddle form names the module os, but this file binds os to something else
workers = torch.multiprocessing.cpu_count()
# TODO(torch2paddle): transformers.logging.get_logger: the Paddle form names the module logging, but this file binds logging to something else
logger = logging.get_logger(__name__)
# TODO(torch2paddle): transformers.logging.set_verbosity_info has no Paddle equivalent yet
logging.set_verbosity_info()
y = paddle.ones([3])
