import torch  # no output file for this one
