# Third-party families the graph knows (transformers, fairscale, flash_attn) are converted like
# torch: their imports go when nothing uses them any more, and the Paddle side's root is imported.
from transformers import AddedToken
from transformers import AddedToken as AT, StoppingCriteriaList
import fairscale

tok = AddedToken("<pad>", lstrip=True)
tok2 = AT("<eos>")
criteria = StoppingCriteriaList()
layer = fairscale.nn.model_parallel.layers.ColumnParallelLinear(16, 32, bias=False)


def local_import():
    import transformers
    return transformers.AddedToken("x")


def unknown_use():
    # An API of the family that the graph does not know is reported and its import kept.
    from transformers import AutoModel
    return AutoModel.from_pretrained("bert-base-uncased")


# Templates: Paddle's forms of the fairscale, flash_attn and transformers APIs.
from fairscale.nn.model_parallel import initialize as fs_init
from flash_attn import flash_attn_interface
from flash_attn.ops.rms_norm import rms_norm
import transformers
import torchvision
from torchvision.io import ImageReadMode

world = fs_init.get_model_parallel_world_size()
if not fs_init.model_parallel_is_initialized():
    fs_init.initialize_model_parallel(2)
attn = flash_attn_interface.flash_attn_func(q, k, v, dropout_p=0.1, causal=True)
attn = flash_attn_interface.flash_attn_func(q, k, v, return_attn_probs=False)
attn, lse, probs = flash_attn_interface.flash_attn_func(q, k, v, return_attn_probs=True)
packed = flash_attn_interface.flash_attn_unpadded_func(q, k, v, cu_q, cu_k, 128, 128, 0.0, softmax_scale=0.125)
packed = flash_attn_interface.flash_attn_unpadded_func(q, k, v, cu_q, cu_k, 128, 128, causal=True)
packed = flash_attn_interface.flash_attn_unpadded_func(get_q(), k, v, cu_q, cu_k, 128, 128)
normed = rms_norm(hidden, weight, 1e-6)
normed = rms_norm(proj(hidden), weight, 1e-6)
logger = transformers.logging.get_logger(__name__)
image = torchvision.io.decode_jpeg(data, mode=ImageReadMode.RGB)
gray = torchvision.io.decode_jpeg(data, mode="GRAY")
alpha = torchvision.io.decode_jpeg(data, mode=ImageReadMode.RGB_ALPHA)

# Configs take keyword arguments (**kwargs): known ones are mapped (torch_dtype -> dtype), unknown
# ones passed on; arguments that change what generate returns are reported, not dropped.
config = transformers.PretrainedConfig(is_decoder=True, num_labels=3, torch_dtype="float16")
config = transformers.PretrainedConfig(torchscript=True)
generation = transformers.GenerationConfig(max_length=64, top_k=5, low_memory=True)
generation = transformers.GenerationConfig(max_new_tokens=64)

# fairscale layers: Paddle's ColumnParallelLinear has no bias unless asked (fairscale's default
# is a bias); a custom initialiser cannot be carried over.
import fairscale.nn.model_parallel.layers as mp_layers
column = mp_layers.ColumnParallelLinear(64, 128, gather_output=False)
row = mp_layers.RowParallelLinear(128, 64, input_is_parallel=True, keep_master_weight_for_test=True)
embedding = mp_layers.ParallelEmbedding(1000, 64)
custom = mp_layers.ColumnParallelLinear(64, 128, init_method=my_init)
