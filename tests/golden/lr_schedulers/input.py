# PyTorch's scheduler holds the optimizer; Paddle's optimizer holds the scheduler: the scheduler
# starts from the optimizer's learning rate and is then set on it.
import torch

model = torch.nn.Linear(4, 2)
opt = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
step = torch.optim.lr_scheduler.StepLR(opt, step_size=10, gamma=0.5)
multi = torch.optim.lr_scheduler.MultiStepLR(opt, milestones=[30, 80])
expo = torch.optim.lr_scheduler.ExponentialLR(opt, gamma=0.9)
cosine = torch.optim.lr_scheduler.CosineAnnealingLR(optimizer=opt, T_max=100, eta_min=1e-6)
restarts = torch.optim.lr_scheduler.CosineAnnealingWarmRestarts(opt, 10, T_mult=2)
warmup = torch.optim.lr_scheduler.LinearLR(opt, start_factor=0.1, total_iters=4)
plateau = torch.optim.lr_scheduler.ReduceLROnPlateau(opt, mode="max", patience=3, eps=1e-9)


class Trainer:
    def __init__(self, model):
        self.opt = torch.optim.Adam(model.parameters())
        # an attribute is a fine target too
        self.sched = torch.optim.lr_scheduler.StepLR(self.opt, 5)


inline = torch.optim.lr_scheduler.StepLR(torch.optim.SGD(model.parameters(), lr=0.1), 5)
for epoch in range(3):
    opt.step()
    step.step()
    plateau.step(0.5)
mult = torch.optim.lr_scheduler.MultiplicativeLR(opt, lambda epoch: 0.95)
per_group = torch.optim.lr_scheduler.LambdaLR(opt, [lambda e: 1.0, lambda e: 0.5])
# fuzzer finding: a chained assignment, a torch attribute as the target
cosine = torch.optim.lr_scheduler.Cosind = torch.optim.lr_scheduler.StepLR(opt, 5)
torch.optim.lr_scheduler.Cosind = torch.optim.lr_scheduler.StepLR(opt, 5)
