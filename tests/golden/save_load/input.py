import torch
import torch.nn as nn

model = nn.Linear(8, 2)
optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)

# weights only
torch.save(model.state_dict(), "model.pt")
model.load_state_dict(torch.load("model.pt"))

# full checkpoint dictionary
ckpt = {"model": model.state_dict(), "optimizer": optimizer.state_dict(), "epoch": 3}
torch.save(ckpt, "ckpt.pth")
state = torch.load("ckpt.pth", map_location="cpu")
state = torch.load("ckpt.pth", map_location=torch.device("cpu"), weights_only=True)
model.load_state_dict(state["model"], strict=False)
optimizer.load_state_dict(state["optimizer"])
