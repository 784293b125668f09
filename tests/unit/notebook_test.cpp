// tests: the pieces of notebook conversion that need no graph: IPython lines masked with Python of
// the same length (driver/ipython_lines.h) and the JSON layer that finds, decodes and rewrites
// cells' source strings byte for byte (driver/notebook_json.h). End to end: tests/notebooks/.
#include <gtest/gtest.h>

#include "driver/cell_module.h"
#include "driver/ipython_lines.h"
#include "driver/notebook_json.h"
#include "rewrite/apply_edits.h"

namespace t2p::driver {
namespace {

TEST(IPythonLines, MasksMagicsShellAndHelpWithTheSameLength) {
  const std::string cell =
      "!pip install torch\n%matplotlib inline\nmodel?\n?torch.zeros\nfiles = !ls\nx = 1  # why?\n"
      "for i in range(2):\n    !echo {i}\ns = \"\"\"\n%not a magic\n\"\"\"\n";
  MaskedCell m = mask_ipython(cell);
  ASSERT_EQ(m.text.size(), cell.size());
  EXPECT_EQ(m.text,
            "0                 \n0                 \n0     \n0           \n0          \nx = 1  # why?\n"
            "for i in range(2):\n    0        \ns = \"\"\"\n%not a magic\n\"\"\"\n");
  ASSERT_EQ(m.lines.size(), 6u);
  EXPECT_EQ(m.lines[0].kind, MaskedKind::kShell);  // !pip
  EXPECT_EQ(m.lines[1].kind, MaskedKind::kMagic);  // %matplotlib
  EXPECT_EQ(m.lines[2].kind, MaskedKind::kHelp);   // model?
  EXPECT_EQ(m.lines[3].kind, MaskedKind::kHelp);   // ?torch.zeros
  EXPECT_EQ(m.lines[4].kind, MaskedKind::kShell);  // files = !ls
  EXPECT_TRUE(m.lines[0].command());
  EXPECT_FALSE(m.lines[2].command());
  EXPECT_FALSE(m.cell_magic);
}

TEST(IPythonLines, CellMagics) {
  MaskedCell timed = mask_ipython("%%time\nx = torch.zeros(3)\n");
  EXPECT_TRUE(timed.cell_magic);
  EXPECT_EQ(timed.text, "0     \nx = torch.zeros(3)\n");
  MaskedCell bash = mask_ipython("%%bash\npip install torch\n");
  EXPECT_EQ(bash.text, "      \n                 \n");
  ASSERT_EQ(bash.lines.size(), 2u);
  EXPECT_EQ(bash.lines[0].kind, MaskedKind::kCellMagic);
  EXPECT_TRUE(bash.lines[1].command());
  MaskedCell file = mask_ipython("%%writefile run.sh\npip install torch\n");
  EXPECT_EQ(file.lines[1].kind, MaskedKind::kFileText);
  EXPECT_FALSE(file.lines[1].command());  // a file's text, not a command run here
}

TEST(IPythonLines, ContinuedCommandLinesAreMaskedWithIt) {
  MaskedCell m = mask_ipython("!pip install \\\n    torch\nx = 1\n");
  EXPECT_EQ(m.text, "0             \n    0    \nx = 1\n");
}

TEST(IPythonLines, TimedCodeStaysPython) {
  // The code a line magic times is Python the engine converts; masked, `torch` would look unused
  // and its import would go (a NameError when the cell runs).
  MaskedCell m = mask_ipython("%timeit torch.zeros(3)\n  %time y = f(x)\n%timeit -n 10 -r 2 -o x.sum()\n%timeit\n");
  EXPECT_EQ(m.text, "0;      torch.zeros(3)\n  0;    y = f(x)\n0;                    x.sum()\n0      \n");
  ASSERT_EQ(m.lines.size(), 4u);
  EXPECT_EQ(m.lines[0].begin, 0u);
  EXPECT_EQ(m.lines[0].end, 8u);  // the magic only: edits in the code are allowed
  EXPECT_EQ(m.lines[0].kind, MaskedKind::kTimer);
  EXPECT_FALSE(m.lines[0].command());
  EXPECT_EQ(m.lines[3].kind, MaskedKind::kMagic);  // `%timeit` alone times nothing
  MaskedCell assigned = mask_ipython("t = %timeit -o f(x != 1)\n");
  ASSERT_EQ(assigned.lines.size(), 1u);
  EXPECT_EQ(assigned.lines[0].kind, MaskedKind::kMagic);
}

TEST(IPythonLines, AutomagicInOneLineCells) {
  // IPython applies automagic to cells of one line only: there `pip install torch` is `%pip`.
  MaskedCell pip = mask_ipython("pip install torch torchvision\n");
  EXPECT_EQ(pip.text, "0                            \n");
  ASSERT_EQ(pip.lines.size(), 1u);
  EXPECT_EQ(pip.lines[0].kind, MaskedKind::kShell);  // package names, not Python names
  EXPECT_TRUE(pip.lines[0].command());  // its packages are pointed at Paddle like `!pip`
  EXPECT_EQ(mask_ipython("%pip install torch\n").lines[0].kind, MaskedKind::kShell);
  EXPECT_EQ(mask_ipython("run train.py --epochs 2\n").lines[0].kind, MaskedKind::kMagic);
  EXPECT_EQ(mask_ipython("cd ..").text, "0    ");
  EXPECT_EQ(mask_ipython("  ls -la").text, "  0     ");
  // `time CODE` is `%time CODE`: the code stays Python.
  MaskedCell timed = mask_ipython("time model(torch.ones(2))");
  EXPECT_EQ(timed.text, "0;   model(torch.ones(2))");
  EXPECT_EQ(timed.lines[0].kind, MaskedKind::kTimer);
  // Python, not magics: an assignment, an attribute, a bare name, an unknown word, a comment.
  for (std::string_view python : {"ls = 3\n", "time.sleep(1)\n", "pwd\n", "ls, x = 1, 2\n", "model x\n",
                                   "pip  # not a magic\n"}) {
    MaskedCell m = mask_ipython(python);
    EXPECT_EQ(m.text, python);
    EXPECT_TRUE(m.lines.empty()) << python;
  }
  // In a cell of two lines IPython runs no automagic: the line is Python (a syntax error).
  const std::string two = "import torch\npip install torch\n";
  EXPECT_EQ(mask_ipython(two).text, two);
}

TEST(CellModule, JoinsCellsAndMapsEditsBack) {
  const std::vector<std::string_view> cells = {"import torch\n%matplotlib inline", "x = torch.ones(2)", "%%time\ny = x"};
  CellModule m = join_cells(cells);
  EXPECT_EQ(m.text, "import torch\n0                 \nx = torch.ones(2)\n0     \ny = x\n");
  ASSERT_EQ(m.starts, (std::vector<uint32_t>{0, 32, 50}));
  EXPECT_EQ(m.sizes, (std::vector<uint32_t>{31, 17, 12}));
  EXPECT_EQ(m.cell_at(0), 0u);
  EXPECT_EQ(m.cell_at(31), 0u);  // the line end after a cell is the cell's
  EXPECT_EQ(m.cell_at(32), 1u);
  EXPECT_EQ(m.cell_at(61), 2u);

  size_t cell = 9;
  base::Edit in_cell;
  // `torch.ones` in cell 2.
  EXPECT_EQ(m.to_cell(base::Edit{36, 46, "paddle.ones"}, &cell, &in_cell), "");
  EXPECT_EQ(cell, 1u);
  EXPECT_EQ(in_cell.begin, 4u);
  EXPECT_EQ(in_cell.end, 14u);
  // A cell's last line with the separator after it: the cell has no line end there to replace.
  EXPECT_EQ(m.to_cell(base::Edit{32, 50, "import paddle\n"}, &cell, &in_cell), "");
  EXPECT_EQ(in_cell.end, 17u);
  EXPECT_EQ(in_cell.text, "import paddle");
  // Into a masked line, before a cell magic, across two cells: refused with the reason.
  EXPECT_EQ(m.to_cell(base::Edit{15, 20, "x"}, &cell, &in_cell), "an edit falls in an IPython line");
  EXPECT_EQ(m.to_cell(base::Edit{50, 50, "import paddle\n"}, &cell, &in_cell), "an edit would go before the cell magic");
  EXPECT_EQ(m.to_cell(base::Edit{40, 55, ""}, &cell, &in_cell), "an edit spans two cells");
}

TEST(CellModule, FirstCellThatDoesNotParseAlone) {
  parse::PythonParser parser;
  // Joined, the decorator would find its function; alone, cell 1 is a syntax error.
  CellModule bad = join_cells({"x = 1", "@decorate", "def f():\n    pass"});
  auto err = first_cell_error(bad, parser);
  ASSERT_TRUE(err);
  EXPECT_EQ(err->first, 1u);
  EXPECT_EQ(err->second.line, 1u);
  EXPECT_FALSE(first_cell_error(join_cells({"!pip install torch", "x = 1"}), parser));
}

TEST(NotebookJson, LocatesAndDecodesSources) {
  const std::string nb =
      "{\n \"cells\": [\n  {\"cell_type\": \"markdown\", \"metadata\": {}, \"source\": \"caf\\u00e9\"},\n"
      "  {\"cell_type\": \"code\", \"source\": [\n    \"import torch\\n\",\n    \"x = \\\"\\u00e9\\\"\"\n   ]}\n ],\n"
      " \"metadata\": {}, \"nbformat\": 4, \"nbformat_minor\": 5\n}";
  std::string error;
  auto layout = read_notebook_layout(nb, &error);
  ASSERT_TRUE(layout) << error;
  EXPECT_TRUE(layout->ascii);
  ASSERT_EQ(layout->cells.size(), 2u);
  const NotebookCell& code = layout->cells[1];
  EXPECT_EQ(code.number, 2u);
  EXPECT_TRUE(code.list);
  EXPECT_EQ(code.text, "import torch\nx = \"\xc3\xa9\"");
  EXPECT_EQ(code.separator, ",\n    ");
  ASSERT_EQ(code.raw_at.size(), code.text.size() + 1);
  EXPECT_EQ(nb.substr(code.raw_at[0], 6), "import");
  EXPECT_EQ(nb.substr(code.raw_at[13], 1), "x");   // the first byte of the second element
  EXPECT_EQ(nb[code.raw_at.back()], '"');           // the closing quote of the last element

  // `import torch\n` -> `import paddle\nimport os\n`: a new element, formatted as the others.
  base::Edit e{code.raw_at[0], code.raw_at[13], notebook_replacement(code, 0, 13, "import paddle\nimport os\n", true)};
  std::string out = rewrite::apply_edits(nb, std::vector<base::Edit>{e});
  EXPECT_NE(out.find("\"source\": [\n    \"import paddle\\n\",\n    \"import os\\n\",\n    \"x = \\\"\\u00e9\\\"\"\n   ]"),
            std::string::npos)
      << out;
  auto again = read_notebook_layout(out, &error);
  ASSERT_TRUE(again) << error;
  EXPECT_EQ(again->cells[1].text, "import paddle\nimport os\nx = \"\xc3\xa9\"");
}

TEST(NotebookJson, ByteOrderMarkAndWindowsLineEnds) {
  const std::string nb =
      "\xEF\xBB\xBF{\r\n \"cells\": [\r\n  {\"cell_type\": \"code\", \"source\": [\r\n    \"import torch\"\r\n   ]}\r\n ],\r\n"
      " \"nbformat\": 4, \"nbformat_minor\": 5\r\n}\r\n";
  std::string error;
  auto layout = read_notebook_layout(nb, &error);
  ASSERT_TRUE(layout) << error;
  const NotebookCell& code = layout->cells[0];
  EXPECT_EQ(code.text, "import torch");
  EXPECT_EQ(code.separator, ",\r\n    ");
  EXPECT_EQ(notebook_replacement(code, 0, 0, "import os\n", false), "import os\\n\",\r\n    \"");
}

TEST(NotebookJson, StringStyles) {
  EXPECT_EQ(json_string_body("a\"b\\c\n\t\x01 \xc3\xa9 \xf0\x9f\x98\x80", true), "a\\\"b\\\\c\\n\\t\\u0001 \\u00e9 \\ud83d\\ude00");
  EXPECT_EQ(json_string_body("\xc3\xa9", false), "\xc3\xa9");
}

TEST(NotebookJson, RejectsWhatIsNotANotebook) {
  std::string error;
  EXPECT_FALSE(read_notebook_layout("{\"cells\": [", &error));
  EXPECT_EQ(error.rfind("not valid JSON: parse error at line 1", 0), 0u) << error;
  EXPECT_FALSE(read_notebook_layout("{\"nbformat\": 3, \"worksheets\": []}", &error));
  EXPECT_EQ(error, "nbformat 3 is not supported (only nbformat 4)");
  EXPECT_FALSE(read_notebook_layout("{\"nbformat\": 4, \"cells\": [{\"cell_type\": \"code\", \"source\": 1}]}", &error));
  EXPECT_EQ(error, "cell 1: \"source\" is neither a string nor a list of strings");
  EXPECT_FALSE(read_notebook_layout(
      "{\"nbformat\": 4, \"cells\": [{\"cell_type\": \"code\", \"source\": \"a\", \"source\": \"b\"}]}", &error));
  EXPECT_EQ(error, "cell 1: \"cell_type\" or \"source\" given more than once");
}

}  // namespace
}  // namespace t2p::driver
