# Optimizers: PyTorch's betas tuple is Paddle's beta1 and beta2 (a literal is split, another
# expression indexed); positionals after it become keywords.
import torch
import torch.nn as nn

model = nn.Linear(4, 2)
opt = torch.optim.Adam(model.parameters(), lr=1e-3, betas=(0.9, 0.99), eps=1e-8)
opt2 = torch.optim.AdamW(model.parameters(), 1e-3, (0.9, 0.95), 1e-8, 0.05)
opt3 = torch.optim.Adamax(model.parameters(), betas=cfg.betas)
opt4 = torch.optim.RAdam(model.parameters(), betas=[0.8, 0.9])
opt5 = torch.optim.NAdam(model.parameters(), lr=2e-3, betas=(0.9, 0.999))
# Not converted: betas of another length.
opt6 = torch.optim.Adam(model.parameters(), betas=(0.9,))
