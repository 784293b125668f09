# Methods of third-party classes convert on objects known to be instances of them: a class of
# the file deriving (directly or through its own classes) from transformers.PreTrainedModel, or
# an object made by the class. The same method names on objects of unknown kind are left alone.
import torch
import transformers
from transformers import PreTrainedModel


class TinyPreTrainedModel(PreTrainedModel):
    pass


class TinyModel(TinyPreTrainedModel):
    def __init__(self, config):
        super().__init__(config)
        self.proj = torch.nn.Linear(8, 8)
        self.post_init()


model = TinyModel(config)
sequences = model.generate(prompt_ids, max_length=32)
# The prompt written twice must be a name; passed by keyword it cannot be found: reported.
sequences = model.generate(make_prompt(), max_length=32)
sequences = model.generate(input_ids=prompt_ids)

tokenizer = transformers.PreTrainedTokenizer()
ids = tokenizer.encode("hello world", add_special_tokens=False)
ids = tokenizer.encode("hello world", return_tensors="pt")

# Unknown receivers: not converted.
other.post_init()
other.generate(prompt_ids)
text.encode("utf-8")


# A class of another converted family: its methods follow the same rule.
class ClippedSGD(torch.optim.Optimizer):
    def step(self, closure=None):
        self.zero_grad()
