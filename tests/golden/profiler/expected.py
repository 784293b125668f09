# torch.profiler: profile -> paddle.profiler.Profiler (activities= -> targets=, schedule= ->
# scheduler=), schedule -> make_scheduler, and the devices of ProfilerActivity -> ProfilerTarget
# (CUDA is GPU), tensorboard_trace_handler -> export_chrome_tracing (both write Chrome trace JSON
# files into the folder). Paddle has no ProfilerTarget for XPU and writes no gzip: reported.
import paddle
import torch
from torch.profiler import ProfilerActivity


def train_steps(model, batches):
    with paddle.profiler.Profiler(
        targets=[paddle.profiler.ProfilerTarget.CPU, paddle.profiler.ProfilerTarget.GPU],
        scheduler=paddle.profiler.make_scheduler(closed=1, ready=1, record=2),
    ) as prof:
        for batch in batches:
            model(batch)
            prof.step()


def cpu_only(model, x):
    with paddle.profiler.Profiler(targets=[paddle.profiler.ProfilerTarget.CPU], scheduler=paddle.profiler.make_scheduler(closed=0, ready=0, record=1)):
        return model(x)


def traced(model, x):
    with paddle.profiler.Profiler(targets=[paddle.profiler.ProfilerTarget.CPU], on_trace_ready=paddle.profiler.export_chrome_tracing("./log", worker_name="w0")):
        return model(x)


def traced_gzip(model, x):
    # TODO(torch2paddle): torch.profiler.tensorboard_trace_handler: argument 'use_gzip' of torch.profiler.tensorboard_trace_handler cannot be converted (Paddle's export_chrome_tracing writes no gzip: write uncompressed traces, or compress the files afterwards)
    # TODO(torch2paddle): torch.profiler.ProfilerActivity.XPU has no Paddle equivalent yet
    with paddle.profiler.Profiler(targets=[ProfilerActivity.XPU], on_trace_ready=torch.profiler.tensorboard_trace_handler("./log", use_gzip=True)):
        return model(x)
