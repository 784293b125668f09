# Methods of third-party classes convert on objects known to be instances of them: a class of
# the file deriving (directly or through its own classes) from transformers.PreTrainedModel, or
# an object made by the class. The same method names on objects of unknown kind are left alone.
import paddle
import paddlenlp


class TinyPreTrainedModel(paddlenlp.transformers.PretrainedModel):
    pass


class TinyModel(TinyPreTrainedModel):
    def __init__(self, config):
        super().__init__(config)
        self.proj = paddle.nn.Linear(8, 8)
        self.init_weights() if hasattr(self, 'init_weights') else self._init_weights() if hasattr(self, '_init_weights') else None


model = TinyModel(config)
sequences = paddle.concat((prompt_ids, model.generate(prompt_ids, max_length=32)[0]), axis=-1)
# The prompt written twice must be a name; passed by keyword it cannot be found: reported.
# TODO(torch2paddle): transformers.PreTrainedModel.generate: Paddle's generate returns (ids, scores) without the prompt: pass the prompt ids as a name in the first position
sequences = model.generate(make_prompt(), max_length=32)
# TODO(torch2paddle): transformers.PreTrainedModel.generate: Paddle's generate returns (ids, scores) without the prompt: pass the prompt ids as a name in the first position
sequences = model.generate(input_ids=prompt_ids)

tokenizer = paddlenlp.transformers.PretrainedTokenizer()
ids = tokenizer.encode("hello world", add_special_tokens=False)["input_ids"]
# TODO(torch2paddle): transformers.PreTrainedTokenizer.encode: return_tensors= asks for framework tensors: Paddle's encode returns a dict of lists
ids = tokenizer.encode("hello world", return_tensors="pt")

# Unknown receivers: not converted.
other.post_init()
other.generate(prompt_ids)
text.encode("utf-8")


# A class of another converted family: its methods follow the same rule.
class ClippedSGD(paddle.optimizer.Optimizer):
    def step(self, closure=None):
        self.clear_grad()
