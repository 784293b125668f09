# A torch-family module imported into a class body is a class attribute, read through `self`:
# the import stays, reported, as the converter does not follow those reads.
import paddle


class Tokenizer:
    # TODO(torch2paddle): transformers: imported into a class body, _transformers is a class attribute (read as self._transformers...), which the converter does not follow: the import stays; convert what is read through it by hand
    import transformers as _transformers

    def fit(self, name):
        self.fast_ = self._transformers.AutoTokenizer.from_pretrained(name)
        return paddle.zeros([3])
