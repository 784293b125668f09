// tools/graph, doc importer: turns parsed doc pieces into facts (argument actions, node kinds, returns).
#include "graph/doc_facts.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <optional>

namespace t2p::kg {
namespace {

// ---- note keywords --------------------------------------------------------------------------
// The param-table notes follow the phrasing prescribed by pytorch_api_mapping_format_cn.md.
// Keys are matched against the note with spaces removed and ASCII lowercased.
enum class Cue { unsupported, drop, rewrite, default_diff, deprecated, not_supported };
struct CueWord {
  Cue cue;
  std::string_view word;
};
constexpr CueWord kCueWords[] = {
    {Cue::unsupported, "暂无转写方式"},      // "Paddle 无此参数，暂无转写方式。"
    {Cue::unsupported, "无法转写"},
    {Cue::not_supported, "暂不支持"},        // "Paddle 暂不支持该参数"
    {Cue::not_supported, "不支持"},
    {Cue::not_supported, "无此功能"},
    {Cue::drop, "可直接删除"},               // "一般对网络训练结果影响不大，可直接删除。"
    {Cue::drop, "直接删除"},
    {Cue::drop, "对网络训练结果影响不大"},
    {Cue::drop, "可删除"},
    {Cue::rewrite, "转写"},                  // "需要转写" / "需要进行转写" / "转写方式取反即可"
    {Cue::rewrite, "用法不一致"},
    {Cue::rewrite, "类型不一致"},
    {Cue::rewrite, "相反"},                  // "取值相反" / "两者功能刚好相反"
    {Cue::rewrite, "不直接一致"},            // "两者功能上不直接一致，但可通过设置 ..."
    {Cue::default_diff, "默认值不一致"},     // "参数默认值不一致，Paddle 需保持与 PyTorch 一致。"
    {Cue::default_diff, "默认值不一样"},
    {Cue::default_diff, "默认值不同"},
    {Cue::default_diff, "需保持与pytorch一致"},
    {Cue::default_diff, "需设置为与pytorch一致"},
    {Cue::default_diff, "应设置为与pytorch一致"},
    {Cue::deprecated, "已弃用"},
    {Cue::deprecated, "已废弃"},
};
// Phrases that contain a cue word but mean its opposite; erased before matching.
constexpr std::array<std::string_view, 3> kNegations{{"无需转写", "不需要转写", "无需进行转写"}};

// Phrases after which a Paddle-only row states the value Paddle must be given.
constexpr std::string_view kSetValueWords[] = {
    "需将其设置为", "需要设置为", "需设置为", "应设置为", "需设置成", "需要设为", "需设为", "应设为",
    "Paddle 设置为", "paddle 设置为", "取值为", "取值",
};
constexpr std::string_view kPaddleIsWords[] = {"Paddle 为", "Paddle为", "paddle 为"};

// Special PyTorch parameters the converter handles itself when Paddle lacks them.
constexpr std::array<std::string_view, 4> kHandledParams{{"dtype", "device", "requires_grad", "pin_memory"}};

struct Cues {
  bool unsupported = false, drop = false, rewrite = false, default_diff = false, deprecated = false,
       not_supported = false;
};

std::string squash(std::string_view note) {
  std::string out;
  for (char c : note) {
    if (c == ' ' || c == '\t') continue;
    out.push_back(static_cast<char>(std::tolower(static_cast<unsigned char>(c))));
  }
  for (std::string_view neg : kNegations) {
    for (size_t p = out.find(neg); p != std::string::npos; p = out.find(neg)) out.erase(p, neg.size());
  }
  return out;
}

Cues read_cues(std::string_view note) {
  const std::string s = squash(note);
  Cues c;
  for (const auto& [cue, word] : kCueWords) {
    if (s.find(word) == std::string::npos) continue;
    switch (cue) {
      case Cue::unsupported: c.unsupported = true; break;
      case Cue::drop: c.drop = true; break;
      case Cue::rewrite: c.rewrite = true; break;
      case Cue::default_diff: c.default_diff = true; break;
      case Cue::deprecated: c.deprecated = true; break;
      case Cue::not_supported: c.not_supported = true; break;
    }
  }
  // "暂无转写方式" contains "转写" but says the opposite of "needs a rewrite".
  if (c.unsupported && s.find("需要转写") == std::string::npos) c.rewrite = false;
  return c;
}

bool is_ident(std::string_view s) {
  if (s.empty() || !(std::isalpha(static_cast<unsigned char>(s[0])) || s[0] == '_')) return false;
  for (char c : s) {
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_')) return false;
  }
  return true;
}

// `input`, `*size`, `**kwargs`.
bool is_param_name(std::string_view s) {
  size_t stars = 0;
  while (stars < s.size() && stars < 2 && s[stars] == '*') ++stars;
  return is_ident(s.substr(stars));
}

bool is_number(std::string_view s) {
  if (!s.empty() && (s[0] == '-' || s[0] == '+')) s.remove_prefix(1);
  if (s.empty()) return false;
  bool digit = false;
  for (char c : s) {
    if (std::isdigit(static_cast<unsigned char>(c))) digit = true;
    else if (c != '.' && c != 'e' && c != 'E' && c != '-' && c != '+') return false;
  }
  return digit;
}

bool is_ascii(std::string_view s) {
  for (char c : s) {
    if (static_cast<unsigned char>(c) >= 0x80) return false;
  }
  return true;
}

std::optional<std::string> torch_default(const std::vector<std::string>& torch_params, std::string_view name) {
  for (const std::string& token : torch_params) {
    if (param_name(token) == name) return param_default(token);
  }
  return std::nullopt;
}

DocArg make_arg(std::string torch, std::string paddle, std::string action, std::string reason = {}) {
  DocArg a;
  a.torch = std::move(torch);
  a.paddle = std::move(paddle);
  a.action = std::move(action);
  a.reason = std::move(reason);
  return a;
}

// A row whose first cell is about the result, not a parameter ("返回值", "forward 类方法返回值").
bool is_result_row(std::string_view cell) {
  return cell.find("返回值") != std::string_view::npos || cell.find("运算 Tensor") != std::string_view::npos;
}

}  // namespace

namespace {

// Reads the value starting at `rest` ("'cpu'", "`False`", "float32"); empty when it is not a plain
// literal standing alone ("start + length" is an expression).
std::string read_value(std::string_view rest) {
  while (!rest.empty() && (rest[0] == ' ' || rest[0] == '`')) rest.remove_prefix(1);
  // Quotes may be ASCII or curly (‘ ’ “ ”: E2 80 98/99/9C/9D).
  auto quote_len = [](std::string_view s) -> size_t {
    if (!s.empty() && (s[0] == '\'' || s[0] == '"')) return 1;
    if (s.size() >= 3 && s.substr(0, 2) == "\xE2\x80" &&
        (s[2] == '\x98' || s[2] == '\x99' || s[2] == '\x9C' || s[2] == '\x9D')) {
      return 3;
    }
    return 0;
  };
  std::string value;
  bool quoted = false;
  if (size_t q = quote_len(rest)) {
    rest.remove_prefix(q);
    while (!rest.empty() && quote_len(rest) == 0) {
      value.push_back(rest[0]);
      rest.remove_prefix(1);
    }
    if (rest.empty()) return {};
    rest.remove_prefix(quote_len(rest));
    quoted = true;
  } else {
    while (!rest.empty() && (std::isalnum(static_cast<unsigned char>(rest[0])) || rest[0] == '_' ||
                             rest[0] == '.' || rest[0] == '-' || rest[0] == ':')) {
      value.push_back(rest[0]);
      rest.remove_prefix(1);
    }
    while (!value.empty() && (value.back() == '.' || value.back() == ':')) value.pop_back();
  }
  while (!rest.empty() && (rest[0] == ' ' || rest[0] == '`')) rest.remove_prefix(1);
  if (!rest.empty() && static_cast<unsigned char>(rest[0]) < 0x80 && rest[0] != ',' && rest[0] != '.' &&
      rest[0] != ';' && rest[0] != ')') {
    return {};
  }
  if (value.empty() || !is_ascii(value)) return {};
  if (value == "True" || value == "False" || value == "None" || is_number(value)) return value;
  if (!quoted && value.find('.') != std::string::npos) return value;  // paddle.float32
  return "'" + value + "'";
}

size_t find_first_of_words(std::string_view note, const std::string_view* words, size_t n, size_t& len) {
  size_t at = std::string_view::npos;
  for (size_t i = 0; i < n; ++i) {
    size_t p = note.find(words[i]);
    if (p != std::string_view::npos && (at == std::string_view::npos || p < at)) {
      at = p;
      len = words[i].size();
    }
  }
  return at;
}

}  // namespace

std::string paddle_only_value(std::string_view note, std::string_view paddle_name) {
  size_t len = 0;
  size_t at = find_first_of_words(note, kSetValueWords, std::size(kSetValueWords), len);
  if (at != std::string_view::npos) return read_value(note.substr(at + len));
  // "Paddle 中可以指定 `axis=1` 来对应 PyTorch"
  for (size_t p = note.find(paddle_name); !paddle_name.empty() && p != std::string_view::npos;
       p = note.find(paddle_name, p + 1)) {
    bool starts_word = p == 0 || !(std::isalnum(static_cast<unsigned char>(note[p - 1])) || note[p - 1] == '_');
    std::string_view rest = note.substr(p + paddle_name.size());
    while (!rest.empty() && rest[0] == ' ') rest.remove_prefix(1);
    if (starts_word && !rest.empty() && rest[0] == '=' && rest.substr(0, 2) != "==") {
      return read_value(rest.substr(1));
    }
  }
  // "转换的数据类型，Paddle 为 float32，需要转写。": a plain statement of Paddle's value, trusted
  // only when the note also says the call must be rewritten.
  if (read_cues(note).rewrite) {
    at = find_first_of_words(note, kPaddleIsWords, std::size(kPaddleIsWords), len);
    if (at != std::string_view::npos) return read_value(note.substr(at + len));
  }
  return {};
}

std::vector<DocArg> classify_row(const DocParamRow& row, const std::vector<std::string>& torch_params,
                                 const std::vector<std::string>& example_params, std::string& problem) {
  problem.clear();
  if (is_result_row(row.raw_torch)) return {};
  for (const auto& names : {row.torch, row.paddle}) {
    for (const std::string& n : names) {
      if (!is_param_name(n)) {
        if (!is_result_row(n)) problem = "param-table row not understood: " + row.raw_torch;
        return {};
      }
    }
  }
  if (row.torch.empty() && row.paddle.empty()) return {};
  const Cues cues = read_cues(row.note);

  // Paddle-only parameter: an entry only when Paddle must be given a value.
  if (row.torch.empty()) {
    if (row.paddle.size() != 1) return {};
    const std::string s = squash(row.note);
    if (s.find("保持默认") != std::string::npos || s.find("使用默认") != std::string::npos) return {};
    std::string value = paddle_only_value(row.note, row.paddle[0]);
    if (!value.empty()) {
      DocArg a = make_arg({}, row.paddle[0], "paddle_only");
      a.value = std::move(value);
      return {a};
    }
    // "Paddle 需要根据实际输入 Tensor 的通道数进行设置", "需要转写": a value is needed but the
    // docs cannot state it; the converter reports the call.
    bool must_set = cues.rewrite || s.find("需要根据") != std::string::npos || s.find("需将") != std::string::npos;
    if (must_set) return {make_arg({}, row.paddle[0], "paddle_only", "value_unknown")};
    return {};
  }

  // Several names in one cell ("dim0, dim1" -> perm; bias -> "bias_ih_attr, bias_hh_attr"):
  // no keyword-by-keyword translation exists.
  if (row.torch.size() > 1 || row.paddle.size() > 1) {
    std::vector<DocArg> args;
    for (const std::string& t : row.torch) {
      args.push_back(make_arg(t, row.paddle.size() == 1 ? row.paddle[0] : std::string(), "unsupported",
                              "needs_rewrite"));
    }
    return args;
  }

  const std::string& t = row.torch[0];
  // PyTorch-only parameter.
  if (row.paddle.empty()) {
    if (t == "out") return {make_arg(t, {}, "out")};
    if (cues.unsupported || cues.not_supported) return {make_arg(t, {}, "unsupported", "no_counterpart")};
    if (cues.drop && !cues.rewrite) return {make_arg(t, {}, "drop")};
    for (std::string_view h : kHandledParams) {
      if (t == h) return {make_arg(t, {}, std::string(h))};
    }
    if (cues.deprecated) return {make_arg(t, {}, "unsupported", "deprecated")};
    if (cues.rewrite) return {make_arg(t, {}, "unsupported", "needs_rewrite")};
    return {make_arg(t, {}, "unsupported", "no_counterpart")};
  }

  // Both sides.
  const std::string& p = row.paddle[0];
  if (is_varargs(t) && !is_varargs(p) && p.rfind("**", 0) != 0) return {make_arg(t, p, "varargs_to_list")};
  if (cues.unsupported) return {make_arg(t, p, "unsupported", "semantics_differ")};
  if (cues.rewrite) return {make_arg(t, p, "rewrite")};
  if (cues.not_supported) return {make_arg(t, p, "unsupported", "semantics_differ")};
  if (cues.default_diff) {
    // Without a PyTorch default the user always passes the argument: a rename is enough.
    auto def = torch_default(torch_params, t);
    if (def && !def->empty()) {
      DocArg a = make_arg(t, p, "default");
      a.value = *def;
      return {a};
    }
  }
  // The docs give a conversion example only for parameters that need rewriting, even when the
  // table's note forgets to say so (`bidirectional` -> `direction`). Examples of an unchanged
  // name often just restate it (`reduction` next to `size_average`'s), so those need a hint too.
  std::string bare = t.substr(t.find_first_not_of('*'));
  bool has_example = std::find(example_params.begin(), example_params.end(), t) != example_params.end() ||
                     std::find(example_params.begin(), example_params.end(), bare) != example_params.end();
  bool type_hint = row.note.find("类型") != std::string::npos || row.note.find("用法") != std::string::npos;
  if (has_example && (t != p || type_hint)) return {make_arg(t, p, "rewrite")};
  return {make_arg(t, p, t == p ? "same" : "rename")};
}

namespace {

size_t edit_distance(std::string_view a, std::string_view b) {
  std::vector<size_t> prev(b.size() + 1), cur(b.size() + 1);
  for (size_t j = 0; j <= b.size(); ++j) prev[j] = j;
  for (size_t i = 1; i <= a.size(); ++i) {
    cur[0] = i;
    for (size_t j = 1; j <= b.size(); ++j) {
      cur[j] = std::min({prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)});
    }
    std::swap(prev, cur);
  }
  return prev[b.size()];
}

void align_side(std::vector<DocParamRow>& rows, std::vector<std::string> DocParamRow::*side,
                const std::vector<std::string>& params) {
  std::vector<std::string> sig_names;
  for (const std::string& tok : params) {
    std::string n = param_name(tok);
    if (n != "*" && n != "/") sig_names.push_back(n);
  }
  auto in_sig = [&](std::string_view n) { return std::find(sig_names.begin(), sig_names.end(), n) != sig_names.end(); };
  std::vector<std::string> used;
  for (const DocParamRow& r : rows) used.insert(used.end(), (r.*side).begin(), (r.*side).end());
  auto is_used = [&](std::string_view n) { return std::find(used.begin(), used.end(), n) != used.end(); };
  for (DocParamRow& r : rows) {
    for (std::string& n : r.*side) {
      if (!is_param_name(n) || in_sig(n) || n[0] == '*') continue;
      if (in_sig("*" + n) && !is_used("*" + n)) {
        n = "*" + n;
        continue;
      }
      if (in_sig("**" + n) && !is_used("**" + n)) {
        n = "**" + n;
        continue;
      }
      if (n.size() < 6) continue;
      std::string match;
      int candidates = 0;
      for (const std::string& cand : sig_names) {
        if (!is_used(cand) && edit_distance(n, cand) <= 2) {
          match = cand;
          ++candidates;
        }
      }
      if (candidates == 1) n = match;
    }
  }
}

}  // namespace

