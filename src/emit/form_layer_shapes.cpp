// The input of a container of layers built in place (`nn.Sequential(nn.Conv2d(3, 64, 11, 4),
// nn.ReLU(), nn.MaxPool2d(3, 2), ...)`): the shape every layer accepts in turn, found by
// following the shapes through the layers whose arguments the test knows as numbers (literals,
// names bound to them, spec values): the channels and features the first layers take, and the
// smallest spatial size (from 16 up, then down) that leaves every convolution and pooling a
// valid size. Layers the test stands in (element-wise) keep the shape.
#include <climits>
#include <cmath>
#include <functional>
#include <optional>
#include <set>

#include "emit/form_builder.h"

namespace t2p::emit::forms {

using std::string;
using std::string_view;

namespace {

// A value of a layer's argument: a number, a tuple of numbers (kNone: a None inside one), a
// string, None, or something this does not evaluate.
constexpr long kNone = LONG_MIN;
struct Value {
  enum Kind { kInt, kTuple, kStr, kNoneValue, kBad } kind = kBad;
  long i = 0;
  std::vector<long> t;
  string s;
};

// A small evaluator of the Python text a test binds an argument to: integers, names (looked up
// by `lookup`), + - * // % and unary minus, parentheses, tuples and lists of numbers, strings,
// True/False/None.
class Evaluator {
 public:
  Evaluator(string_view text, const std::function<std::optional<string>(const string&)>& lookup, int depth)
      : s_(text), lookup_(lookup), depth_(depth) {}

  Value run() {
    Value v = expr();
    skip();
    if (pos_ != s_.size()) return {};
    return v;
  }

 private:
  void skip() {
    while (pos_ < s_.size() && std::isspace(static_cast<unsigned char>(s_[pos_]))) ++pos_;
  }
  bool eat(string_view op) {
    skip();
    if (s_.substr(pos_, op.size()) != op) return false;
    pos_ += op.size();
    return true;
  }
  Value expr() {
    Value v = term();
    for (;;) {
      if (eat("+")) {
        Value r = term();
        v = arith(v, r, '+');
      } else if (eat("-")) {
        Value r = term();
        v = arith(v, r, '-');
      } else {
        return v;
      }
    }
  }
  Value term() {
    Value v = unary();
    for (;;) {
      if (eat("//")) {
        v = arith(v, unary(), '/');
      } else if (eat("*")) {
        v = arith(v, unary(), '*');
      } else if (eat("%")) {
        v = arith(v, unary(), '%');
      } else {
        return v;
      }
    }
  }
  static Value arith(const Value& a, const Value& b, char op) {
    if (a.kind != Value::kInt || b.kind != Value::kInt) return {};
    Value v;
    v.kind = Value::kInt;
    if ((op == '/' || op == '%') && b.i == 0) return {};
    switch (op) {
      case '+': v.i = a.i + b.i; break;
      case '-': v.i = a.i - b.i; break;
      case '*': v.i = a.i * b.i; break;
      case '/': v.i = static_cast<long>(std::floor(static_cast<double>(a.i) / static_cast<double>(b.i))); break;
      default: v.i = ((a.i % b.i) + b.i) % b.i; break;
    }
    return v;
  }
  Value unary() {
    if (eat("-")) {
      Value v = unary();
      if (v.kind != Value::kInt) return {};
      v.i = -v.i;
      return v;
    }
    return atom();
  }
  Value atom() {
    skip();
    if (pos_ >= s_.size()) return {};
    const char c = s_[pos_];
    if (std::isdigit(static_cast<unsigned char>(c))) {
      size_t b = pos_;
      while (pos_ < s_.size() && (std::isdigit(static_cast<unsigned char>(s_[pos_])) || s_[pos_] == '_')) ++pos_;
      if (pos_ < s_.size() && (s_[pos_] == '.' || s_[pos_] == 'e' || s_[pos_] == 'x')) return {};  // a float, hex: not a size
      Value v;
      v.kind = Value::kInt;
      string digits;
      for (char d : s_.substr(b, pos_ - b)) {
        if (d != '_') digits += d;
      }
      v.i = std::stol(digits);
      return v;
    }
    if (c == '\'' || c == '"') {
      size_t close = s_.find(c, pos_ + 1);
      if (close == string_view::npos) return {};
      Value v;
      v.kind = Value::kStr;
      v.s = string(s_.substr(pos_ + 1, close - pos_ - 1));
      pos_ = close + 1;
      return v;
    }
    if (c == '(' || c == '[') {
      const char close = c == '(' ? ')' : ']';
      ++pos_;
      std::vector<Value> items;
      bool comma = false;
      for (;;) {
        skip();
        if (pos_ < s_.size() && s_[pos_] == close) {
          ++pos_;
          break;
        }
        items.push_back(expr());
        skip();
        if (pos_ < s_.size() && s_[pos_] == ',') {
          ++pos_;
          comma = true;
          continue;
        }
        if (pos_ < s_.size() && s_[pos_] == close) {
          ++pos_;
          break;
        }
        return {};
      }
      if (c == '(' && items.size() == 1 && !comma) return items[0];  // parentheses
      Value v;
      v.kind = Value::kTuple;
      for (const auto& it : items) {
        if (it.kind == Value::kInt) {
          v.t.push_back(it.i);
        } else if (it.kind == Value::kNoneValue) {
          v.t.push_back(kNone);
        } else {
          return {};
        }
      }
      return v;
    }
    if (std::isalpha(static_cast<unsigned char>(c)) || c == '_') {
      size_t b = pos_;
      while (pos_ < s_.size() && (std::isalnum(static_cast<unsigned char>(s_[pos_])) || s_[pos_] == '_')) ++pos_;
      const string name(s_.substr(b, pos_ - b));
      Value v;
      if (name == "None") {
        v.kind = Value::kNoneValue;
        return v;
      }
      if (name == "True" || name == "False") {
        v.kind = Value::kInt;
        v.i = name == "True";
        return v;
      }
      std::optional<string> text = depth_ < 8 ? lookup_(name) : std::nullopt;
      if (!text) return {};
      return Evaluator(*text, lookup_, depth_ + 1).run();
    }
    return {};
  }

