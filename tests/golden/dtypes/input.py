import torch

dtypes = [
    torch.float32,
    torch.float,
    torch.float64,
    torch.double,
    torch.float16,
    torch.half,
    torch.bfloat16,
    torch.int8,
    torch.uint8,
    torch.int16,
    torch.short,
    torch.int32,
    torch.int,
    torch.int64,
    torch.long,
    torch.bool,
    torch.complex64,
    torch.complex128,
    torch.cfloat,
    torch.cdouble,
]

x = torch.zeros(3, dtype=torch.float16)
y = x.to(torch.float32)
z = torch.ones(2, dtype=torch.long)
if x.dtype == torch.float16:
    print("half precision")
is_fp = torch.is_floating_point(x)
default = torch.get_default_dtype()
torch.set_default_dtype(torch.float64)
finfo = torch.finfo(torch.float32).eps
