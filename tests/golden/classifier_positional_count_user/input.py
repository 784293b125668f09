# A file that defines its own `view` function: `w.view(a, b, c)` may be that one, left for review.
import torch


class Window:
    def view(self, x, y, zoom):
        return (x, y, zoom)


def show(w, x, y, zoom):
    return w.view(x, y, zoom), torch.ones(2)
