# Families of PyTorch APIs Paddle does its own way (eager-mode quantization, the ONNX exporter's
# symbolic registry, torch.fx tracing, the CUDA version string): each use is reported with what
# to write in Paddle instead of "unknown to the knowledge graph".
import torch
from torch.onnx import register_custom_op_symbolic
from torch.onnx.symbolic_helper import parse_args


def quantize(model, backend):
    if backend not in torch.backends.quantized.supported_engines:
        raise ValueError(backend)
    model.qconfig = torch.ao.quantization.get_default_qat_qconfig(backend)
    torch.ao.quantization.prepare_qat(model, inplace=True)
    return torch.ao.quantization.convert(model, inplace=True)


@parse_args("v", "v", "f")
def symbolic_nms(g, boxes, scores, threshold):
    return g.op("NonMaxSuppression", boxes, scores)


register_custom_op_symbolic("torchvision::nms", symbolic_nms, 11)
traced = torch.fx.symbolic_trace(torch.nn.Linear(2, 2))
has_cuda = torch.version.cuda is not None
