import paddle
import torch

logits = paddle.randn([16, 5])
labels = paddle.randint(0, 5, (16,))
pred = paddle.randn([16, 1])
target = paddle.rand([16, 1])

ce = paddle.nn.CrossEntropyLoss()
ce_w = paddle.nn.CrossEntropyLoss(weight=paddle.ones([5]), ignore_index=-1)
ce_ls = paddle.nn.CrossEntropyLoss(label_smoothing=0.1, reduction="mean")
mse = paddle.nn.MSELoss()
mse_sum = paddle.nn.MSELoss(reduction="sum")
l1 = paddle.nn.L1Loss()
bce = paddle.nn.BCELoss()
bcel = paddle.nn.BCEWithLogitsLoss()
bcel_pw = paddle.nn.BCEWithLogitsLoss(pos_weight=paddle.to_tensor([2.0]))
nll = paddle.nn.NLLLoss()
sl1 = paddle.nn.SmoothL1Loss()
huber = paddle.nn.SmoothL1Loss(delta=1.0)
kld = paddle.nn.KLDivLoss(reduction="batchmean")
margin = paddle.nn.MarginRankingLoss(margin=0.5)
cos_emb = paddle.nn.CosineEmbeddingLoss()

loss = ce(logits, labels)
loss = loss + mse(pred, target) + l1(pred, target)
loss = loss + bce(paddle.nn.functional.sigmoid(pred), target) + bcel(pred, target)
# TODO(torch2paddle): torch.log_softmax has no Paddle equivalent yet
loss = loss + nll(torch.log_softmax(logits, dim=1), labels) + sl1(pred, target)
loss.backward()
print(loss.item())
