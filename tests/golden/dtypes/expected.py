import paddle

dtypes = [
    paddle.float32,
    paddle.float32,
    paddle.float64,
    paddle.float64,
    paddle.float16,
    paddle.float16,
    paddle.bfloat16,
    paddle.int8,
    paddle.uint8,
    paddle.int16,
    paddle.int16,
    paddle.int32,
    paddle.int32,
    paddle.int64,
    paddle.int64,
    paddle.bool,
    paddle.complex64,
    paddle.complex128,
    paddle.complex64,
    paddle.complex128,
]

x = paddle.zeros([3], dtype=paddle.float16)
y = x.to(paddle.float32)
z = paddle.ones([2], dtype=paddle.int64)
if x.dtype == paddle.float16:
    print("half precision")
is_fp = paddle.is_floating_point(x)
default = paddle.get_default_dtype()
paddle.set_default_dtype(paddle.float64)
finfo = paddle.finfo(paddle.float32).eps
