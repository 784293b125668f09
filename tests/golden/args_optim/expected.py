# Optimizers: PyTorch's betas tuple is Paddle's beta1 and beta2 (a literal is split, another
# expression indexed); positionals after it become keywords.
import paddle
import torch

model = paddle.nn.Linear(4, 2)
opt = paddle.optimizer.Adam(parameters=model.parameters(), learning_rate=1e-3, beta1=0.9, beta2=0.99, epsilon=1e-8, weight_decay=0)
opt2 = paddle.optimizer.AdamW(parameters=model.parameters(), learning_rate=1e-3, beta1=0.9, beta2=0.95, epsilon=1e-8, weight_decay=0.05)
opt3 = paddle.optimizer.Adamax(parameters=model.parameters(), beta1=cfg.betas[0], beta2=cfg.betas[1], learning_rate=0.002, epsilon=1e-08, weight_decay=0)
opt4 = paddle.optimizer.RAdam(parameters=model.parameters(), beta1=0.8, beta2=0.9, weight_decay=0)
opt5 = paddle.optimizer.NAdam(parameters=model.parameters(), learning_rate=2e-3, beta1=0.9, beta2=0.999, weight_decay=0)
# Not converted: betas of another length.
# TODO(torch2paddle): torch.optim.Adam: argument 'betas' of torch.optim.Adam needs 2 values
opt6 = torch.optim.Adam(model.parameters(), betas=(0.9,))
