# Thread and CPU counts: Paddle reads them from the environment, so the converted file needs
# `import os`, added once where `import paddle` goes, and not again when the file has it.
import os
import torch

torch.set_num_threads(4)
torch.set_num_threads("8")
torch.set_num_threads(args.threads)
torch.set_num_interop_threads(2)
threads = torch.get_num_threads()
interop = torch.get_num_interop_threads()
workers = torch.multiprocessing.cpu_count() // 2
x = torch.zeros(2, workers)
# As a value the setter cannot be an assignment: reported.
ok = torch.set_num_threads(2) or True
