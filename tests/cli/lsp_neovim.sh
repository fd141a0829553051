#!/usr/bin/env bash
# lsp_neovim.sh: a real client. Neovim, headless, with its built-in LSP
# client and a config this test writes, opens a broken file of each
# dialect and starts `mipsas --lsp` / `lc3as --lsp` for it; the config
# writes the diagnostics Neovim received to a file, and the test checks
# their line, column, severity and message; then a file of each dialect
# with a finding of the checks, read back with its source and code. Fails without nvim:
# scripts/setup-deps.sh installs it.
#
#   lsp_neovim.sh MIPSAS LC3AS SOURCE_DIR
if [[ $# -ne 3 ]]; then
    echo "usage: $0 MIPSAS LC3AS SOURCE_DIR" >&2
    exit 2
fi
command -v nvim > /dev/null 2>&1 || { echo "FAIL: no nvim (scripts/setup-deps.sh installs neovim)"; exit 1; }
mipsas=$1 lc3as=$2 src=$3 name=lsp_neovim tool=nvim
. "$(dirname "${BASH_SOURCE[0]}")/cli_lib.sh"

# Neovim keeps its state, logs and caches under these: the scratch folder.
export XDG_CONFIG_HOME=$tmp/config XDG_DATA_HOME=$tmp/data XDG_STATE_HOME=$tmp/state
export XDG_CACHE_HOME=$tmp/cache HOME=$tmp

# The config: start the server for the buffer (vim.lsp.start_client and
# buf_attach_client, as Neovim 0.7 has them), wait up to 10 s for its
# diagnostics, write them one a line (0-based line and column, severity,
# message, and for a check's finding its source and code) to the file in
# LSP_OUT, and quit.
cat > "$tmp/init.lua" <<'LUA'
-- The file is loaded after this config runs: act once Neovim has entered.
vim.api.nvim_create_autocmd('VimEnter', { callback = function()
  local out = os.getenv('LSP_OUT')
  local buf = vim.api.nvim_get_current_buf()
  local client = vim.lsp.start_client({
    name = 'asm-lsp',
    cmd = { os.getenv('LSP_SERVER'), '--lsp' },
    root_dir = vim.fn.getcwd(),
  })
  local lines = {}
  if not client then
    lines = { 'no client' }
  else
    vim.lsp.buf_attach_client(buf, client)
    vim.wait(10000, function() return #vim.diagnostic.get(buf) > 0 end, 50)
    for _, d in ipairs(vim.diagnostic.get(buf)) do
      local line = string.format('%d:%d:%d:%s', d.lnum, d.col, d.severity, d.message)
      if d.source then -- a check's finding: where it comes from and its code
        line = line .. string.format(' [%s %s]', d.source, tostring(d.code))
      end
      table.insert(lines, line)
    end
    table.sort(lines)
  end
  local f = io.open(out, 'w')
  f:write(table.concat(lines, '\n') .. '\n')
  f:close()
  vim.cmd('qa!')
end })
LUA

# neovim SERVER FILE: Neovim edits FILE with SERVER; diagnostics in $tmp/diags.
neovim() {
    cp "$2" "$tmp/"
    (cd "$tmp" && LSP_OUT=$tmp/diags LSP_SERVER=$1 \
        timeout 30 nvim --headless -n -i NONE -u "$tmp/init.lua" "$(basename "$2")" \
        < /dev/null > "$tmp/nvim.out" 2>&1)
    local status=$?
    [[ $status == 0 ]] || { fail "nvim exited with status $status"; cat "$tmp/nvim.out"; }
}

neovim "$mipsas" "$src/tests/lsp/mips_bad.asm"
contains "mips: the operand error at its line and column" "$tmp/diags" \
    '2:8:1:"addi": Too few or incorrectly formatted operands. Expected: addi $t1,$t2,-100'
contains "mips: the warning as a warning" "$tmp/diags" \
    '3:8:2:MARS currently ignores the .set directive.'
contains "mips: the undefined symbol" "$tmp/diags" \
    '4:18:1:Symbol "nowhere" not found in symbol table.'

neovim "$mipsas" "$src/tests/lsp/mips_checks.asm"
contains "mips: a check's finding, its source and code" "$tmp/diags" \
    '9:12:2:writes $zero, which stays 0: the result is lost [asmtools-check zero-write]'

neovim "$lc3as" "$src/tests/lsp/lc3_checks.asm"
contains "lc3: a check's finding, its source and code" "$tmp/diags" \
    '4:8:2:TRAP x26: the OS has no routine at this vector (it prints "Undefined trap executed" and halts) [asmtools-check unused-trap]'

neovim "$lc3as" "$src/tests/lsp/lc3_bad.asm"
contains "lc3: the immediate out of range" "$tmp/diags" '2:20:1:#40 does not fit in imm5 (-16..15)'
contains "lc3: the undefined label" "$tmp/diags" "3:15:1:undefined label 'NOWHERE'"
contains "lc3: the missing .END, a warning" "$tmp/diags" '1:8:2:the block from line 2 has no .END'

exit $failed
