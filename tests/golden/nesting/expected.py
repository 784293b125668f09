import paddle

x = paddle.randn([4, 8])
y = paddle.randn([4, 8])

a = paddle.concat([paddle.zeros([2]), x.view([-1])], axis=0)
b = paddle.stack([paddle.sum(x, axis=1), paddle.mean(y, axis=1)], axis=1)
c = paddle.nn.functional.softmax(paddle.matmul(x, y.t()) / paddle.sqrt(paddle.to_tensor(8.0)), axis=-1)
d = paddle.concat([paddle.concat([x, y], axis=1), paddle.zeros([4, 16])], axis=0).sum(axis=0)
e = paddle.where(paddle.abs(x) > 1, paddle.zeros_like(x), paddle.clip(x, min=-1, max=1))
f = paddle.nn.functional.relu(paddle.nn.functional.linear(x.unsqueeze(0).squeeze(0), (paddle.randn([2, 8])).T)).argmax(axis=1).astype(dtype='float32').mean().item()
g = paddle.argmax(paddle.nn.functional.softmax(x, axis=1), axis=1)
h = x.view([x.shape[0], -1]).transpose([1, 0]).view([-1]).cpu().numpy()
k = paddle.unsqueeze(paddle.flatten(paddle.moveaxis(x.reshape([2, 2, 8]), [1, 2], [2, 1]), 1), 0)
m = paddle.exp(paddle.log(paddle.nn.functional.sigmoid(paddle.nn.functional.tanh(x)) + 1e-8))
n = paddle.sum(paddle.pow(x - y, 2), axis=1).sqrt().mean()
