# out= forms: one tensor -> paddle.assign(result, out); several outputs on a statement of its own
# -> the names are bound to the results (for APIs whose Paddle form returns the same results);
# template cases (randint) honour out=, requires_grad= and pin_memory= too.
import torch

x = torch.randn(4, 4)
y = torch.empty(4, 4)
torch.abs(x, out=y)
torch.linalg.eig(x, out=(L, V))
torch.qr(x, out=[q, r])
torch.cummax(x, 1, out=(values, indices))
r = torch.randint(10, (2, 2))
torch.randint(10, (2, 2), out=r)
g = torch.randint(10, (2, 2), requires_grad=False)
p = torch.randint(3, 10, (2, 2), pin_memory=True)
a = torch.randn(4, 4)
k = torch.randn(5)
torch.cummin(k, 0, out=(cv, ci))
torch.frexp(k, out=(mant, expo))
torch.kthvalue(k, 2, out=(kval, kidx))
torch.linalg.lu_factor(a, out=(LU, piv))
torch.linalg.lu_factor_ex(a, out=(LU, piv, linfo))
torch.linalg.svd(a, out=(U, S, Vh))
torch.mode(k, 0, out=(mv, mi))
torch.lu(a, get_infos=True, out=(A_LU, pivots, infos))
torch.svd(a, out=(u, s, v))
# Not converted: the call's value is used, an output is not a plain name, or Paddle returns other results.
z = torch.qr(x, out=(q, r))
torch.qr(x, out=(q, r + 1))
torch.kthvalue(k, 2, 0, out=kv)
torch.sort(k, out=(sv, si))
torch.linalg.inv_ex(a, out=(inv, iinfo))
