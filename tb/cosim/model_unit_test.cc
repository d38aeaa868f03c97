// The golden model behind a latency shim as the unit under test (model_unit.h): the bench passes
// it on every configuration's mix, and catches each kind of bug the shim can be told to have.
#include "model_unit.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <memory>
#include <string>

#include "bench.h"
#include "cosim.h"

namespace tsu::tb {
namespace {

CosimOptions Options(uint64_t ops) {
  CosimOptions o;
  o.seed = 11;
  o.ops = ops;
  const char* dir = std::getenv("TSU_ARTIFACTS");
  o.artifacts = dir != nullptr ? dir : "artifacts";
  o.repro = "tsu_cosim_tests --gtest_filter=ModelUnit.*";
  return o;
}

CosimResult RunShim(const CosimOptions& o, const ModelUnitOptions& shim) {
  UnitTraits traits;
  EXPECT_TRUE(CosimTraits(o.config, &traits));
  return RunBench(o, [&](uint64_t seed, const std::string*, uint64_t, MemoryPort* memory) {
    return std::make_unique<ModelUnit>(traits, memory, seed, shim);
  });
}

TEST(ModelUnit, PassesTheDefaultMixWithItsOwnTiming) {
  const CosimResult r = RunShim(Options(20000), ModelUnitOptions{});
  EXPECT_TRUE(r.ok) << r.report;
  EXPECT_EQ(r.transactions, 20000u);
  EXPECT_GT(r.writes_checked, 5000u);
  // It fetches no descriptor through the port: the bench's descriptor checks see nothing.
  EXPECT_EQ(r.desc_line_reads, 0u);
}

TEST(ModelUnit, PassesTheTexMixWhereTheConfigurationHasTex) {
  CosimOptions o = Options(6000);
  o.config = "tex";
  o.mix.AddTexDefaults();
  const CosimResult r = RunShim(o, ModelUnitOptions{});
  EXPECT_TRUE(r.ok) << r.report;
  ASSERT_TRUE(r.per_class.count("tex"));
  EXPECT_GT(r.per_class.at("tex").checked, 800u);  // about a sixth of the mix
}

TEST(ModelUnit, AFullRateShimPassesToo) {
  ModelUnitOptions shim;
  shim.latency_min = shim.latency_max = 1;
  shim.req_stall_percent = 0;
  CosimOptions o = Options(10000);
  o.req_gap_percent = o.rsp_stall_percent = o.mem_stall_percent = 0;
  const CosimResult r = RunShim(o, shim);
  EXPECT_TRUE(r.ok) << r.report;
  EXPECT_LT(static_cast<double>(r.cycles) / 10000.0, 1.2);
}

struct FaultCase {
  ModelUnitFault fault;
  const char* report;  // what the bench's report must say
};

class ModelUnitFaults : public ::testing::TestWithParam<FaultCase> {};

TEST_P(ModelUnitFaults, TheBenchCatchesIt) {
  ModelUnitOptions shim;
  shim.fault = GetParam().fault;
  shim.fault_at = 700;
  const CosimResult r = RunShim(Options(3000), shim);
  EXPECT_FALSE(r.ok);
  EXPECT_NE(r.report.find(GetParam().report), std::string::npos) << r.report;
  EXPECT_NE(r.report.find("repeat with: tsu_cosim_tests"), std::string::npos) << r.report;
}

std::string FaultName(const ::testing::TestParamInfo<FaultCase>& i) {
  static const char* const kNames[] = {"None",           "FlipData",  "SwapResponses", "DropWrite",
                                       "ChangeWhileHeld", "DropValid", "ReadyUnderCfg"};
  return kNames[static_cast<int>(i.param.fault)];
}

INSTANTIATE_TEST_SUITE_P(
    EachKind, ModelUnitFaults,
    ::testing::Values(FaultCase{ModelUnitFault::kFlipData, "response mismatch on transaction #700"},
                      FaultCase{ModelUnitFault::kSwapResponses, "response mismatch on transaction #700"},
                      FaultCase{ModelUnitFault::kDropWrite, "memory write"},
                      FaultCase{ModelUnitFault::kChangeWhileHeld, "response payload changed"},
                      FaultCase{ModelUnitFault::kDropValid, "response valid dropped"},
                      FaultCase{ModelUnitFault::kReadyUnderCfg,
                                "request ready while a configuration command is offered"}),
    FaultName);

}  // namespace
}  // namespace tsu::tb
