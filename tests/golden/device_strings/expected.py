# Device strings passed on to Paddle: Paddle's place parser knows 'gpu', not 'cuda'.
import paddle

model = paddle.nn.Linear(4, 2)
model.to("gpu:0")
model.to(device="gpu")
x = paddle.zeros([4])
y = x.to("gpu")
z = x.to('gpu:1', blocking=False)
w = x.to("gpu", paddle.float16)
cpu = x.to(device="cpu")  # other devices stay as written
name = "cuda"
v = x.to(name)  # not a literal: as written
