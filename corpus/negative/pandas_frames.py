"""Negative corpus: pandas DataFrame / Series objects.

pandas shares many method names with torch tensors (sum, max, mean, add,
where, abs, clip, ...) but with different signatures.  Only ``# positive:``
lines are torch.
"""

import pandas as pd
import torch


def tensor_baseline():
    t = torch.zeros(3)  # positive: real tensor
    t = t.add(1)  # positive: tensor method
    m = t.max()  # positive: tensor method
    return t, m


def make_frame():
    return pd.DataFrame(
        {
            "epoch": [0, 1, 2, 3],
            "loss": [1.2, 0.9, 0.7, 0.6],
            "acc": [0.30, 0.45, 0.52, 0.58],
        }
    )


def reductions():
    df = make_frame()
    totals = df.sum()  # negative: DataFrame.sum
    peaks = df.max()  # negative: DataFrame.max
    means = df.mean()  # negative: DataFrame.mean
    col_max = df.max(axis=0)  # negative: DataFrame.max(axis=)
    stds = df.std(ddof=0)  # negative: DataFrame.std
    best_row = df["acc"].argmax()  # negative: Series.argmax
    return totals, peaks, means, col_max, stds, best_row


def arithmetic():
    df = make_frame()
    shifted = df.add(1)  # negative: DataFrame.add
    scaled = df.mul(2.0)  # negative: DataFrame.mul
    diffs = df.sub(df.mean(), axis=1)  # negative: DataFrame.sub / mean
    ratio = df.div(df.max())  # negative: DataFrame.div / max
    powered = df.pow(2)  # negative: DataFrame.pow
    clipped = df["loss"].clip(lower=0.65)  # negative: Series.clip(lower=)
    masked = df.where(df > 0.5, 0.0)  # negative: DataFrame.where(cond, other)
    absolute = (df - 1).abs()  # negative: DataFrame.abs
    return shifted, scaled, diffs, ratio, powered, clipped, masked, absolute


def shape_and_size():
    df = make_frame()
    n_cells = df.size  # negative: DataFrame.size is an int attribute
    n_rows, n_cols = df.shape  # negative: DataFrame.shape
    flipped = df.transpose()  # negative: DataFrame.transpose (no dims)
    single = df[["loss"]].squeeze()  # negative: DataFrame.squeeze -> Series
    first = df["loss"].head(1).item()  # negative: Series.item
    return n_cells, n_rows, n_cols, flipped, single, first


def apply_and_group():
    df = make_frame()
    df["bucket"] = df["epoch"].apply(lambda e: "early" if e < 2 else "late")  # negative: Series.apply
    per_bucket = df.groupby("bucket").mean()  # negative: GroupBy.mean
    summed = df.groupby("bucket")["loss"].sum()  # negative: GroupBy.sum
    ranked = df.sort_values("acc", ascending=False)  # negative: DataFrame.sort_values
    renamed = df.rename(columns={"acc": "accuracy"})  # negative: DataFrame.rename
    cast = df["epoch"].astype("float32")  # negative: Series.astype with a string dtype
    copied = df.copy()  # negative: DataFrame.copy
    return per_bucket, summed, ranked, renamed, cast, copied


def string_columns():
    df = pd.DataFrame({"tags": ["a,b", "c", "d,e,f"]})
    split = df["tags"].str.split(",")  # negative: Series.str.split
    lengths = split.apply(len)  # negative: Series.apply
    joined = pd.concat([df, lengths.rename("n")], axis=1)  # negative: pd.concat, not torch.cat
    return joined


def frame_to_tensor():
    df = make_frame()
    values = df[["loss", "acc"]].to_numpy(dtype="float32")  # negative: DataFrame.to_numpy
    t = torch.tensor(values)  # positive: real tensor
    col_means = t.mean(dim=0)  # positive: tensor method
    frame_means = df[["loss", "acc"]].mean()  # negative: DataFrame.mean
    return col_means, frame_means


def update_and_fill():
    df = make_frame()
    patch = pd.DataFrame({"loss": [0.0]}, index=[3])
    df.update(patch)  # negative: DataFrame.update
    df = df.reindex(range(6))  # negative: DataFrame.reindex
    filled = df.fillna(0.0)  # negative: DataFrame.fillna
    cum = filled["loss"].cumsum()  # negative: Series.cumsum (no dim)
    any_zero = filled.eq(0).any()  # negative: DataFrame.eq / any
    return filled, cum, any_zero


if __name__ == "__main__":
    print(tensor_baseline())
    print(reductions())
    print(arithmetic())
    print(shape_and_size())
    print(apply_and_group())
    print(string_columns())
    print(frame_to_tensor())
    print(update_and_fill())
