import paddle

model = paddle.nn.Linear(8, 2)
optimizer = paddle.optimizer.Adam(parameters=model.parameters(), learning_rate=1e-3, weight_decay=0)

# weights only
paddle.save(model.state_dict(), "model.pt")
model.set_state_dict(paddle.load("model.pt"))

# full checkpoint dictionary
ckpt = {"model": model.state_dict(keep_vars=False), "optimizer": optimizer.state_dict(), "epoch": 3}
paddle.save(ckpt, "ckpt.pth")
state = paddle.load("ckpt.pth")
state = paddle.load("ckpt.pth")
model.set_state_dict(state["model"])
optimizer.set_state_dict(state["optimizer"])