void align_row_names(std::vector<DocParamRow>& rows, const std::vector<std::string>& torch_params,
                     const std::vector<std::string>& paddle_params) {
  align_side(rows, &DocParamRow::torch, torch_params);
  align_side(rows, &DocParamRow::paddle, paddle_params);
}

// ---- node kinds and returns ---------------------------------------------------------------------

namespace {

bool starts_upper(std::string_view component) {
  while (!component.empty() && component[0] == '_') component.remove_prefix(1);
  return !component.empty() && std::isupper(static_cast<unsigned char>(component[0]));
}

std::vector<std::string_view> split_dots(std::string_view id) {
  std::vector<std::string_view> parts;
  size_t start = 0;
  while (true) {
    size_t dot = id.find('.', start);
    parts.push_back(id.substr(start, dot == std::string_view::npos ? std::string_view::npos : dot - start));
    if (dot == std::string_view::npos) break;
    start = dot + 1;
  }
  return parts;
}

bool glob_plain(std::string_view p, std::string_view t) {
  if (p.empty()) return t.empty();
  if (p.substr(0, 2) == "**") {
    for (size_t i = 0; i <= t.size(); ++i) {
      if (glob_plain(p.substr(2), t.substr(i))) return true;
    }
    return false;
  }
  if (p[0] == '*') {
    for (size_t i = 0; i <= t.size(); ++i) {
      if (glob_plain(p.substr(1), t.substr(i))) return true;
      if (i < t.size() && t[i] == '.') break;
    }
    return false;
  }
  return !t.empty() && p[0] == t[0] && glob_plain(p.substr(1), t.substr(1));
}

// Ordered: the first rule whose kind and pattern match gives `returns`. Keep this the only place
// that knows return types, and keep it small: curations in mappings/ fix the rest.
struct ReturnRule {
  std::string_view kind;
  std::string_view pattern;
  std::string_view returns;
};
constexpr ReturnRule kReturnRules[] = {
    // attributes
    {"attribute",
     "{torch,paddle}.{float,double,half,bfloat16,float16,float32,float64,int,long,short,int8,int16,int32,"
     "int64,uint8,bool,complex64,complex128,cfloat,cdouble}",
     "dtype"},
    {"attribute", "{torch,paddle,numpy}.{pi,e,inf,nan}", "float"},
    {"attribute", "{torch,paddle,torchvision,transformers}.__version__", "str"},
    {"attribute", "{torch,paddle}.Tensor.shape", "Size"},
    {"attribute", "{torch,paddle}.Tensor.dtype", "dtype"},
    {"attribute", "{torch,paddle}.Tensor.{device,place}", "device"},
    {"attribute", "{torch,paddle}.Tensor.{ndim,itemsize,nbytes}", "int"},
    {"attribute", "{torch,paddle}.Tensor.{is_*,requires_grad,stop_gradient}", "bool"},
    {"attribute", "{torch,paddle}.Tensor.*", "Tensor"},
    // methods
    {"method", "{torch,paddle}.Tensor.item", "float"},
    {"method", "{torch,paddle}.Tensor.tolist", "list"},
    {"method", "torch.Tensor.size", "Size"},
    {"method", "{torch,paddle}.Tensor.{dim,ndimension,numel,nelement,element_size,get_device,data_ptr}", "int"},
    {"method", "{torch,paddle}.Tensor.{is_*,equal}", "bool"},
    {"method", "{torch,paddle}.Tensor.backward", "None"},
    {"method", "{torch,paddle}.Tensor.{register_hook,numpy,type,storage,untyped_storage,share_memory_}", "other"},
    {"method", "{torch,paddle}.Tensor.*", "Tensor"},
    {"method",
     "{torch.nn.Module,paddle.nn.Layer}.{to,cuda,cpu,xpu,float,double,half,bfloat16,train,eval,requires_grad_,"
     "apply,type,to_empty}",
     "Module"},
    // classes
    {"class", "{torch.nn.Parameter,torch.nn.parameter.*,paddle.base.framework.EagerParamBase}", "Parameter"},
    {"class", "{torch,paddle}.nn.utils.**", "other"},
    {"class",
     "{torch.nn,paddle.nn,fairscale.nn,torchvision.models,paddle.vision.models,"
     "paddle.distributed.fleet.meta_parallel}.**",
     "Module"},
    {"class", "{torch.optim.lr_scheduler,paddle.optimizer.lr}.*", "LRScheduler"},
    {"class", "{torch.optim,paddle.optimizer}.*", "Optimizer"},
    {"class", "{torch.utils.data,paddle.io}.DataLoader", "DataLoader"},
    {"class", "{torch.utils.data,paddle.io}.*Dataset", "Dataset"},
    {"class", "{torchvision,paddle.vision}.datasets.*", "Dataset"},
    {"class", "{torch,torch.cuda,paddle}.{Tensor,*Tensor}", "Tensor"},
    {"class", "torch.Size", "Size"},
    // functions
    {"function", "**.is_*", "bool"},
    {"function", "torch.numel", "int"},
    {"function", "{torch,paddle}.get_default_dtype", "dtype"},
    {"function", "torch.device", "device"},
    {"function", "{torch.cuda,torch.distributed,paddle.distributed}.{device_count,current_device,get_rank,get_world_size}",
     "int"},
    {"function", "{torch,paddle}.{set_*,save}", "None"},
    {"function",
     "torch.{load,no_grad,enable_grad,inference_mode,manual_seed,seed,initial_seed,typename,compile,"
     "get_rng_state,__version__.**}",
     "other"},
    {"function", "{torchvision.models,paddle.vision.models}.*", "Module"},
    {"function",
     "{torch,paddle}.{cuda,device,distributed,utils,hub,backends,jit,onnx,autograd,profiler,multiprocessing,testing,"
     "random,optim,optimizer,amp,io,vision,distribution,distributions,static,incubate,callbacks,hapi,"
     "nn.utils}.**",
     "other"},
    {"function", "{torch,paddle}.{linalg,fft,special,sparse,signal,nn.functional,nn.init}.**", "Tensor"},
    {"function", "{torch,paddle}.Tensor.*", "Tensor"},
    {"function", "{torch,paddle}.*", "Tensor"},
};

}  // namespace

