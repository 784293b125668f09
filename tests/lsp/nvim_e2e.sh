#!/usr/bin/env bash
# End to end with a real editor: Neovim's built-in LSP client (headless) opens a file, gets the
# diagnostics of `torch2paddle lsp`, applies the fix-all code action and writes the buffer; the file
# must then equal what `torch2paddle convert` writes. Skipped (77) without nvim.
# usage: nvim_e2e.sh TORCH2PADDLE
set -euo pipefail
bin=$1
here=$(cd "$(dirname "$0")" && pwd)
command -v nvim >/dev/null || { echo "nvim is not installed (apt-get install neovim): skipped"; exit 77; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cat > "$tmp/model.py" <<'PY'
"""A model with 中文 and emoji 😀 in it."""
import torch
import torch.nn as nn


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 2)  # 全连接层

    def forward(self, x):
        return torch.relu(self.fc(x))


s = "😀🎉"; x = torch.zeros(3, 4)
y = torch.cat([x, x], dim=0)
label = "a	b";	z = torch.abs(y)  # a tab before the call
PY
"$bin" convert "$tmp/model.py" -o "$tmp/expected.py" -q
T2P_BIN=$bin T2P_FILE=$tmp/model.py HOME=$tmp timeout 120 \
  nvim --headless --clean -n -i NONE -c "luafile $here/nvim_e2e.lua" </dev/null
if ! cmp -s "$tmp/model.py" "$tmp/expected.py"; then
  echo "FAIL: the buffer written after fix-all differs from convert's output:"
  diff -u "$tmp/expected.py" "$tmp/model.py" || true
  exit 1
fi
echo "nvim e2e: fix-all in Neovim equals convert"
