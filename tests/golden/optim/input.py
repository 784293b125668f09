import torch
import torch.nn as nn
import torch.optim as optim

model = nn.Linear(10, 2)
params = model.parameters()

sgd = torch.optim.SGD(model.parameters(), lr=0.01)
sgd_m = torch.optim.SGD(model.parameters(), lr=0.01, momentum=0.9, weight_decay=1e-4)
sgd_n = optim.SGD(params, lr=0.1, momentum=0.9, nesterov=True)
adam = optim.Adam(model.parameters(), lr=1e-3)
adam_b = optim.Adam(model.parameters(), lr=1e-3, betas=(0.9, 0.98), eps=1e-9)
adamw = optim.AdamW(model.parameters(), lr=5e-4, weight_decay=0.01)
rms = optim.RMSprop(model.parameters(), lr=1e-3, alpha=0.99)
adagrad = optim.Adagrad(model.parameters(), lr=0.01)

x = torch.randn(4, 10)
for step in range(3):
    adam.zero_grad()
    loss = model(x).pow(2).mean()
    loss.backward()
    torch.nn.utils.clip_grad_norm_(model.parameters(), max_norm=1.0)
    adam.step()

state = adam.state_dict()
adam.load_state_dict(state)
