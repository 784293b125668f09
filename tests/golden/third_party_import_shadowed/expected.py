# A function whose own name binds a module the Paddle form needs (a parameter `os`, a local
# `logging`) reports the call there; the rest of the file converts and imports the module.
import logging
import os
import torch
import transformers


def configure(os):
    # TODO(torch2paddle): torch.set_num_threads: the Paddle form names the module os, but this file binds os to something else
    torch.set_num_threads(2)
    return os


def make_logger(name):
    # TODO(torch2paddle): transformers.logging has no Paddle equivalent yet
    logging = transformers.logging
    # TODO(torch2paddle): transformers.logging.get_logger: the Paddle form names the module logging, but this file binds logging to something else
    return transformers.logging.get_logger(name), logging


os.environ['OMP_NUM_THREADS'] = '4'
logger = logging.getLogger(__name__)
