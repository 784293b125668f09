import paddle

device = str("cuda" if (paddle.device.cuda.device_count() >= 1) else "cpu").replace("cuda", "gpu")
gpu = 'gpu:0'
cpu = 'cpu'
n_gpus = paddle.device.cuda.device_count()

x = paddle.randn([2, 2]).to(device)
y = paddle.zeros([2, 2])
z = paddle.ones([2, 2])
if paddle.device.cuda.device_count() >= 1:
    paddle.device.cuda.synchronize()
    paddle.device.cuda.empty_cache()
    mem = paddle.device.cuda.memory_allocated()
    peak = paddle.device.cuda.max_memory_allocated()
    name = paddle.device.cuda.get_device_name(0)
on_gpu = x.place.is_gpu_place()
dev = x.place
