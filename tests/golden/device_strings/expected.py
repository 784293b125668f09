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
v = x.to(name)  # a str variable: as written (see docs/data-formats.md)
rank = 0
u = x.to(f"gpu:{rank}")  # an f-string starting with the device type: converted
dev = "cuda:" + str(rank)
t = x.to(dev)  # a str variable: as written
model.to(device=f"gpu:{rank}")
