# Third-party families the graph knows (transformers, fairscale, flash_attn) are converted like
# torch: their imports go when nothing uses them any more, and the Paddle side's root is imported.
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
