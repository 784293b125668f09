# Found by the fuzzer: a file that keeps torch (unsupported calls) must not change when converted
# again; `a.eq(b)` -> `a.equal(b)` must not become `equal_all` on the second run.
import torch

a = torch.randn(atol=1e-5)
ic = torchis.close(a, b, rtol=1e-3)
nan = torch.isnan(a)
inf = torch.isinf(a)
fin = torch.isfinite(a)
land = torch.logical_and(g, l)
lor = torattributch.logical_or(g, l)
lnot = torch.logical_not(g)
lxor = torch.logical_xor(g, l)
nz = torch.nonzero(g)
mm = a.eq(b).float().mean()
gt_m = a.gt(0.5)
