-- Run by nvim_e2e.sh in a headless Neovim (0.7): its built-in LSP client starts `torch2paddle lsp`
-- on $T2P_FILE, waits for diagnostics, applies the fix-all code action and writes the buffer.
local function run()
  local bin, file = os.getenv("T2P_BIN"), os.getenv("T2P_FILE")
  vim.cmd("edit " .. vim.fn.fnameescape(file))
  local buf = vim.api.nvim_get_current_buf()
  local id = vim.lsp.start_client({ name = "torch2paddle", cmd = { bin, "lsp" }, root_dir = vim.fn.fnamemodify(file, ":h") })
  assert(id, "the client did not start")
  vim.lsp.buf_attach_client(buf, id)
  assert(vim.wait(60000, function() return #vim.diagnostic.get(buf) > 0 end, 50), "no diagnostics")
  local diagnostics = vim.diagnostic.get(buf)
  io.stdout:write(#diagnostics .. " diagnostics\n")
  local params = {
    textDocument = { uri = vim.uri_from_bufnr(buf) },
    range = { start = { line = 0, character = 0 }, ["end"] = { line = 0, character = 0 } },
    context = { diagnostics = {}, only = { "source.fixAll.torch2paddle" } },
  }
  local responses = vim.lsp.buf_request_sync(buf, "textDocument/codeAction", params, 60000)
  assert(responses, "no code action response")
  local action
  for _, r in pairs(responses) do
    for _, a in ipairs(r.result or {}) do
      if a.kind == "source.fixAll.torch2paddle" then action = a end
    end
  end
  assert(action, "no fix-all action")
  vim.lsp.util.apply_workspace_edit(action.edit, "utf-16")
  vim.cmd("write")
  -- The server sees the change and, the file converted, has nothing left to report.
  assert(vim.wait(60000, function() return #vim.diagnostic.get(buf) == 0 end, 50), "diagnostics left after fix-all")
end

local ok, err = pcall(run)
if not ok then
  io.stderr:write("FAIL: " .. tostring(err) .. "\n")
  vim.cmd("cquit 1")
end
vim.cmd("qall!")
