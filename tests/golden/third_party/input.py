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
