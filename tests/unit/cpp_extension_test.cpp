// The C++ extension path (src/cxx/): the facts' validity, the PD_BUILD_OP generation, the CUDA
// masking and a conversion end to end.
#include <gtest/gtest.h>

#include "cxx/cpp_converter.h"
#include "cxx/cpp_facts.h"
#include "cxx/cpp_parser.h"
#include "cxx/pd_op_builder.h"

namespace t2p::cxx {
namespace {

const std::vector<std::string> kTensorTypes = {"torch::Tensor", "at::Tensor"};

TEST(CppFactsTest, BuiltinFactsHaveNoErrors) {
  std::vector<std::string> errors;
  CppFacts facts = parse_cpp_facts(builtin_cpp_facts_text(), &errors);
  EXPECT_TRUE(errors.empty()) << errors.front();
  EXPECT_EQ(facts.include("torch/extension.h")->paddle, "\"paddle/extension.h\"");
  EXPECT_EQ(facts.name("torch::Tensor")->paddle, "paddle::Tensor");
  EXPECT_EQ(facts.name("TORCH_CHECK")->paddle, "PD_CHECK");
  EXPECT_EQ(facts.name("AT_DISPATCH_FLOATING_TYPES")->body_renames.at("scalar_t"), "data_t");
  EXPECT_TRUE(facts.method("size")->generic);
  EXPECT_FALSE(facts.method("data_ptr")->generic);
}

TEST(CppFactsTest, BadLinesAreErrorsWithTheirFileAndLine) {
  std::vector<std::string> errors;
  parse_cpp_facts(
      "#file knowledge_graph/cpp/x.jsonl\n"
      "{\"kind\":\"name\",\"torch\":\"torch::A\",\"paddle\":\"paddle::A\"}\n"
      "{\"kind\":\"name\",\"torch\":\"torch::A\",\"paddle\":\"paddle::B\"}\n"
      "{\"kind\":\"nmae\",\"torch\":\"torch::C\",\"paddle\":\"paddle::C\"}\n"
      "{\"kind\":\"name\",\"torch\":\"torch::D\",\"padle\":\"paddle::D\"}\n"
      "{\"kind\":\"name\",\"torch\":\"torch::E\"}\n"
      "not json\n",
      &errors);
  ASSERT_EQ(errors.size(), 5u);
  EXPECT_EQ(errors[0], "knowledge_graph/cpp/x.jsonl:2: duplicate fact for 'torch::A'");
  EXPECT_NE(errors[1].find("x.jsonl:3: unknown kind 'nmae'"), std::string::npos);
  EXPECT_NE(errors[2].find("x.jsonl:4: unknown key 'padle'"), std::string::npos);
  EXPECT_NE(errors[3].find("x.jsonl:5: needs exactly one of"), std::string::npos);
  EXPECT_NE(errors[4].find("x.jsonl:6: not a JSON object"), std::string::npos);
}

OpBinding binding(std::string py, std::string ret, std::vector<OpParam> params) {
  OpBinding b;
  b.py_name = std::move(py);
  b.signature.name = "my_op";
  b.signature.return_type = std::move(ret);
  b.signature.params = std::move(params);
  return b;
}

TEST(PdOpBuilderTest, TensorsAreInputsScalarsAttributesAndTheReturnAnOutput) {
  PdOpBlock b = build_pd_op(binding("forward", "torch::Tensor",
                                    {{"const torch::Tensor& ", "x"}, {"at::Tensor ", "bias"}, {"float ", "alpha"},
                                     {"int64_t ", "groups"}, {"const std::vector<int>& ", "dims"}, {"bool ", "flag"}}),
                            kTensorTypes);
  ASSERT_TRUE(b.problems.empty());
  EXPECT_EQ(b.text,
            "// PD_KERNEL wants tensors by const reference, then attributes, and returns the outputs as a\n"
            "// list: this adaptor calls my_op as it is.\n"
            "std::vector<paddle::Tensor> my_op_pd_kernel(const paddle::Tensor& x, const paddle::Tensor& bias, "
            "float alpha, int64_t groups, const std::vector<int>& dims, bool flag) {\n"
            "  return {my_op(x, bias, alpha, groups, dims, flag)};\n"
            "}\n\n"
            "// TODO(torch2paddle): review: the operator forward has no InferShape/InferDtype functions (not derivable "
            "from the C++ signature): Paddle's default (the input's shape and dtype) holds only for one input and one "
            "output of that shape\n"
            "PD_BUILD_OP(forward)\n"
            "    .Inputs({\"x\", \"bias\"})\n"
            "    .Outputs({\"out\"})\n"
            "    .Attrs({\"alpha: float\", \"groups: int64_t\", \"dims: std::vector<int>\", \"flag: bool\"})\n"
            "    .SetKernelFn(PD_KERNEL(my_op_pd_kernel));\n");
}

TEST(PdOpBuilderTest, TupleReturnsAreSeveralOutputsAndAttributesBeforeTensorsAskForReview) {
  PdOpBlock b = build_pd_op(binding("split", "std::tuple<torch::Tensor, torch::Tensor>",
                                    {{"float ", "scale"}, {"torch::Tensor ", "x"}}),
                            kTensorTypes);
  ASSERT_TRUE(b.problems.empty());
  EXPECT_NE(b.text.find("std::vector<paddle::Tensor> my_op_pd_kernel(const paddle::Tensor& x, float scale) {\n"
                        "  auto outs = my_op(scale, x);\n"
                        "  return {std::get<0>(outs), std::get<1>(outs)};\n}"),
            std::string::npos);
  EXPECT_NE(b.text.find(".Outputs({\"out0\", \"out1\"})"), std::string::npos);
  ASSERT_EQ(b.reviews.size(), 2u);
  EXPECT_NE(b.reviews[0].find("reorder the arguments at the Python call sites"), std::string::npos);
}

TEST(PdOpBuilderTest, OutputNamesDifferFromInputNames) {
  PdOpBlock b = build_pd_op(binding("backward", "torch::Tensor", {{"torch::Tensor ", "grad"}, {"torch::Tensor ", "out"}}),
                            kTensorTypes);
  EXPECT_NE(b.text.find(".Inputs({\"grad\", \"out\"})\n    .Outputs({\"out_\"})"), std::string::npos) << b.text;
}

TEST(PdOpBuilderTest, WhatPaddleCannotDeclareIsAProblemNotAGuess) {
  EXPECT_FALSE(build_pd_op(binding("f", "torch::Tensor", {{"torch::Tensor ", "x"}, {"double ", "eps"}}), kTensorTypes)
                   .problems.empty());
  EXPECT_FALSE(build_pd_op(binding("f", "std::vector<torch::Tensor>", {{"torch::Tensor ", "x"}}), kTensorTypes)
                   .problems.empty());
  EXPECT_FALSE(build_pd_op(binding("f", "void", {{"torch::Tensor ", "x"}}), kTensorTypes).problems.empty());
  EXPECT_FALSE(build_pd_op(binding("f", "torch::Tensor", {{"float ", "a"}}), kTensorTypes).problems.empty());
  EXPECT_FALSE(build_pd_op(binding("f", "torch::Tensor", {{"c10::optional<torch::Tensor> ", "w"}}), kTensorTypes)
                   .problems.empty());
  EXPECT_EQ(classify_param("const std::string &", kTensorTypes).attr_type, "std::string");
  EXPECT_EQ(classify_param("long", kTensorTypes).attr_type, "int64_t");
}

TEST(CudaMaskTest, QualifiersAndLaunchesBecomeParsableWithoutMovingABte) {
  std::string src = "__global__ void k(float* a) {}\nvoid f(float* a) { k<<<1, 2>>>(a); /* <<<x>>> */ }\n";
  std::string m = mask_cuda(src);
  ASSERT_EQ(m.size(), src.size());
  EXPECT_EQ(m, "           void k(float* a) {}\nvoid f(float* a) { k(  1, 2  )(a); /* <<<x>>> */ }\n");
  CppParser p;
  ASSERT_TRUE(p.ok());
  EXPECT_FALSE(first_cpp_syntax_error(p.parse(m).get(), m));
  EXPECT_TRUE(first_cpp_syntax_error(p.parse(src).get(), src));
}

TEST(CppConverterTest, PybindModuleBecomesPdBuildOpAndTheFindingsSayWhat) {
  const std::string src =
      "#include <torch/extension.h>\n"
      "torch::Tensor act(const torch::Tensor& x, float alpha) { return x; }\n"
      "PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) {\n"
      "  m.def(\"act\", &act, \"doc\");\n"
      "}\n";
  CppParser p;
  CppResult r = convert_cpp_source(src, builtin_cpp_facts(), p);
  ASSERT_EQ(r.status, emit::FileStatus::kConverted) << (r.error ? r.error->message : "");
  EXPECT_NE(r.output.find("#include \"paddle/extension.h\"\npaddle::Tensor act(const paddle::Tensor& x, float alpha)"),
            std::string::npos);
  EXPECT_NE(r.output.find("PD_BUILD_OP(act)\n    .Inputs({\"x\"})\n    .Outputs({\"out\"})\n    .Attrs({\"alpha: float\"})\n"
                          "    .SetKernelFn(PD_KERNEL(act_pd_kernel));"),
            std::string::npos);
  EXPECT_EQ(r.output.find("PYBIND11_MODULE"), std::string::npos);
  int pybind = 0;
  for (const auto& u : r.uses) pybind += u.torch_api == "PYBIND11_MODULE" && u.status == rules::UseStatus::kConverted;
  EXPECT_EQ(pybind, 1);
}

TEST(CppConverterTest, AModuleDoingMoreThanDefIsLeftWithATodo) {
  const std::string src =
      "#include <torch/extension.h>\n"
      "torch::Tensor act(const torch::Tensor& x) { return x; }\n"
      "PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) {\n"
      "  m.attr(\"version\") = 2;\n"
      "  m.def(\"act\", &act);\n"
      "}\n";
  CppParser p;
  CppResult r = convert_cpp_source(src, builtin_cpp_facts(), p);
  ASSERT_EQ(r.status, emit::FileStatus::kConverted);
  EXPECT_NE(r.output.find("// TODO(torch2paddle): PYBIND11_MODULE: the module does more than m.def"), std::string::npos);
  EXPECT_NE(r.output.find("PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) {\n  m.attr"), std::string::npos);
}

TEST(CppConverterTest, SourceThatDoesNotParseIsKeptAndReported) {
  const std::string src = "#include <torch/extension.h>\ntorch::Tensor f( {\n";
  CppParser p;
  CppResult r = convert_cpp_source(src, builtin_cpp_facts(), p);
  EXPECT_EQ(r.status, emit::FileStatus::kFailed);
  EXPECT_EQ(r.output, src);
  ASSERT_TRUE(r.error);
  EXPECT_EQ(r.error->code, "syntax-error");
}

}  // namespace
}  // namespace t2p::cxx
