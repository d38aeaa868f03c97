// The variant of a multi-variant bench wrapper (tb/rtl/sv/tsu_fifo_bench.sv, tsu_delay_bench.sv:
// every variant of a primitive in one Verilated model, picked by variant_i, the chosen one's
// parameters on outputs) whose reported parameters satisfy a predicate.
#ifndef TSU_TB_RTL_BENCH_VARIANT_H_
#define TSU_TB_RTL_BENCH_VARIANT_H_

#include <cstdint>

#include "sim_run.h"

namespace tsu::tb {

// The index of the first of `count` variants for which matches(dut) holds once variant_i selects
// it, or UINT32_MAX when none does.
template <typename Dut, typename Match>
uint32_t FindBenchVariant(uint32_t count, Match matches) {
  SimRun<Dut> run(/*seed=*/1, "variants", nullptr, 0);
  for (uint32_t v = 0; v < count; ++v) {
    run->variant_i = v;
    run.Eval();
    if (matches(run.dut())) return v;
  }
  return UINT32_MAX;
}

}  // namespace tsu::tb

#endif  // TSU_TB_RTL_BENCH_VARIANT_H_
