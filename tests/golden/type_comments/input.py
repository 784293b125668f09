# PEP 484 type comments declare parameters as annotations do: per parameter, or one signature
# comment below the `def` (without `self`). `for` over a declared list, over `zip` of such lists
# or over a literal of tensors gives elements of their kind. `x.device` on a tensor is its Place.
from typing import List, Optional

import torch
from torch import Tensor


class RoIHeads(torch.nn.Module):
    def assign_targets(self, proposals, gt_boxes, gt_labels):
        # type: (List[Tensor], List[Tensor], List[Tensor]) -> List[Tensor]
        labels = []
        for proposals_in_image, gt_boxes_in_image, gt_labels_in_image in zip(proposals, gt_boxes, gt_labels):
            device = proposals_in_image.device
            labels.append(torch.zeros((proposals_in_image.shape[0],), dtype=torch.int64, device=device))
        return labels

    def postprocess(
        self,
        class_logits,  # type: Tensor
        image_shapes,  # type: List[Tuple[int, int]]
        scores=None,  # type: Optional[Tensor]
    ):
        # type: (...) -> Tensor
        device = class_logits.device
        return class_logits.to(device)

    def first(self, features):
        # type: (List[torch.Tensor]) -> Optional[Tensor]
        for f in features:
            return f.device


def real_parts(values):
    # type: (List[int]) -> List[int]
    # Not tensors: the elements are ints, whose `.real` is no tensor's.
    return [v.real for v in values]


def heads(query: Tensor, key: Tensor, value):
    # A literal of tensors holds tensors; one item of unknown kind (`value`) makes it unknown.
    q, k = [t.contiguous().transpose(0, 1) for t in [query, key]]
    others = [t.contiguous() for t in (query, value)]
    return q, k, others
