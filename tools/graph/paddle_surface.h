// tools/graph: Paddle's real API surface (knowledge_graph/paddle/, imported from Paddle's API reference,
// plus the reviewed additions of mappings/paddle_surface.jsonl) and the compile-time check that
// every Paddle API and keyword the data writes exists there.
#pragma once

#include <filesystem>
#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

namespace t2p::kg {

class PaddleSurface {
 public:
  // Reads knowledge_graph/paddle/*.jsonl and the additions (`{"paddle":ID,"reason":...}` lines of
  // mappings/*.jsonl; `"method_of":"paddle.tan"` derives a Tensor method's signature and types
  // from the documented function, less its first parameter). Bad lines become errors.
  static PaddleSurface load(const std::filesystem::path& root, std::vector<std::string>* errors);

  // No reference imported (knowledge_graph/paddle/ absent): nothing is checked against it.
  bool empty() const { return !reference_; }
  size_t size() const { return apis_.size(); }
  // The node of a Paddle id (`params`, `types`, `source` or `reason`), or null.
  const nlohmann::json* find(const std::string& id) const;
  const std::map<std::string, nlohmann::json>& apis() const { return apis_; }

 private:
  std::map<std::string, nlohmann::json> apis_;
  bool reference_ = false;
};

// The parameters of a surface node documented as taking only a Tensor, in signature order.
std::vector<std::string> tensor_only_params(const nlohmann::json& node);

// The parameters of a surface node documented as taking a string and nothing else but an
// io.BytesIO or None (`path (str|BytesIO)` of paddle.save), in signature order, with their
// documented type: no pathlib path, no open file. Not `name`, every operator's own name.
std::vector<std::pair<std::string, std::string>> str_only_params(const nlohmann::json& node);

// Where each fact of a record comes from ("file:line"): key `id` for its Paddle name, `id#arg`
// for an argument entry (by its torch name, else its paddle name), `id#template` for the rule,
// `id#as_reference` / `id#as_decorator` / `id#as_annotation` for those spellings.
using Provenance = std::map<std::string, std::string>;

// Checks every mapped record against the surface: the Paddle API it writes (argument map,
// `as_reference`, `as_decorator`, every `paddle.` name in its templates) exists, and every
// keyword it writes is a parameter of that API (unless the documented signature takes
// **kwargs or is not documented). Appends "file:line: reason" errors. Ids outside the `paddle`
// family (paddlenlp) are not checked: the reference documents Paddle only.
void check_against_surface(const PaddleSurface& surface, const std::map<std::string, nlohmann::json>& records,
                           const Provenance& where, std::vector<std::string>* errors);

}  // namespace t2p::kg
