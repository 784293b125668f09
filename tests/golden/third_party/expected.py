# Third-party families the graph knows (transformers, fairscale, flash_attn) are converted like
# torch: their imports go when nothing uses them any more, and the Paddle side's root is imported.
import logging
import paddle
import paddlenlp

tok = paddlenlp.transformers.AddedToken("<pad>", lstrip=True)
tok2 = paddlenlp.transformers.AddedToken("<eos>")
criteria = paddlenlp.generation.StoppingCriteriaList()
layer = paddle.distributed.fleet.meta_parallel.ColumnParallelLinear(16, 32, has_bias=False)


def local_import():
    return paddlenlp.transformers.AddedToken("x")


def unknown_use():
    # An API of the family that the graph does not know is reported and its import kept.
    from transformers import AutoModel
    # TODO(torch2paddle): transformers.AutoModel.from_pretrained has no Paddle equivalent yet
    return AutoModel.from_pretrained("bert-base-uncased")


# Templates: Paddle's forms of the fairscale, flash_attn and transformers APIs.
from fairscale.nn.model_parallel import initialize as fs_init
from flash_attn import flash_attn_interface
from flash_attn.ops.rms_norm import rms_norm
import transformers
import torchvision
from torchvision.io import ImageReadMode

world = paddle.distributed.fleet.base.topology._HYBRID_PARALLEL_GROUP._mp_degree
if not (paddle.distributed.fleet.base.topology._HYBRID_PARALLEL_GROUP is not None):
    # TODO(torch2paddle): fairscale.nn.model_parallel.initialize.initialize_model_parallel: needs a composite rewrite by hand
    fs_init.initialize_model_parallel(2)
attn = paddle.nn.functional.flash_attention.flash_attention(q, k, v, dropout=0.1, causal=True)[0]
attn = paddle.nn.functional.flash_attention.flash_attention(q, k, v)[0]
# TODO(torch2paddle): flash_attn.flash_attn_interface.flash_attn_func: with return_attn_probs flash_attn returns (out, softmax_lse, S_dmask), Paddle (out, softmax)
attn, lse, probs = flash_attn_interface.flash_attn_func(q, k, v, return_attn_probs=True)
packed = paddle.nn.functional.flash_attention.flash_attn_unpadded(q, k, v, cu_q, cu_k, 128, 128, 0.125, dropout=0.0)[0]
packed = paddle.nn.functional.flash_attention.flash_attn_unpadded(q, k, v, cu_q, cu_k, 128, 128, q.shape[-1] ** -0.5, causal=True)[0]
# TODO(torch2paddle): flash_attn.flash_attn_interface.flash_attn_unpadded_func: Paddle needs scale= (flash_attn's default is 1/sqrt(head_dim)) and returns (out, softmax): pass softmax_scale=, or q as a name, and no return_attn_probs
packed = flash_attn_interface.flash_attn_unpadded_func(get_q(), k, v, cu_q, cu_k, 128, 128)
normed = paddle.incubate.nn.functional.fused_rms_norm(hidden, weight, None, 1e-6, hidden.ndim - 1)[0]
# TODO(torch2paddle): flash_attn.ops.rms_norm.rms_norm: Paddle's fused_rms_norm needs the normalised axis, written from x: pass x as a name
normed = rms_norm(proj(hidden), weight, 1e-6)
logger = logging.getLogger(__name__)
image = paddle.vision.ops.decode_jpeg(data, mode='rgb')
gray = paddle.vision.ops.decode_jpeg(data, mode='gray')
# TODO(torch2paddle): torchvision.io.ImageReadMode.RGB_ALPHA has no Paddle equivalent yet
# TODO(torch2paddle): torchvision.io.decode_jpeg: argument 'mode=ImageReadMode.RGB_ALPHA' of torchvision.io.decode_jpeg has no Paddle equivalent value
alpha = torchvision.io.decode_jpeg(data, mode=ImageReadMode.RGB_ALPHA)

# Configs take keyword arguments (**kwargs): known ones are mapped (torch_dtype -> dtype), unknown
# ones passed on; arguments that change what generate returns are reported, not dropped.
config = paddlenlp.transformers.PretrainedConfig(is_decoder=True, num_labels=3, dtype="float16")
# TODO(torch2paddle): transformers.PretrainedConfig: argument 'torchscript' of transformers.PretrainedConfig cannot be converted (no_counterpart)
config = transformers.PretrainedConfig(torchscript=True)
generation = paddlenlp.generation.GenerationConfig(max_length=64, top_k=5)
# TODO(torch2paddle): transformers.GenerationConfig: argument 'max_new_tokens' of transformers.GenerationConfig cannot be converted (changes_generated_output)
generation = transformers.GenerationConfig(max_new_tokens=64)

# fairscale layers: Paddle's ColumnParallelLinear has no bias unless asked (fairscale's default
# is a bias); a custom initialiser cannot be carried over.
import fairscale.nn.model_parallel.layers as mp_layers
column = paddle.distributed.fleet.meta_parallel.ColumnParallelLinear(64, 128, gather_output=False, has_bias=True)
row = paddle.distributed.fleet.meta_parallel.RowParallelLinear(128, 64, input_is_parallel=True)
embedding = paddle.distributed.fleet.meta_parallel.VocabParallelEmbedding(1000, 64)
# TODO(torch2paddle): fairscale.nn.model_parallel.layers.ColumnParallelLinear: argument 'init_method' of fairscale.nn.model_parallel.layers.ColumnParallelLinear cannot be converted (no_counterpart)
custom = mp_layers.ColumnParallelLinear(64, 128, init_method=my_init)
