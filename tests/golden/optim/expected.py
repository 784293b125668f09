import paddle

model = paddle.nn.Linear(10, 2)
params = model.parameters()

sgd = paddle.optimizer.SGD(parameters=model.parameters(), learning_rate=0.01, weight_decay=0)
sgd_m = paddle.optimizer.Momentum(parameters=model.parameters(), learning_rate=0.01, momentum=0.9, weight_decay=1e-4)
sgd_n = paddle.optimizer.Momentum(parameters=params, learning_rate=0.1, momentum=0.9, use_nesterov=True)
adam = paddle.optimizer.Adam(parameters=model.parameters(), learning_rate=1e-3, weight_decay=0)
adam_b = paddle.optimizer.Adam(parameters=model.parameters(), learning_rate=1e-3, beta1=0.9, beta2=0.98, epsilon=1e-9, weight_decay=0)
adamw = paddle.optimizer.AdamW(parameters=model.parameters(), learning_rate=5e-4, weight_decay=0.01)
rms = paddle.optimizer.RMSProp(parameters=model.parameters(), learning_rate=1e-3, rho=0.99, epsilon=1e-08, weight_decay=0)
adagrad = paddle.optimizer.Adagrad(parameters=model.parameters(), learning_rate=0.01, weight_decay=0, epsilon=1e-10)

x = paddle.randn([4, 10])
for step in range(3):
    adam.clear_grad()
    loss = model(x).pow(2).mean()
    loss.backward()
    paddle.nn.utils.clip_grad_norm_(model.parameters(), max_norm=1.0)
    adam.step()

state = adam.state_dict()
adam.set_state_dict(state)
