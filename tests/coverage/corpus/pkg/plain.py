def g(x):
    return x.sum()  # needs review
