# A torch-family module imported into a class body is a class attribute, read through `self`:
# the import stays, reported, as the converter does not follow those reads.
import torch


class Tokenizer:
    import transformers as _transformers

    def fit(self, name):
        self.fast_ = self._transformers.AutoTokenizer.from_pretrained(name)
        return torch.zeros(3)
