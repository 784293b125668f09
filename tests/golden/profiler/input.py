# torch.profiler: profile -> paddle.profiler.Profiler (activities= -> targets=, schedule= ->
# scheduler=), schedule -> make_scheduler, and the devices of ProfilerActivity -> ProfilerTarget
# (CUDA is GPU), tensorboard_trace_handler -> export_chrome_tracing (both write Chrome trace JSON
# files into the folder). Paddle has no ProfilerTarget for XPU and writes no gzip: reported.
import torch
from torch.profiler import ProfilerActivity, profile, schedule


def train_steps(model, batches):
    with torch.profiler.profile(
        activities=[torch.profiler.ProfilerActivity.CPU, torch.profiler.ProfilerActivity.CUDA],
        schedule=torch.profiler.schedule(wait=1, warmup=1, active=2),
    ) as prof:
        for batch in batches:
            model(batch)
            prof.step()


def cpu_only(model, x):
    with profile(activities=[ProfilerActivity.CPU], schedule=schedule(wait=0, warmup=0, active=1)):
        return model(x)


def traced(model, x):
    with profile(activities=[ProfilerActivity.CPU], on_trace_ready=torch.profiler.tensorboard_trace_handler("./log", worker_name="w0")):
        return model(x)


def traced_gzip(model, x):
    with profile(activities=[ProfilerActivity.XPU], on_trace_ready=torch.profiler.tensorboard_trace_handler("./log", use_gzip=True)):
        return model(x)
