# Thread and CPU counts: Paddle reads them from the environment, so the converted file needs
# `import os`, added once where `import paddle` goes, and not again when the file has it.
import os
import paddle
import torch

os.environ['CPU_NUM'] = '4'
os.environ['CPU_NUM'] = "8"
os.environ['CPU_NUM'] = str(args.threads)
os.environ['OMP_NUM_THREADS'] = '2'
threads = int(os.environ.get('CPU_NUM', os.cpu_count()))
interop = int(os.environ.get('OMP_NUM_THREADS', os.cpu_count()))
workers = os.cpu_count() // 2
x = paddle.zeros([2, workers])
# As a value the setter cannot be an assignment: reported.
# TODO(torch2paddle): torch.set_num_threads: Paddle sets the thread count in the environment, a statement: use torch.set_num_threads as a statement of its own
ok = torch.set_num_threads(2) or True
