# Parameter groups: PyTorch's per-group options (lr, momentum, betas, weight_decay, ...) are read
# by no Paddle optimizer (its groups take 'learning_rate' as a factor of the optimizer's rate and
# ignore keys they do not know): a group literal with any key but 'params' is reported.
import paddle
import torch

model = paddle.nn.Linear(2, 3)
head = paddle.nn.Linear(3, 1)
plain = paddle.optimizer.SGD(parameters=[{'params': model.parameters()}, {'params': head.parameters()}], learning_rate=0.1, weight_decay=0)
# TODO(torch2paddle): torch.optim.Adam: a parameter group of torch.optim.Adam holds the option 'lr': Paddle's groups read no PyTorch options (their 'learning_rate' is a factor of the optimizer's, and keys they do not know are ignored), so the group would train with the optimizer's settings: give such a group an optimizer of its own, or scale its rate by hand
tuned = torch.optim.Adam([{'params': model.parameters()}, {'params': head.parameters(), 'lr': 1e-3}], lr=1e-2)
# TODO(torch2paddle): torch.optim.AdamW: a parameter group of torch.optim.AdamW holds the option 'weight_decay': Paddle's groups read no PyTorch options (their 'learning_rate' is a factor of the optimizer's, and keys they do not know are ignored), so the group would train with the optimizer's settings: give such a group an optimizer of its own, or scale its rate by hand
decayed = torch.optim.AdamW([{"params": model.parameters(), "weight_decay": 0.0}], lr=1e-3)
opts = {'params': head.parameters()}
# TODO(torch2paddle): torch.optim.SGD: a parameter group of torch.optim.SGD holds a key or entry the converter cannot read (**opts): Paddle's groups read no PyTorch options (their 'learning_rate' is a factor of the optimizer's, and keys they do not know are ignored), so the group would train with the optimizer's settings: give such a group an optimizer of its own, or scale its rate by hand
spread = torch.optim.SGD([{**opts}], lr=0.1)
# plain parameters convert as ever; PyTorch's ASGD is another algorithm than Paddle's (reported)
# TODO(torch2paddle): torch.optim.ASGD: PyTorch's ASGD takes SGD steps whose rate decays (lr / (1 + lambd * lr * step) ** alpha, lambd=1e-4 by default) and shrinks the weights by lambd * rate each step; Paddle's ASGD is another algorithm (the stochastic average gradient, which with batch_num=1 takes plain SGD steps): write the schedule with paddle.optimizer.lr.LambdaDecay and the shrink as weight_decay on paddle.optimizer.SGD, or keep PyTorch's update by hand
asgd = torch.optim.ASGD(model.parameters(), lr=0.01)
lbfgs = paddle.optimizer.LBFGS(parameters=model.parameters(), learning_rate=1)
rprop = paddle.optimizer.Rprop(parameters=model.parameters(), learning_rate=0.01, learning_rate_range=(1e-06, 50))
