// semantic: what Python's builtins, their methods and a few standard library calls return, and
// what a torch API call returns given the parameters it passes (the type inference's tables).
#include "semantic/builtin_kinds.h"

#include <algorithm>
#include <array>
#include <utility>

#include "parse/node_kinds.h"
#include "parse/syntax_tree.h"

namespace t2p::semantic {

using kg::ValueKind;
using parse::node_text;

namespace {

// Builtin callables and what they return.
constexpr std::array<std::pair<std::string_view, ValueKind>, 18> kBuiltinCalls{{
    {"len", ValueKind::kInt}, {"int", ValueKind::kInt}, {"float", ValueKind::kFloat},
    {"str", ValueKind::kStr}, {"repr", ValueKind::kStr}, {"list", ValueKind::kList},
    {"sorted", ValueKind::kList}, {"dict", ValueKind::kDict}, {"tuple", ValueKind::kTuple},
    {"set", ValueKind::kSet}, {"frozenset", ValueKind::kSet}, {"bool", ValueKind::kBool},
    {"isinstance", ValueKind::kBool}, {"open", ValueKind::kFile}, {"range", ValueKind::kOther},
    {"round", ValueKind::kInt /* with one argument */}, {"abs", ValueKind::kUnknown}, {"format", ValueKind::kStr},
}};

// Python's standard library calls whose result decides how a Paddle API takes it: Paddle's
// file APIs take a path string (or an io.BytesIO), not a pathlib path nor an open file.
constexpr std::array<std::pair<std::string_view, ValueKind>, 60> kStdlibCalls{{
    {"pathlib.Path", ValueKind::kPath}, {"pathlib.PurePath", ValueKind::kPath},
    {"pathlib.PosixPath", ValueKind::kPath}, {"pathlib.WindowsPath", ValueKind::kPath},
    {"pathlib.PurePosixPath", ValueKind::kPath}, {"pathlib.PureWindowsPath", ValueKind::kPath},
    {"pathlib.Path.cwd", ValueKind::kPath}, {"pathlib.Path.home", ValueKind::kPath},
    {"io.open", ValueKind::kFile}, {"io.FileIO", ValueKind::kFile},
    {"tempfile.TemporaryFile", ValueKind::kFile}, {"tempfile.NamedTemporaryFile", ValueKind::kFile},
    {"tempfile.SpooledTemporaryFile", ValueKind::kFile}, {"gzip.open", ValueKind::kFile},
    {"bz2.open", ValueKind::kFile}, {"lzma.open", ValueKind::kFile}, {"codecs.open", ValueKind::kFile},
    // Objects of the standard library that no torch method name applies to: `logger.log(msg)`,
    // `pattern.sub(repl, s)`, `parser.parse_args()` are theirs.
    {"logging.getLogger", ValueKind::kOther}, {"logging.Logger", ValueKind::kOther},
    {"logging.LoggerAdapter", ValueKind::kOther}, {"re.compile", ValueKind::kOther},
    {"argparse.ArgumentParser", ValueKind::kOther}, {"argparse.Namespace", ValueKind::kOther},
    {"random.Random", ValueKind::kOther}, {"threading.Thread", ValueKind::kOther},
    {"threading.Lock", ValueKind::kOther}, {"threading.RLock", ValueKind::kOther},
    {"threading.Event", ValueKind::kOther}, {"queue.Queue", ValueKind::kOther},
    {"collections.deque", ValueKind::kOther}, {"collections.Counter", ValueKind::kOther},
    {"subprocess.Popen", ValueKind::kOther}, {"socket.socket", ValueKind::kOther},
    // Paths and listings: `songs = os.listdir(d)` then `songs.sort()` is list.sort.
    {"os.listdir", ValueKind::kList}, {"glob.glob", ValueKind::kList}, {"os.getcwd", ValueKind::kStr},
    {"os.path.join", ValueKind::kStr}, {"os.path.basename", ValueKind::kStr}, {"os.path.dirname", ValueKind::kStr},
    {"os.path.abspath", ValueKind::kStr}, {"os.path.expanduser", ValueKind::kStr}, {"os.path.realpath", ValueKind::kStr},
    // Numbers: `tensor.mul_(std * math.sqrt(2.))` passes a Python float where Paddle's
    // in-place operators take only a Tensor.
    {"math.sqrt", ValueKind::kFloat}, {"math.exp", ValueKind::kFloat}, {"math.log", ValueKind::kFloat},
    {"math.log2", ValueKind::kFloat}, {"math.log10", ValueKind::kFloat}, {"math.log1p", ValueKind::kFloat},
    {"math.pow", ValueKind::kFloat}, {"math.cos", ValueKind::kFloat}, {"math.sin", ValueKind::kFloat},
    {"math.tan", ValueKind::kFloat}, {"math.atan", ValueKind::kFloat}, {"math.tanh", ValueKind::kFloat},
    {"math.hypot", ValueKind::kFloat}, {"math.fabs", ValueKind::kFloat}, {"math.floor", ValueKind::kInt},
    {"math.ceil", ValueKind::kInt}, {"math.isqrt", ValueKind::kInt}, {"math.gcd", ValueKind::kInt},
}};

}  // namespace

bool builtin_call_result(std::string_view name, ValueKind* kind) {
  for (const auto& [builtin, result] : kBuiltinCalls) {
    if (builtin == name) {
      *kind = result;
      return true;
    }
  }
  return false;
}

// Methods of builtin kinds whose result kind is worth knowing.
ValueKind builtin_method_result(ValueKind receiver, std::string_view method) {
  if (receiver == ValueKind::kStr) {
    if (method == "split" || method == "rsplit" || method == "splitlines") return ValueKind::kList;
    if (method == "startswith" || method == "endswith" || method.rfind("is", 0) == 0) return ValueKind::kBool;
    if (method == "find" || method == "index" || method == "count" || method == "rfind") return ValueKind::kInt;
    if (method == "encode") return ValueKind::kOther;
    return ValueKind::kStr;
  }
  if (receiver == ValueKind::kDict) {
    if (method == "copy") return ValueKind::kDict;
    if (method == "keys" || method == "values" || method == "items") return ValueKind::kOther;
    return ValueKind::kUnknown;
  }
  if (receiver == ValueKind::kList) {
    if (method == "copy") return ValueKind::kList;
    if (method == "index" || method == "count") return ValueKind::kInt;
    return ValueKind::kUnknown;
  }
  if (receiver == ValueKind::kNdarray) {
    if (method == "tolist") return ValueKind::kList;
    if (method == "item") return ValueKind::kFloat;
    return ValueKind::kNdarray;
  }
  if (receiver == ValueKind::kDataFrame) return ValueKind::kDataFrame;
  if (receiver == ValueKind::kPath) {
    for (std::string_view m : {"with_suffix", "with_name", "with_stem", "joinpath", "resolve", "absolute",
                               "expanduser", "relative_to"}) {
      if (method == m) return ValueKind::kPath;
    }
    if (method == "open") return ValueKind::kFile;
    if (method == "as_posix" || method == "read_text") return ValueKind::kStr;
    if (method == "exists" || method.rfind("is_", 0) == 0) return ValueKind::kBool;
    return ValueKind::kUnknown;
  }
  return ValueKind::kUnknown;
}

// What `call` of `rec` returns: `returns`, unless the call passes a parameter of `returns_with`
// (`x.size()` is a torch.Size, `x.size(0)` one int).
ValueKind returned_with(const kg::ApiRecord& rec, TSNode call, std::string_view src) {
  if (rec.returns_with.empty()) return rec.returns;
  const auto& k = parse::NodeKinds::get();
  TSNode args = ts_node_child_by_field_id(call, parse::NodeFields::get().arguments);
  const uint32_t n = ts_node_is_null(args) ? 0 : ts_node_named_child_count(args);
  for (const auto& [param, kind] : rec.returns_with) {
    size_t index = 0;
    while (index < rec.torch_params.size() && rec.torch_params[index].name != param) ++index;
    if (index == rec.torch_params.size()) continue;
    uint32_t positional = 0;
    for (uint32_t i = 0; i < n; ++i) {
      TSNode a = ts_node_named_child(args, i);
      TSSymbol s = ts_node_symbol(a);
      if (s == k.keyword_argument) {
        if (node_text(ts_node_child_by_field_id(a, parse::NodeFields::get().name), src) == param) return kind;
      } else if (s == k.list_splat || s == k.dictionary_splat) {
        return rec.returns;  // what the splat passes is unknown
      } else if (s != k.comment) {
        ++positional;
      }
    }
    if (!rec.torch_params[index].keyword_only && positional > index) return kind;
  }
  return rec.returns;
}

ValueKind stdlib_call_result(std::string_view qualname) {
  for (const auto& [name, kind] : kStdlibCalls) {
    if (name == qualname) return kind;
  }
  return ValueKind::kUnknown;
}

bool is_non_torch_library(std::string_view qualname, ValueKind* result) {
  auto root = qualname.substr(0, qualname.find('.'));
  if (root == "numpy") {
    *result = ValueKind::kNdarray;
    return true;
  }
  if (root == "pandas") {
    *result = ValueKind::kDataFrame;
    return true;
  }
  return false;
}

bool is_python_builtin(std::string_view name) {
  static constexpr std::array<std::string_view, 48> kBuiltins{
      "abs", "all", "any", "bool", "bytes", "callable", "chr", "dict", "dir", "divmod",
      "enumerate", "filter", "float", "format", "frozenset", "getattr", "hasattr", "hash",
      "id", "input", "int", "isinstance", "issubclass", "iter", "len", "list", "map", "max",
      "min", "next", "object", "open", "ord", "pow", "print", "range", "repr", "reversed",
      "round", "set", "setattr", "slice", "sorted", "str", "sum", "super", "tuple", "zip"};
  return std::find(kBuiltins.begin(), kBuiltins.end(), name) != kBuiltins.end();
}

}  // namespace t2p::semantic
