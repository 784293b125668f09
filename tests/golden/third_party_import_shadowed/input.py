# A function whose own name binds a module the Paddle form needs (a parameter `os`, a local
# `logging`) reports the call there; the rest of the file converts and imports the module.
import torch
import transformers


def configure(os):
    torch.set_num_threads(2)
    return os


def make_logger(name):
    logging = transformers.logging
    return transformers.logging.get_logger(name), logging


torch.set_num_interop_threads(4)
logger = transformers.logging.get_logger(__name__)
