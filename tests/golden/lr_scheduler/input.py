import torch
from torch.optim import lr_scheduler

model = torch.nn.Linear(4, 4)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)

step = torch.optim.lr_scheduler.StepLR(optimizer, step_size=30, gamma=0.1)
multi = torch.optim.lr_scheduler.MultiStepLR(optimizer, milestones=[30, 80], gamma=0.1)
expo = torch.optim.lr_scheduler.ExponentialLR(optimizer, gamma=0.95)
cosine = lr_scheduler.CosineAnnealingLR(optimizer, T_max=100, eta_min=1e-6)
plateau = lr_scheduler.ReduceLROnPlateau(optimizer, mode="min", factor=0.5, patience=5)
warm = lr_scheduler.LambdaLR(optimizer, lr_lambda=lambda epoch: min(1.0, (epoch + 1) / 10))
onecycle = lr_scheduler.OneCycleLR(optimizer, max_lr=0.1, total_steps=1000)
cyclic = lr_scheduler.CosineAnnealingWarmRestarts(optimizer, T_0=10)

for epoch in range(10):
    optimizer.step()
    step.step()
    plateau.step(0.5)
    print(step.get_last_lr())
