"""Call forms for the per-API test generator: one of each way an input is built, or not."""
import torch
import torch.nn as nn
import torch.nn.functional as F


def literal_arguments():
    # literal arguments: the layer is built from the call as written
    return nn.Conv2d(3, 8, kernel_size=3, padding=1)


def bound_name(x):
    # `n` is bound to a literal in this scope: the test binds it the same way
    n = 4
    return x.view(-1, n)


def spec_inputs(probs, logits):
    # `probs` and `logits` are parameters: tensors made from the specs (positive for the log)
    a = torch.log(probs)
    return a, F.softmax(logits, dim=1)


def cannot_be_built(model, path):
    # writes a file: listed as not testable, with the reason
    torch.save(model.state_dict(), path)


def dtype_and_no_spec(image, n_fft):
    # a dtype the program computes: float32, written per half (`torch.float32`, `paddle.float32`)
    z = torch.zeros(2, 3, dtype=image.dtype)
    # reflectors the program computes: no literal, and no input spec for `tau`
    return z, torch.linalg.householder_product(image, n_fft)


def optimizer(model, lr):
    # an optimizer: built on two seeded parameters, two steps with the same gradients compared
    return torch.optim.SGD(model.parameters(), lr=lr, momentum=0.9)


def loss_layer(logits, labels):
    # a loss layer: called with a spec'd input and target (class indices)
    return nn.CrossEntropyLoss()(logits, labels)


def context(x):
    # a context manager: a computation on a tensor that requires grad compared, with its flag
    with torch.no_grad():
        return x * 2


class Net(nn.Module):
    def reset(self, state_dict):
        # a module method: the receiver a small spec'd layer, its result, mode and state compared
        self.load_state_dict(state_dict)
        return len(list(self.modules()))


def container(hidden):
    # a container of layers built in place: each layer's arguments from its own specs, called
    # with the first layer's input
    return nn.Sequential(nn.Linear(16, hidden), nn.ReLU(), nn.Linear(hidden, 2))


def seeded():
    # reseeds the global generator: whether two draws after reseeding agree is compared
    torch.manual_seed(0)


def made_by_program(blocks, block):
    # layers the program makes (an unpacked list, a name) stand in as element-wise layers
    return nn.Sequential(*blocks), nn.Sequential(nn.Conv2d(3, 4, 3), block)


def in_place(xs, ys):
    # works in place and returns None: the tensors after the call are compared
    torch._foreach_add_(xs, ys)


def tuple_elements(x, p):
    # `p` is one element of the pad tuple: a number from the spec's `element`
    return F.pad(x, (p, p))


def parameter(t):
    # a tensor subclass: compared as a value
    return nn.Parameter(t)


def compared_by_result(loss, dataset, model):
    # what the spec's `result` compares: the gradient after backward, the gradients after
    # zero_grad, the batches a loader yields over a seeded dataset
    loss.backward()
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    optimizer.zero_grad()
    return torch.utils.data.DataLoader(dataset, batch_size=4)


def chain(x: torch.Tensor):
    # a chain rewritten whole: tested as written, its receiver `x` shaped by the chained permute's spec
    return x.permute(2, 0, 1).contiguous()


def downsampling_container():
    # convolutions and poolings that shrink their input: the image is as large as the layers need
    # (a 16x16 one leaves nothing to the last pooling), its channels the first convolution's
    return nn.Sequential(
        nn.Conv2d(3, 8, kernel_size=11, stride=4, padding=2),
        nn.ReLU(inplace=True),
        nn.MaxPool2d(kernel_size=3, stride=2),
        nn.Conv2d(8, 16, kernel_size=5, padding=2),
        nn.MaxPool2d(kernel_size=3, stride=2),
    )


def features_of_a_later_layer(dropout):
    # a layer of any shape first: the Linear after it fixes the features (containers of other
    # lengths than the ones above: each is a distinct form)
    return nn.Sequential(nn.Dropout(p=dropout), nn.Linear(32, 8), nn.ReLU(), nn.Linear(8, 2))


def channels_of_a_later_layer():
    # a pooling first: the convolution after it fixes the channels
    return nn.Sequential(
        nn.MaxPool2d(kernel_size=3, stride=1, padding=1),
        nn.Conv2d(in_channels=16, out_channels=8, kernel_size=3),
        nn.ReLU(),
        nn.Conv2d(8, 8, 1),
        nn.BatchNorm2d(8),
        nn.ReLU(),
    )


def layers_that_do_not_chain():
    # 4 features out, 5 in: no input fits, listed with the layer that refuses it
    return nn.Sequential(nn.Linear(8, 4), nn.ReLU(), nn.Linear(5, 2), nn.ReLU(), nn.Dropout(), nn.Linear(2, 2), nn.Tanh())


def split_into_sizes(x):
    # a split into a list of sizes: the dimension split is their sum
    return x.split([1, 2], dim=1)


def passed_twice(x):
    # one parameter passed twice fits no signature: listed, not tested
    return x.softmax(x, dim=-1)


def comprehension(hs):
    # a comprehension over the program's values stands, as a whole, for the spec's list of tensors
    return torch.cat([h * 2 for h in hs], dim=0)


def asserted(x):
    # converted to an `assert` statement: what each half raises (a condition that fails) compared
    torch._assert(x.dim() == 3, "expected three dimensions")


def one_element(x: torch.Tensor):
    # one element of the result read right away: converted with the subscript, tested as that element
    return x.max(dim=1)[0]