bool glob_match(std::string_view pattern, std::string_view text) {
  size_t open = pattern.find('{');
  if (open == std::string_view::npos) return glob_plain(pattern, text);
  size_t close = pattern.find('}', open);
  if (close == std::string_view::npos) return glob_plain(pattern, text);
  std::string_view head = pattern.substr(0, open);
  std::string_view alts = pattern.substr(open + 1, close - open - 1);
  std::string_view tail = pattern.substr(close + 1);
  size_t start = 0;
  while (true) {
    size_t comma = alts.find(',', start);
    std::string_view alt = alts.substr(start, comma == std::string_view::npos ? std::string_view::npos : comma - start);
    std::string expanded = std::string(head) + std::string(alt) + std::string(tail);
    if (glob_match(expanded, text)) return true;
    if (comma == std::string_view::npos) return false;
    start = comma + 1;
  }
}

NodeShape node_shape(std::string_view id, bool written_as_call) {
  auto parts = split_dots(id);
  NodeShape shape;
  // The owner is the innermost class enclosing the last component.
  for (size_t i = parts.size() >= 2 ? parts.size() - 2 : 0; i >= 1 && i + 1 < parts.size(); --i) {
    if (starts_upper(parts[i])) {
      size_t len = static_cast<size_t>(parts[i].data() + parts[i].size() - id.data());
      shape.owner = std::string(id.substr(0, len));
      break;
    }
  }
  if (!written_as_call) {
    shape.kind = "attribute";
  } else if (!shape.owner.empty()) {
    shape.kind = "method";
  } else {
    shape.kind = starts_upper(parts.back()) ? "class" : "function";
  }
  return shape;
}

std::string infer_returns(std::string_view id, std::string_view kind) {
  for (const ReturnRule& r : kReturnRules) {
    if ((r.kind == "*" || r.kind == kind) && glob_match(r.pattern, id)) return std::string(r.returns);
  }
  return "other";
}

}  // namespace t2p::kg
