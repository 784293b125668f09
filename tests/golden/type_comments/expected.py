# PEP 484 type comments declare parameters as annotations do: per parameter, or one signature
# comment below the `def` (without `self`). `for` over a declared list, over `zip` of such lists
# or over a literal of tensors gives elements of their kind. `x.device` on a tensor is its Place.
from typing import List, Optional

import paddle


class RoIHeads(paddle.nn.Layer):
    def assign_targets(self, proposals, gt_boxes, gt_labels):
        # type: (List[paddle.Tensor], List[paddle.Tensor], List[paddle.Tensor]) -> List[paddle.Tensor]
        labels = []
        for proposals_in_image, gt_boxes_in_image, gt_labels_in_image in zip(proposals, gt_boxes, gt_labels):
            device = proposals_in_image.place
            labels.append(paddle.zeros((proposals_in_image.shape[0],), dtype=paddle.int64))
        return labels

    def postprocess(
        self,
        class_logits,  # type: paddle.Tensor
        image_shapes,  # type: List[Tuple[int, int]]
        scores=None,  # type: Optional[paddle.Tensor]
    ):
        # type: (...) -> paddle.Tensor
        device = class_logits.place
        return class_logits.to(device)

    def first(self, features):
        # type: (List[paddle.Tensor]) -> Optional[paddle.Tensor]
        for f in features:
            return f.place


def real_parts(values):
    # type: (List[int]) -> List[int]
    # Not tensors: the elements are ints, whose `.real` is no tensor's.
    return [v.real for v in values]


def heads(query: paddle.Tensor, key: paddle.Tensor, value):
    # A literal of tensors holds tensors; one item of unknown kind (`value`) makes it unknown.
    q, k = [t.moveaxis([0, 1], [1, 0]) for t in [query, key]]
    # TODO(torch2paddle): torch.Tensor.contiguous: receiver of unknown kind; `contiguous` is also a method of non-torch objects: left as written, convert it by hand if it is a tensor
    others = [t.contiguous() for t in (query, value)]
    return q, k, others
