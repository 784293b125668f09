"""proof.emit_tests_runtime: the helpers of torch2paddle_runtime.compare the generated per-API
tests call, under Debian's python3 with torch (the Paddle sides need Paddle and are not run here):
the shapes the spec helpers derive from what a call passes, and how results torch cannot hand to
numpy as they are (bfloat16, sparse) are compared."""

import numpy as np
import pytest
import torch

import torch2paddle_runtime.compare as t2p


def test_split_shape_sums_a_list_of_sizes_along_dim():
    x = t2p.to_torch(t2p.array("float32", t2p.split_shape([1, 2], dim=1)))
    assert [p.shape[1] for p in x.split([1, 2], dim=1)] == [1, 2]
    assert t2p.split_shape([1, 1], dim=-1) == [2, 3, 4, 2]
    assert t2p.split_shape(2) == [2, 3, 4, 4]  # chunks of a number: any size


def test_pad_shape_has_a_pair_of_pads_per_dimension_for_a_non_constant_mode():
    assert t2p.pad_shape((1, 1)) == [2, 3, 4, 4]
    shape = t2p.pad_shape((1, 0), mode="replicate")
    assert shape == [2, 3, 4]
    torch.nn.functional.pad(torch.zeros(shape), (1, 0), mode="replicate")
    assert t2p.pad_shape((5, 5, 1, 1), mode="reflect") == [2, 3, 6, 6]


def test_dim_shape_has_the_dimensions_a_reduction_names():
    assert t2p.dim_shape(1) == [2, 3, 4, 4]
    assert t2p.dim_shape((2, 3, 4)) == [2, 3, 4, 4, 5]
    assert t2p.dim_shape(-6) == [2, 3, 4, 4, 5, 6]
    torch.mean(torch.zeros(t2p.dim_shape((2, 3, 4))), dim=(2, 3, 4))


def test_bfloat16_is_compared_as_its_float32_values_keeping_its_dtype():
    expected = t2p.to_numpy(torch.tensor([1.0, 2.5]).bfloat16())
    assert t2p.dtype_name(expected) == "bfloat16"
    t2p.assert_close(expected, torch.tensor([1.0, 2.5]).bfloat16())
    with pytest.raises(AssertionError, match="dtype bfloat16 in torch, float32 in Paddle"):
        t2p.assert_close(expected, np.array([1.0, 2.5], dtype=np.float32))
    with pytest.raises(AssertionError, match="values differ"):
        t2p.assert_close(expected, torch.tensor([1.0, 3.0]).bfloat16())


def test_a_sparse_result_is_compared_dense():
    s = t2p.torch_sparse()
    assert s.is_coalesced()
    np.testing.assert_array_equal(t2p.to_numpy(s), [[0, 0, 3], [4, 0, 5]])
    t2p.assert_close(t2p.to_numpy(s), s.to_dense())
    with pytest.raises(AssertionError):
        t2p.assert_close(t2p.to_numpy(s), s.to_dense() * 2)


@pytest.mark.filterwarnings("ignore:An output with one or more elements was resized")
def test_torch_inputs_own_their_storage():
    out = t2p.to_torch(t2p.array("float32", [2, 3]))
    torch.stack([torch.zeros(2), torch.ones(2)], out=out)  # resized to [2, 2]
    assert out.shape == (2, 2)
