// driver: the IPython syntax of a notebook cell (`%magic`, `%%cell magic`, `!shell`, `?obj`,
// `obj?`, `x = !cmd`) hidden behind Python of the same length, so the cell parses as Python and
// every offset still points at the same byte. The masked lines are never edited by the engine.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace t2p::driver {

// What a masked line is, which decides what else reads it.
enum class MaskedKind : uint8_t {
  kShell,      // `!cmd`, `files = !ls`, `%pip ...`, a `%%bash` line, an automagic `pip install x`
  kMagic,      // `%magic ...`, `t = %timeit -o f()`, an automagic `run train.py`: may run Python
  kTimer,      // `%timeit -n 10 ` before the code it times, which stays Python
  kHelp,       // `obj?`, `?obj`
  kCellMagic,  // the `%%name` line itself
  kFileText,   // a line of a `%%writefile` cell: a file's text, not run here
};

struct MaskedLine {
  uint32_t begin = 0;  // offsets in the cell; [begin, end) is the line without its line end
  uint32_t end = 0;
  MaskedKind kind = MaskedKind::kShell;
  // A shell line or magic whose text may hold a `pip install`.
  bool command() const { return kind == MaskedKind::kShell || kind == MaskedKind::kMagic; }
};

struct MaskedCell {
  std::string text;                // the cell, same length, IPython lines masked
  std::vector<MaskedLine> lines;   // the masked lines, in order
  // The cell starts with a cell magic (`%%time`): nothing may be put before its first line.
  bool cell_magic = false;
};

// Masks the IPython lines of `cell`. A line is replaced, after its indentation, by `0` and spaces
// (an expression statement, valid where any statement is). A cell magic whose body is Python
// (`%%time`, `%%timeit`, `%%capture`, `%%prun`) masks only its first line; any other cell magic
// (`%%bash`, `%%writefile f.py`, `%%html`) masks the whole cell, which is then kept as written
// (its lines count as commands, except under `%%writefile`, whose body is a file's text).
// A line magic timing Python code (`%time f(x)`, `%timeit -n 10 f(x)`) masks only the magic and
// its options (`0;` and spaces): the code is converted like any other, and its names keep their
// imports.
MaskedCell mask_ipython(std::string_view cell);

}  // namespace t2p::driver
