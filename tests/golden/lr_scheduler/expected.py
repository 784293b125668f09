import paddle
from torch.optim import lr_scheduler

model = paddle.nn.Linear(4, 4)
optimizer = paddle.optimizer.Momentum(parameters=model.parameters(), learning_rate=0.1, momentum=0.9)

step = paddle.optimizer.lr.StepDecay(learning_rate=optimizer.get_lr(), step_size=30, gamma=0.1)
optimizer.set_lr_scheduler(step)
multi = paddle.optimizer.lr.MultiStepDecay(learning_rate=optimizer.get_lr(), milestones=[30, 80], gamma=0.1)
optimizer.set_lr_scheduler(multi)
expo = paddle.optimizer.lr.ExponentialDecay(learning_rate=optimizer.get_lr(), gamma=0.95)
optimizer.set_lr_scheduler(expo)
cosine = paddle.optimizer.lr.CosineAnnealingDecay(learning_rate=optimizer.get_lr(), T_max=100, eta_min=1e-6)
optimizer.set_lr_scheduler(cosine)
plateau = paddle.optimizer.lr.ReduceOnPlateau(learning_rate=optimizer.get_lr(), mode="min", factor=0.5, patience=5)
optimizer.set_lr_scheduler(plateau)
warm = paddle.optimizer.lr.LambdaDecay(learning_rate=optimizer.get_lr(), lr_lambda=lambda epoch: min(1.0, (epoch + 1) / 10))
optimizer.set_lr_scheduler(warm)
# TODO(torch2paddle): torch.optim.lr_scheduler.OneCycleLR: argument 'optimizer' of torch.optim.lr_scheduler.OneCycleLR cannot be converted (no_counterpart)
onecycle = lr_scheduler.OneCycleLR(optimizer, max_lr=0.1, total_steps=1000)
cyclic = paddle.optimizer.lr.CosineAnnealingWarmRestarts(learning_rate=optimizer.get_lr(), T_0=10)
optimizer.set_lr_scheduler(cyclic)

for epoch in range(10):
    optimizer.step()
    step.step()
    plateau.step(0.5)
    print([step.last_lr])
