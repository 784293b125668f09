# Families of PyTorch APIs Paddle does its own way (eager-mode quantization, the ONNX exporter's
# symbolic registry, torch.fx tracing, the CUDA version string): each use is reported with what
# to write in Paddle instead of "unknown to the knowledge graph".
import paddle
import torch
from torch.onnx import register_custom_op_symbolic
from torch.onnx.symbolic_helper import parse_args


def quantize(model, backend):
    # TODO(torch2paddle): torch.backends.quantized.supported_engines: the engine (fbgemm, qnnpack, ...) of PyTorch's quantized kernels, which Paddle does not have: drop it; paddle.quantization picks its own kernels when it quantizes the model
    if backend not in torch.backends.quantized.supported_engines:
        raise ValueError(backend)
    # TODO(torch2paddle): torch.ao.quantization.get_default_qat_qconfig: PyTorch's eager-mode quantization (qconfigs, observers, prepare / convert, fused and quantized modules), which Paddle does its own way: keep the float model, drop these calls, and quantize it with paddle.quantization (QuantConfig with QAT or PTQ)
    model.qconfig = torch.ao.quantization.get_default_qat_qconfig(backend)
    # TODO(torch2paddle): torch.ao.quantization.prepare_qat: PyTorch's eager-mode quantization (qconfigs, observers, prepare / convert, fused and quantized modules), which Paddle does its own way: keep the float model, drop these calls, and quantize it with paddle.quantization (QuantConfig with QAT or PTQ)
    torch.ao.quantization.prepare_qat(model, inplace=True)
    # TODO(torch2paddle): torch.ao.quantization.convert: PyTorch's eager-mode quantization (qconfigs, observers, prepare / convert, fused and quantized modules), which Paddle does its own way: keep the float model, drop these calls, and quantize it with paddle.quantization (QuantConfig with QAT or PTQ)
    return torch.ao.quantization.convert(model, inplace=True)


# TODO(torch2paddle): torch.onnx.symbolic_helper.parse_args: PyTorch's ONNX exporter and its registry of symbolic functions, which Paddle's export does not share: export the converted model with paddle.onnx.export (paddle2onnx) and drop the custom symbolic registrations
@parse_args("v", "v", "f")
def symbolic_nms(g, boxes, scores, threshold):
    return g.op("NonMaxSuppression", boxes, scores)


# TODO(torch2paddle): torch.onnx.register_custom_op_symbolic: PyTorch's ONNX exporter and its registry of symbolic functions, which Paddle's export does not share: export the converted model with paddle.onnx.export (paddle2onnx) and drop the custom symbolic registrations
register_custom_op_symbolic("torchvision::nms", symbolic_nms, 11)
# TODO(torch2paddle): torch.fx.symbolic_trace: torch.fx's symbolic tracing and graph rewriting, which Paddle lacks (paddle.jit.to_static translates the Python code instead of tracing it): apply the transformation to the module's code by hand
traced = torch.fx.symbolic_trace(paddle.nn.Linear(2, 2))
# TODO(torch2paddle): torch.version.cuda: the CUDA version PyTorch was built with (None for a CPU build): Paddle's is paddle.version.cuda(), a function whose reference gives False for a CPU build, so test it, not `is not None`
has_cuda = torch.version.cuda is not None
