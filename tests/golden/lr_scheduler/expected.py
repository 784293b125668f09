import paddle
import torch
from torch.optim import lr_scheduler

model = paddle.nn.Linear(4, 4)
optimizer = paddle.optimizer.Momentum(parameters=model.parameters(), learning_rate=0.1, momentum=0.9)

# TODO(torch2paddle): torch.optim.lr_scheduler.StepLR: argument 'optimizer' of torch.optim.lr_scheduler.StepLR needs a rewrite by hand
step = torch.optim.lr_scheduler.StepLR(optimizer, step_size=30, gamma=0.1)
# TODO(torch2paddle): torch.optim.lr_scheduler.MultiStepLR: argument 'optimizer' of torch.optim.lr_scheduler.MultiStepLR needs a rewrite by hand
multi = torch.optim.lr_scheduler.MultiStepLR(optimizer, milestones=[30, 80], gamma=0.1)
# TODO(torch2paddle): torch.optim.lr_scheduler.ExponentialLR: argument 'optimizer' of torch.optim.lr_scheduler.ExponentialLR needs a rewrite by hand
expo = torch.optim.lr_scheduler.ExponentialLR(optimizer, gamma=0.95)
# TODO(torch2paddle): torch.optim.lr_scheduler.CosineAnnealingLR: argument 'optimizer' of torch.optim.lr_scheduler.CosineAnnealingLR needs a rewrite by hand
cosine = lr_scheduler.CosineAnnealingLR(optimizer, T_max=100, eta_min=1e-6)
# TODO(torch2paddle): torch.optim.lr_scheduler.ReduceLROnPlateau: argument 'optimizer' of torch.optim.lr_scheduler.ReduceLROnPlateau needs a rewrite by hand
plateau = lr_scheduler.ReduceLROnPlateau(optimizer, mode="min", factor=0.5, patience=5)
# TODO(torch2paddle): torch.optim.lr_scheduler.LambdaLR: argument 'optimizer' of torch.optim.lr_scheduler.LambdaLR needs a rewrite by hand
warm = lr_scheduler.LambdaLR(optimizer, lr_lambda=lambda epoch: min(1.0, (epoch + 1) / 10))
# TODO(torch2paddle): torch.optim.lr_scheduler.OneCycleLR: argument 'optimizer' of torch.optim.lr_scheduler.OneCycleLR cannot be converted (no_counterpart)
onecycle = lr_scheduler.OneCycleLR(optimizer, max_lr=0.1, total_steps=1000)
# TODO(torch2paddle): torch.optim.lr_scheduler.CosineAnnealingWarmRestarts: argument 'optimizer' of torch.optim.lr_scheduler.CosineAnnealingWarmRestarts needs a rewrite by hand
cyclic = lr_scheduler.CosineAnnealingWarmRestarts(optimizer, T_0=10)

for epoch in range(10):
    optimizer.step()
    step.step()
    plateau.step(0.5)
    print(step.get_last_lr())
