# PyTorch's scheduler holds the optimizer; Paddle's optimizer holds the scheduler: the scheduler
# starts from the optimizer's learning rate and is then set on it.
import paddle
import torch

model = paddle.nn.Linear(4, 2)
opt = paddle.optimizer.Momentum(parameters=model.parameters(), learning_rate=0.1, momentum=0.9)
step = paddle.optimizer.lr.StepDecay(learning_rate=opt.get_lr(), step_size=10, gamma=0.5)
opt.set_lr_scheduler(step)
multi = paddle.optimizer.lr.MultiStepDecay(learning_rate=opt.get_lr(), milestones=[30, 80])
opt.set_lr_scheduler(multi)
expo = paddle.optimizer.lr.ExponentialDecay(learning_rate=opt.get_lr(), gamma=0.9)
opt.set_lr_scheduler(expo)
cosine = paddle.optimizer.lr.CosineAnnealingDecay(learning_rate=opt.get_lr(), T_max=100, eta_min=1e-6)
opt.set_lr_scheduler(cosine)
restarts = paddle.optimizer.lr.CosineAnnealingWarmRestarts(learning_rate=opt.get_lr(), T_0=10, T_mult=2)
opt.set_lr_scheduler(restarts)
warmup = paddle.optimizer.lr.LinearLR(learning_rate=opt.get_lr(), total_steps=4, start_factor=0.1)
opt.set_lr_scheduler(warmup)
plateau = paddle.optimizer.lr.ReduceOnPlateau(learning_rate=opt.get_lr(), mode="max", patience=3, epsilon=1e-9)
opt.set_lr_scheduler(plateau)


class Trainer:
    def __init__(self, model):
        self.opt = paddle.optimizer.Adam(parameters=model.parameters(), weight_decay=0)
        # an attribute is a fine target too
        self.sched = paddle.optimizer.lr.StepDecay(learning_rate=self.opt.get_lr(), step_size=5)
        self.opt.set_lr_scheduler(self.sched)


# TODO(torch2paddle): torch.optim.lr_scheduler.StepLR: argument 'optimizer' of torch.optim.lr_scheduler.StepLR must be a name or a value without calls: the Paddle form writes it twice
inline = torch.optim.lr_scheduler.StepLR(paddle.optimizer.SGD(parameters=model.parameters(), learning_rate=0.1, weight_decay=0), 5)
for epoch in range(3):
    opt.step()
    step.step()
    plateau.step(0.5)
mult = paddle.optimizer.lr.MultiplicativeDecay(learning_rate=opt.get_lr(), lr_lambda=lambda epoch: 0.95)
opt.set_lr_scheduler(mult)
# TODO(torch2paddle): torch.optim.lr_scheduler.LambdaLR: one lr_lambda per parameter group has no Paddle counterpart
per_group = torch.optim.lr_scheduler.LambdaLR(opt, [lambda e: 1.0, lambda e: 0.5])
# fuzzer finding: a chained assignment, a torch attribute as the target
# TODO(torch2paddle): torch.optim.lr_scheduler.StepLR: torch.optim.lr_scheduler.StepLR needs its result assigned to a name (`x = torch.optim.lr_scheduler.StepLR(...)`)
# TODO(torch2paddle): torch.optim.lr_scheduler.Cosind has no Paddle equivalent yet
cosine = torch.optim.lr_scheduler.Cosind = torch.optim.lr_scheduler.StepLR(opt, 5)
# TODO(torch2paddle): torch.optim.lr_scheduler.StepLR: torch.optim.lr_scheduler.StepLR needs its result assigned to a name (`x = torch.optim.lr_scheduler.StepLR(...)`)
# TODO(torch2paddle): torch.optim.lr_scheduler.Cosind has no Paddle equivalent yet
torch.optim.lr_scheduler.Cosind = torch.optim.lr_scheduler.StepLR(opt, 5)