  string_view s_;
  size_t pos_ = 0;
  const std::function<std::optional<string>(const string&)>& lookup_;
  int depth_;
};

// One number per spatial dimension from an int or a tuple (`kernel_size=3`, `(1, 3, 3)`).
bool per_dim(const Value& v, size_t dims, std::vector<long>* out) {
  out->clear();
  if (v.kind == Value::kInt) {
    out->assign(dims, v.i);
    return true;
  }
  if (v.kind == Value::kTuple && v.t.size() == dims) {
    *out = v.t;
    return true;
  }
  return false;
}

bool starts(string_view s, string_view p) { return s.substr(0, p.size()) == p; }

// The number of spatial dimensions a `...1d`/`2d`/`3d` layer names, or 0.
size_t spatial_dims(string_view api) {
  if (api.size() < 2 || (api.back() != 'd')) return 0;
  const char n = api[api.size() - 2];
  return n == '1' ? 1 : n == '2' ? 2 : n == '3' ? 3 : 0;
}

}  // namespace

// How one layer changes the shape. `free` is the dimension of the container's input no layer has
// fixed yet (its channels, or its features), -1 when none: the first layer that needs a number
// there binds it (`bound`). False, with `why`, when the layer does not accept the shape;
// `unknown` when it is not a layer this follows.
bool FormBuilder::apply_layer(const SeqLayer& layer, std::vector<long>* shape, int* free, long* bound, string* why,
                              bool* unknown) const {
  const string& api = layer.api;
  const string name = api.substr(api.rfind('.') + 1);
  auto lookup = [&](const string& n) -> std::optional<string> {
    for (const auto& in : form_->inputs) {
      if (in.name == n && !in.spec.tensor() && in.spec.paddle_value.empty()) return in.spec.value;
    }
    return std::nullopt;
  };
  std::function<std::optional<string>(const string&)> lookup_fn = lookup;
  auto arg = [&](const string& param, const string& fallback) -> Value {
    auto it = layer.args.find(param);
    const string text = it != layer.args.end() ? it->second : fallback;
    if (text.empty()) return {};
    return Evaluator(text, lookup_fn, 0).run();
  };
  // Dimension `i` must be `c`: bound when it is the free one, else compared.
  auto need = [&](size_t i, long c, const char* what) {
    if (i >= shape->size()) {
      *why = name + " needs more dimensions than the layer before it gives";
      return false;
    }
    if (*free == static_cast<int>(i)) {
      (*shape)[i] = c;
      *bound = c;
      *free = -1;
      return true;
    }
    if ((*shape)[i] != c) {
      *why = name + " takes " + std::to_string(c) + " " + what + ", the layer before it gives " + std::to_string((*shape)[i]);
      return false;
    }
    return true;
  };
  auto need_channels = [&](long c, const char* what) { return need(1, c, what); };
  auto fix_free = [&]() {
    if (*free >= 0) {
      (*shape)[*free] = 3;  // never fixed by a layer: any size, 3
      *bound = 3;
      *free = -1;
    }
  };
  static const std::set<string, std::less<>> elementwise = {
      "ReLU", "ReLU6", "LeakyReLU", "GELU", "SiLU", "Sigmoid", "Tanh", "ELU", "SELU", "CELU", "Softplus", "Hardswish",
      "Hardsigmoid", "Mish", "Identity", "Dropout", "Dropout1d", "Dropout2d", "Dropout3d", "AlphaDropout", "Softmax",
      "LogSoftmax", "Hardtanh", "Tanhshrink", "Softsign", "LogSigmoid", "Hardshrink", "Softshrink", "Threshold"};
  if (!starts(api, "torch.nn.")) {
    *unknown = true;
    return false;
  }
  if (elementwise.count(name)) return true;
  const size_t dims = spatial_dims(name);
  const size_t rank = shape->size();
  if (starts(name, "Conv") && dims) {
    const bool transpose = starts(name, "ConvTranspose");
    Value in = arg("in_channels", ""), out = arg("out_channels", ""), groups = arg("groups", "1");
    std::vector<long> k, s, p, d, op;
    Value pad = arg("padding", "0");
    const bool same = pad.kind == Value::kStr && pad.s == "same";
    if (pad.kind == Value::kStr && pad.s == "valid") pad = Value{Value::kInt, 0, {}, {}};
    if (in.kind != Value::kInt || out.kind != Value::kInt || groups.kind != Value::kInt || groups.i <= 0 ||
        !per_dim(arg("kernel_size", ""), dims, &k) || !per_dim(arg("stride", "1"), dims, &s) ||
        !per_dim(arg("dilation", "1"), dims, &d) || !per_dim(arg("output_padding", "0"), dims, &op) ||
        (!same && !per_dim(pad, dims, &p))) {
      *unknown = true;
      return false;
    }
    if (rank != dims + 2) {
      *why = name + " takes a " + std::to_string(dims + 2) + "-D input, the layer before it gives " + std::to_string(rank) + "-D";
      return false;
    }
    if (in.i % groups.i || out.i % groups.i) {
      *why = name + ": channels " + std::to_string(in.i) + " and " + std::to_string(out.i) + " not divisible by groups " +
             std::to_string(groups.i);
      return false;
    }
    if (!need_channels(in.i, "channels")) return false;
    for (size_t i = 0; i < dims; ++i) {
      long& n = (*shape)[2 + i];
      const long span = d[i] * (k[i] - 1) + 1;
      if (transpose) {
        n = (n - 1) * s[i] - 2 * p[i] + span + op[i];
      } else if (same) {
        // n stays
      } else {
        if (n + 2 * p[i] < span) {
          *why = name + ": kernel larger than its padded input";
          return false;
        }
        n = (n + 2 * p[i] - span) / s[i] + 1;
      }
      if (n < 1) {
        *why = name + ": an output of size 0";
        return false;
      }
    }
    (*shape)[1] = out.i;
    return true;
  }
  if ((starts(name, "MaxPool") || starts(name, "AvgPool")) && dims) {
    std::vector<long> k, s, p, d;
    Value stride = arg("stride", "None");
    if (!per_dim(arg("kernel_size", ""), dims, &k) || !per_dim(arg("padding", "0"), dims, &p) ||
        !per_dim(starts(name, "Max") ? arg("dilation", "1") : Value{Value::kInt, 1, {}, {}}, dims, &d) ||
        (stride.kind != Value::kNoneValue && !per_dim(stride, dims, &s))) {
      *unknown = true;
      return false;
    }
    if (stride.kind == Value::kNoneValue) s = k;
    Value ceil = arg("ceil_mode", "False");
    if (rank != dims + 2) {
      *why = name + " takes a " + std::to_string(dims + 2) + "-D input here, the layer before it gives " + std::to_string(rank) + "-D";
      return false;
    }
    for (size_t i = 0; i < dims; ++i) {
      long& n = (*shape)[2 + i];
      const long span = d[i] * (k[i] - 1) + 1;
      if (n + 2 * p[i] < span || s[i] <= 0) {
        *why = name + ": kernel larger than its padded input";
        return false;
      }
      long out = (n + 2 * p[i] - span) / s[i] + 1;
      if (ceil.kind == Value::kInt && ceil.i) {
        out = (n + 2 * p[i] - span + s[i] - 1) / s[i] + 1;
        if ((out - 1) * s[i] >= n + p[i]) --out;
      }
      if (out < 1) {
        *why = name + ": an output of size 0";
        return false;
      }
      n = out;
    }
    return true;
  }
  if (starts(name, "Adaptive") && dims) {
    std::vector<long> o;
    if (!per_dim(arg("output_size", ""), dims, &o)) {
      *unknown = true;
      return false;
    }
    if (rank != dims + 2) {
      *why = name + " takes a " + std::to_string(dims + 2) + "-D input here, the layer before it gives " + std::to_string(rank) + "-D";
      return false;
    }
    for (size_t i = 0; i < dims; ++i) {
      if (o[i] != kNone) (*shape)[2 + i] = o[i];
    }
    return true;
  }
  if ((starts(name, "BatchNorm") || starts(name, "InstanceNorm")) && dims) {
    Value c = arg("num_features", "");
    if (c.kind != Value::kInt) {
      *unknown = true;
      return false;
    }
    const bool ok_rank = dims == 1 ? (rank == 2 || rank == 3) : rank == dims + 2;
    if (!ok_rank) {
      *why = name + " does not take a " + std::to_string(rank) + "-D input";
      return false;
    }
    return need_channels(c.i, "channels");
  }
  if (name == "GroupNorm") {
    Value g = arg("num_groups", ""), c = arg("num_channels", "");
    if (g.kind != Value::kInt || c.kind != Value::kInt || g.i <= 0) {
      *unknown = true;
      return false;
    }
    if (c.i % g.i) {
      *why = "GroupNorm: channels not divisible by groups";
      return false;
    }
    return need_channels(c.i, "channels");
  }
  if (name == "Linear") {
    Value in = arg("in_features", ""), out = arg("out_features", "");
    if (in.kind != Value::kInt || out.kind != Value::kInt) {
      *unknown = true;
      return false;
    }
    if (rank < 1 || !need(rank - 1, in.i, "features")) return false;
    shape->back() = out.i;
    return true;
  }
  if (name == "LayerNorm") {
    Value ns = arg("normalized_shape", "");
    std::vector<long> dims_needed;
    if (ns.kind == Value::kInt) dims_needed = {ns.i};
    else if (ns.kind == Value::kTuple) dims_needed = ns.t;
    if (dims_needed.empty()) {
      *unknown = true;
      return false;
    }
    if (rank >= 2 && dims_needed.size() == 1) return need(rank - 1, dims_needed[0], "features");
    fix_free();
    if (rank < dims_needed.size() + 1 ||
        !std::equal(dims_needed.begin(), dims_needed.end(), shape->end() - static_cast<long>(dims_needed.size()))) {
      *why = "LayerNorm normalizes the last dimensions to the given shape, which the layer before it does not give";
      return false;
    }
    return true;
  }
  if (name == "Flatten") {
    Value sd = arg("start_dim", "1"), ed = arg("end_dim", "-1");
    if (sd.kind != Value::kInt || ed.kind != Value::kInt) {
      *unknown = true;
      return false;
    }
    long b = sd.i < 0 ? sd.i + static_cast<long>(rank) : sd.i, e = ed.i < 0 ? ed.i + static_cast<long>(rank) : ed.i;
    if (b < 0 || e >= static_cast<long>(rank) || b > e) {
      *why = "Flatten: dimensions out of range";
      return false;
    }
    long n = 1;
    for (long i = b; i <= e; ++i) n *= i == *free ? 1 : (*shape)[i];
    const bool keeps_free = *free >= b && *free <= e && n == 1;  // the free dimension flattened with ones: still free
    if (!keeps_free) fix_free();
    if (!keeps_free) {
      n = 1;
      for (long i = b; i <= e; ++i) n *= (*shape)[i];
    }
    shape->erase(shape->begin() + b, shape->begin() + e + 1);
    shape->insert(shape->begin() + b, keeps_free ? -1 : n);
    if (keeps_free) *free = static_cast<int>(b);
    return true;
  }
  if (name == "GLU") {
    Value dim = arg("dim", "-1");
    if (dim.kind != Value::kInt) {
      *unknown = true;
      return false;
    }
    const long i = dim.i < 0 ? dim.i + static_cast<long>(rank) : dim.i;
    if (i < 0 || i >= static_cast<long>(rank)) {
      *why = "GLU: dimension out of range";
      return false;
    }
    if (*free == i) {
      (*shape)[i] = 4;
      *bound = 4;
      *free = -1;
    }
    if ((*shape)[i] % 2) {
      *why = "GLU halves a dimension of odd size " + std::to_string((*shape)[i]);
      return false;
    }
    (*shape)[i] /= 2;
    return true;
  }
  *unknown = true;
  return false;
}

FormBuilder::SeqFit FormBuilder::fit_sequential_input(std::vector<long>* input, string* why) const {
  // The rank the container's input has and its free dimension: fixed by the first layer that
  // takes a given rank (element-wise layers take any).
  size_t rank = 0;
  int free_dim = 1;
  for (const auto& l : seq_layers_) {
    const string name = l.api.substr(l.api.rfind('.') + 1);
    const size_t dims = spatial_dims(name);
    if (dims && (starts(name, "Conv") || starts(name, "MaxPool") || starts(name, "AvgPool") || starts(name, "Adaptive") ||
                 ((starts(name, "BatchNorm") || starts(name, "InstanceNorm")) && dims > 1))) {
      rank = dims + 2;
    } else if (name == "Linear" || name == "Flatten") {
      rank = 2;
    } else if (name == "GroupNorm") {
      rank = 4;
    } else if (starts(name, "BatchNorm") || starts(name, "InstanceNorm")) {
      rank = 3;
    } else if (name == "LayerNorm") {
      rank = 3;  // [2, 3, features]
      free_dim = 2;
    } else {
      continue;
    }
    break;
  }
  if (rank == 0) return SeqFit::kUnknown;
  // The spatial size: 16 first (the specs' own), then larger, then smaller.
  std::vector<long> sizes;
  for (long n = 16; n <= 512; ++n) sizes.push_back(n);
  for (long n = 15; n >= 1; --n) sizes.push_back(n);
  string first_why;
  for (long n : sizes) {
    std::vector<long> shape(rank, n);
    shape[0] = 2;
    if (free_dim == 2) shape[1] = 3;
    shape[free_dim] = -1;
    int free = free_dim;
    long bound = 3;
    bool ok = true;
    string w;
    for (const auto& l : seq_layers_) {
      bool unknown = false;
      if (!apply_layer(l, &shape, &free, &bound, &w, &unknown)) {
        if (unknown) return SeqFit::kUnknown;
        ok = false;
        break;
      }
    }
    if (ok) {
      *input = std::vector<long>(rank, n);
      (*input)[0] = 2;
      if (free_dim == 2) (*input)[1] = 3;
      (*input)[free_dim] = bound;
      return SeqFit::kFits;
    }
    if (first_why.empty()) first_why = w;
    if (rank == 2 || (rank == 3 && free_dim == 2)) break;  // no spatial size to try
  }
  *why = first_why;
  return SeqFit::kNoFit;
}

}  // namespace t2p::emit::forms
