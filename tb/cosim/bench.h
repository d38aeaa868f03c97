// The co-simulation bench: one seeded run of a unit under test (unit_port.h) against the TLM
// golden model. It owns the stimulus, the descriptor pool and its rebinding, the memory model,
// the driver, the scoreboard, the protocol monitors, coverage and the mismatch report; it knows
// the unit only through UnitUnderTest.
#ifndef TSU_TB_COSIM_BENCH_H_
#define TSU_TB_COSIM_BENCH_H_

#include <cstdint>
#include <functional>
#include <memory>
#include <string>

#include "cosim.h"
#include "tsu/memory.h"
#include "unit_port.h"

namespace tsu::tb {

// Makes the unit for one run with this seed: traced into trace_base.fst from cycle trace_from on
// when trace_base is set (a replay, or --waves), else untraced. `memory` is the memory the bench
// models behind the unit's ports (a unit reaches it through them; a model of one may read it).
using UnitFactory = std::function<std::unique_ptr<UnitUnderTest>(
    uint64_t seed, const std::string* trace_base, uint64_t trace_from, MemoryPort* memory)>;

// One run of the bench on a unit from `make`. On a mismatch the run is repeated with the same seed
// on a traced unit over the `window` cycles before it, and the report names the repeat command,
// the waveform and the transaction log.
CosimResult RunBench(const CosimOptions& opt, const UnitFactory& make);

// Where a run leaves its waveform and log: <artifacts>/regress_seed<N>.
std::string TraceBase(const CosimOptions& opt);

}  // namespace tsu::tb

#endif  // TSU_TB_COSIM_BENCH_H_
