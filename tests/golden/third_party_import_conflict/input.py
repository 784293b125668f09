# A template that names a module the file binds to something else is reported, not converted:
# `os` is a variable here, and `logging` stays transformers' logging module (one use is left).
import torch
from transformers import logging

os = get_operating_system()
torch.set_num_threads(4)
workers = torch.multiprocessing.cpu_count()
logger = logging.get_logger(__name__)
logging.set_verbosity_info()
y = torch.ones(3)
