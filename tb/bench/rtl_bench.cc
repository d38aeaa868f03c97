// Simulation speed of the Verilated blocks: clock cycles per second with a new valid input
// every cycle (inputs pre-generated, so the number is the model's, not the generator's).
#include <benchmark/benchmark.h>
#include <verilated.h>

#include <memory>
#include <random>
#include <vector>

#include "Vtsu_addrgen.h"
#include "Vtsu_fmt_pack.h"
#include "Vtsu_fmt_unpack.h"
#include "Vtsu_red_alu.h"
#include "Vtsu_surf_addr.h"
#include "Vtsu_surf_bounds.h"
#include "Vtsu_tex_engine.h"
#include "Vtsu_tex_engine_quad.h"
#include "Vtsu_tex_filter.h"
#include "Vtsu_tex_unit.h"
#include "Vtsu_tex_texel.h"
#include "Vtsu_tex_wrap.h"
#include "Vtsu_top.h"
#include "tex_engine_drive.h"
#include "tex_gen.h"
#include "unit_drive.h"

namespace {

// Clocks a block once per benchmark iteration: drive(dut, r) sets its inputs from a random word
// (1024 words, repeated), observe(dut) reads its outputs before the rising edge. Reports clock
// cycles per second.
template <typename Dut, typename DriveFn, typename ObserveFn>
void Clock(benchmark::State& state, DriveFn drive, ObserveFn observe) {
  auto ctx = std::make_unique<VerilatedContext>();
  ctx->fatalOnError(false);
  auto dut = std::make_unique<Dut>(ctx.get(), "bench");
  std::mt19937_64 rng(1);
  dut->rst_ni = 0;
  dut->clk_i = 0;
  dut->eval();
  dut->clk_i = 1;
  dut->eval();
  dut->rst_ni = 1;
  constexpr size_t kVectors = 1024;
  std::vector<uint64_t> seeds(kVectors);
  for (auto& s : seeds) s = rng();
  size_t i = 0;
  for (auto _ : state) {
    drive(dut.get(), seeds[i++ % kVectors]);
    dut->clk_i = 0;
    dut->eval();
    observe(*dut);
    dut->clk_i = 1;
    dut->eval();
  }
  state.SetItemsProcessed(state.iterations());
  state.counters["cycles/s"] = benchmark::Counter(static_cast<double>(state.iterations()),
                                                  benchmark::Counter::kIsRate);
  dut->final();
  Verilated::threadContextp(ctx.get());
  dut.reset();
}

// A pipeline block with valid_i, given a new input every cycle.
template <typename Dut, typename DriveFn>
void ClockBlock(benchmark::State& state, DriveFn drive) {
  Clock<Dut>(
      state,
      [&drive](Dut* d, uint64_t r) {
        drive(d, r);
        d->valid_i = 1;
      },
      [](const Dut&) {});
}

template <typename Dut>
void DriveAccess(Dut* d, uint64_t r) {
  d->geom_i = static_cast<uint8_t>(r % 5);
  d->dim_i = static_cast<uint8_t>((r >> 3) % 5);
  d->clamp_i = static_cast<uint8_t>((r >> 6) % 3);
  for (int k = 0; k < 4; ++k) d->coords_i[k] = static_cast<uint32_t>(r >> (8 * k)) % 300 - 20;
  d->scale_log2_i = static_cast<uint8_t>((r >> 10) % 5);
  d->size_log2_i = static_cast<uint8_t>((r >> 13) % 5);
  d->row_bytes_i = 256;
  d->height_i = 200;
  d->depth_i = 100;
  d->array_size_i = 7;
}

template <typename Dut>
void DriveLayout(Dut* d, uint64_t r) {
  d->layout_i = static_cast<uint8_t>(r & 1);
  d->base_i = 0x10000;
  d->pitch_i = 256;
  d->slice_bytes_i = 256 * 200;
  d->layer_stride_i = 256 * 200 * 100;
  d->row_of_blocks_i = 4 * 512;
  d->block_height_log2_i = static_cast<uint8_t>((r >> 20) % 6);
  d->block_depth_log2_i = static_cast<uint8_t>((r >> 23) % 6);
}

void BM_SurfBounds(benchmark::State& s) {
  ClockBlock<Vtsu_surf_bounds>(s, [](Vtsu_surf_bounds* d, uint64_t r) { DriveAccess(d, r); });
}
void BM_Addrgen(benchmark::State& s) {
  ClockBlock<Vtsu_addrgen>(s, [](Vtsu_addrgen* d, uint64_t r) {
    DriveLayout(d, r);
    d->x_byte_i = static_cast<uint32_t>(r % 256);
    d->y_i = static_cast<uint16_t>((r >> 8) % 200);
    d->z_i = static_cast<uint16_t>((r >> 16) % 100);
    d->layer_i = static_cast<uint16_t>((r >> 24) % 7);
  });
}
void BM_SurfAddr(benchmark::State& s) {
  ClockBlock<Vtsu_surf_addr>(s, [](Vtsu_surf_addr* d, uint64_t r) {
    DriveAccess(d, r);
    DriveLayout(d, r);
  });
}
void BM_FmtPack(benchmark::State& s) {
  ClockBlock<Vtsu_fmt_pack>(s, [](Vtsu_fmt_pack* d, uint64_t r) {
    d->order_i = 5;  // RGBA
    d->type_i = static_cast<uint8_t>(r % 15);
    for (int k = 0; k < 4; ++k) d->comps_i[k] = static_cast<uint32_t>(r >> (16 * k)) * 0x9E3779B9u;
  });
}
void BM_FmtUnpack(benchmark::State& s) {
  ClockBlock<Vtsu_fmt_unpack>(s, [](Vtsu_fmt_unpack* d, uint64_t r) {
    d->order_i = 5;
    d->type_i = static_cast<uint8_t>(r % 15);
    for (int k = 0; k < 4; ++k) d->texel_i[k] = static_cast<uint32_t>(r >> (8 * k)) * 0x9E3779B9u;
  });
}
void BM_RedAlu(benchmark::State& s) {
  ClockBlock<Vtsu_red_alu>(s, [](Vtsu_red_alu* d, uint64_t r) {
    d->op_i = static_cast<uint8_t>(r % 5);
    d->type_i = static_cast<uint8_t>(r % 3 == 0 ? 4 : r % 3 == 1 ? 5 : 7);
    d->old_i = r;
    d->operand_i = r * 0x9E3779B97F4A7C15ull;
  });
}

void BM_TexWrap(benchmark::State& s) {
  ClockBlock<Vtsu_tex_wrap>(s, [](Vtsu_tex_wrap* d, uint64_t r) {
    d->i_i = (r % 4000) - 2000;
    d->n_i = static_cast<uint32_t>((r >> 12) % 1000 + 1);
    d->mode_i = static_cast<uint8_t>((r >> 24) & 3);
    d->normalized_i = 1;
  });
}
void BM_TexTexel(benchmark::State& s) {
  ClockBlock<Vtsu_tex_texel>(s, [](Vtsu_tex_texel* d, uint64_t r) {
    d->order_i = 5;  // RGBA
    d->type_i = static_cast<uint8_t>(r % 15);
    d->read_norm_i = (r >> 4) & 1;
    d->srgb_i = 1;
    d->compare_i = (r >> 5) & 1;
    d->op_i = static_cast<uint8_t>((r >> 6) & 7);
    d->ref_i = 0x3F000000u;
    d->border_i = ((r >> 9) & 7) == 0;
    for (int k = 0; k < 4; ++k) d->texel_i[k] = static_cast<uint32_t>(r >> (8 * k)) * 0x9E3779B9u;
  });
}
// The filter tree fed one tap beat per cycle with `ranks` set for every sample (1: 1-D linear,
// 3: bilinear, 11: trilinear 2-D): simulated cycles per second and samples per clock.
void BM_TexFilter(benchmark::State& state) {
  const uint8_t ranks = static_cast<uint8_t>(state.range(0));
  uint64_t results = 0;
  Clock<Vtsu_tex_filter>(
      state,
      [ranks](Vtsu_tex_filter* d, uint64_t r) {
        d->tap_valid_i = 1;
        d->tap_grp_i = 0;
        d->tap_ranks_i = ranks;
        d->tap_w_i = static_cast<uint32_t>(r >> 32);
        for (int k = 0; k < 4; ++k) {
          d->tap_c_i[k] = 0x3F000000u | (static_cast<uint32_t>(r >> (8 * k)) & 0x7FFFFF);
        }
      },
      [&results](const Vtsu_tex_filter& d) { results += d.res_valid_o; });
  state.counters["samples/clock"] =
      static_cast<double>(results) / static_cast<double>(state.iterations());
}

// The sampling benches' frame, shared by BM_TexEngine and BM_TexUnit: a fresh Dut, reset, one
// request alone (accept to response: the counter `latency_name`), then a request offered every
// cycle (samples per clock) for the timed iterations, and the teardown. step(dut, cycle, offer)
// drives, clocks one cycle and returns {the request was accepted, a response left}.
struct StepResult {
  bool accepted;
  bool responded;
};
template <typename Dut, typename SetupFn, typename StepFn>
void SamplingRates(benchmark::State& state, int kind, const char* latency_name, SetupFn setup,
                   StepFn step) {
  auto ctx = std::make_unique<VerilatedContext>();
  ctx->fatalOnError(false);
  auto dut = std::make_unique<Dut>(ctx.get(), "bench");
  dut->rst_ni = 0;
  dut->clk_i = 0;
  dut->eval();
  dut->clk_i = 1;
  dut->eval();
  dut->rst_ni = 1;
  setup(dut.get());
  uint64_t cycle = 0, accepted_at = 0, responses = 0;
  for (bool accepted = false, done = false; !done && cycle < 10000; ++cycle) {
    const StepResult r = step(dut.get(), cycle, !accepted);
    if (r.accepted) accepted_at = cycle;
    accepted |= r.accepted;
    done = r.responded;
  }
  state.counters[latency_name] = static_cast<double>(cycle - 1 - accepted_at);
  for (auto _ : state) responses += step(dut.get(), cycle++, true).responded;
  state.counters["samples/clock"] =
      static_cast<double>(responses) / static_cast<double>(state.iterations());
  state.counters["cycles/s"] = benchmark::Counter(static_cast<double>(state.iterations()),
                                                  benchmark::Counter::kIsRate);
  static const char* const kNames[] = {"point", "bilinear", "trilinear", "bilinear, raster order"};
  state.SetLabel(kNames[kind]);
  dut->final();
  Verilated::threadContextp(ctx.get());
  dut.reset();
}

// The whole sampling pipeline (tsu_tex_engine): samples per clock with a new request offered
// every cycle, memory accepting a read every cycle on each port and answering after `latency`
// cycles, and the consumer always ready; the tsu::tb::SamplingScene workload (64x64 RGBA8
// block-linear, 7 levels, random normalized coordinates). Arg 0: 0 point, 1 bilinear,
// 2 trilinear (tex.level at lod 1.5: two levels of four taps); arg 1: memory latency. Also
// reports the idle latency of one request (accept to response). BM_TexEngineQuad: the engine
// with its quad path (Quad: a footprint a cycle, the 2 KB texel cache inside it in four banks).
template <typename Dut>
void TexEngineRates(benchmark::State& state) {
  const int kind = static_cast<int>(state.range(0));
  const uint64_t latency = static_cast<uint64_t>(state.range(1));
  tsu::tb::SamplingScene sc;
  std::string err;
  if (!tsu::tb::MakeSamplingScene(kind, 1024, &sc, &err)) {
    state.SkipWithError(err.c_str());
    return;
  }
  tsu::tb::LinePort lvl(tsu::tb::kEngineAddrMask), dat(tsu::tb::kEngineAddrMask);
  uint64_t next = 0;
  SamplingRates<Dut>(
      state, kind, "latency",
      [](Dut* d) {
        d->lvl_req_ready_i = d->mem_req_ready_i = d->rsp_ready_i = 1;
        d->inv_valid_i = d->inv_all_i = 0;
      },
      [&](Dut* d, uint64_t cycle, bool offer) {
        tsu::tb::DriveTexRequest(d, sc.in, sc.reqs[next % sc.reqs.size()], sc.image.header,
                                 sc.sampler);
        d->req_valid_i = offer;
        tsu::tb::PresentLines(d, lvl, dat, cycle);
        d->clk_i = 0;
        d->eval();
        const StepResult r{offer && d->req_ready_o != 0, d->rsp_valid_o != 0};
        next += r.accepted;
        tsu::tb::ExchangeLines(*d, &lvl, &dat, cycle, latency, &sc.mem);
        d->clk_i = 1;
        d->eval();
        return r;
      });
}

void BM_TexEngine(benchmark::State& state) { TexEngineRates<Vtsu_tex_engine>(state); }
void BM_TexEngineQuad(benchmark::State& state) { TexEngineRates<Vtsu_tex_engine_quad>(state); }

// tex from handles (tsu_tex_unit): the same workload with the texture in pool slot 1 and its
// sampler in slot 2, both descriptor caches warm after the first request, whose latency
// (`cold_latency`) includes both descriptor fetches.
void BM_TexUnit(benchmark::State& state) {
  const int kind = static_cast<int>(state.range(0));
  const uint64_t latency = static_cast<uint64_t>(state.range(1));
  tsu::tb::SamplingScene sc;
  std::string err;
  if (!tsu::tb::MakeSamplingScene(kind, 1024, &sc, &err)) {
    state.SkipWithError(err.c_str());
    return;
  }
  constexpr uint64_t kPool = 0x40000000;
  sc.mem.Write(kPool + 64, sc.image.header.data(), 64);
  sc.mem.Write(kPool + 128, sc.sampler.data(), 64);
  const uint64_t cfg[2][2] = {{0, kPool}, {1, 8}};  // set_pool_base, set_pool_entries
  tsu::tb::LinePort dport(tsu::tb::kEngineAddrMask), mport(tsu::tb::kEngineAddrMask);
  uint64_t next = 0;
  SamplingRates<Vtsu_tex_unit>(
      state, kind, "cold_latency",
      [](Vtsu_tex_unit* d) { d->dmem_req_ready_i = d->mem_req_ready_i = d->rsp_ready_i = 1; },
      [&](Vtsu_tex_unit* d, uint64_t cycle, bool offer) {
        d->cfg_valid_i = cycle < 2;  // the pool first
        d->cfg_op_i = static_cast<uint8_t>(cycle < 2 ? cfg[cycle][0] : 0);
        d->cfg_data_i = cycle < 2 ? cfg[cycle][1] : 0;
        d->req_valid_i = offer && cycle >= 2;
        tsu::tb::DriveTexUnitRequest(d, sc.in, sc.reqs[next % sc.reqs.size()],
                                     static_cast<uint32_t>(next & 0xFF));
        const uint8_t* dl = dport.Due(cycle);
        const uint8_t* ml = mport.Due(cycle);
        d->dmem_rsp_valid_i = dl != nullptr;
        d->mem_rsp_valid_i = ml != nullptr;
        if (dl != nullptr) tsu::tb::BytesToWords<16>(dl, d->dmem_rsp_rdata_i);
        if (ml != nullptr) tsu::tb::BytesToWords<16>(ml, d->mem_rsp_rdata_i);
        d->clk_i = 0;
        d->eval();
        const StepResult res{d->req_valid_i && d->req_ready_o, d->rsp_valid_o != 0};
        next += res.accepted;
        if (d->dmem_req_valid_o) dport.Accept(cycle, latency, d->dmem_req_addr_o, &sc.mem);
        if (d->mem_req_valid_o) mport.Accept(cycle, latency, d->mem_req_addr_o, &sc.mem);
        if (dl != nullptr && d->dmem_rsp_ready_o) dport.Pop();
        if (ml != nullptr && d->mem_rsp_ready_o) mport.Pop();
        d->clk_i = 1;
        d->eval();
        return res;
      });
}

// tex through the whole unit (tsu_top, configuration tex): BM_TexUnit's workload on the unit's
// request port (opcode tex), with the descriptor pool set on its configuration port and the
// memory and descriptor ports shared with the (idle) surface path through tsu_port_arb.
void BM_UnitTex(benchmark::State& state) {
  const int kind = static_cast<int>(state.range(0));
  const uint64_t latency = static_cast<uint64_t>(state.range(1));
  tsu::tb::SamplingScene sc;
  std::string err;
  if (!tsu::tb::MakeSamplingScene(kind, 1024, &sc, &err)) {
    state.SkipWithError(err.c_str());
    return;
  }
  constexpr uint64_t kPool = 0x40000000;
  sc.mem.Write(kPool + 64, sc.image.header.data(), 64);
  sc.mem.Write(kPool + 128, sc.sampler.data(), 64);
  const uint64_t cfg[2][2] = {{0, kPool}, {1, 8}};  // set_pool_base, set_pool_entries
  tsu::tb::LinePort dport(~0ull), mport(~0ull);
  uint64_t next = 0;
  SamplingRates<Vtsu_top>(
      state, kind, "cold_latency",
      [](Vtsu_top* d) { d->dmem_req_ready_i = d->mem_req_ready_i = d->rsp_ready_i = 1; },
      [&](Vtsu_top* d, uint64_t cycle, bool offer) {
        d->cfg_valid_i = cycle < 2;
        d->cfg_op_i = static_cast<uint8_t>(cycle < 2 ? cfg[cycle][0] : 0);
        d->cfg_data_i = cycle < 2 ? cfg[cycle][1] : 0;
        d->req_valid_i = offer && cycle >= 2;
        tsu::tb::DriveUnitRequest(d, sc.in, sc.reqs[next % sc.reqs.size()],
                                  static_cast<uint8_t>(next));
        const uint8_t* dl = dport.Due(cycle);
        const uint8_t* ml = mport.Due(cycle);
        d->dmem_rsp_valid_i = dl != nullptr;
        d->mem_rsp_valid_i = ml != nullptr;
        if (dl != nullptr) tsu::tb::BytesToWords<16>(dl, d->dmem_rsp_rdata_i);
        if (ml != nullptr) tsu::tb::BytesToWords<16>(ml, d->mem_rsp_rdata_i);
        d->clk_i = 0;
        d->eval();
        const StepResult res{d->req_valid_i && d->req_ready_o, d->rsp_valid_o != 0};
        next += res.accepted;
        if (d->dmem_req_valid_o) dport.Accept(cycle, latency, d->dmem_req_addr_o, &sc.mem);
        if (d->mem_req_valid_o) mport.Accept(cycle, latency, d->mem_req_addr_o, &sc.mem);
        if (dl != nullptr && d->dmem_rsp_ready_o) dport.Pop();
        if (ml != nullptr && d->mem_rsp_ready_o) mport.Pop();
        d->clk_i = 1;
        d->eval();
        return res;
      });
}

BENCHMARK(BM_SurfBounds);
BENCHMARK(BM_Addrgen);
BENCHMARK(BM_SurfAddr);
BENCHMARK(BM_FmtPack);
BENCHMARK(BM_FmtUnpack);
BENCHMARK(BM_RedAlu);
BENCHMARK(BM_TexWrap);
BENCHMARK(BM_TexTexel);
BENCHMARK(BM_TexFilter)->Arg(1)->Arg(3)->Arg(11)->Arg(15);
BENCHMARK(BM_TexEngine)->ArgsProduct({{0, 1, 2, 3}, {1, 20}});
BENCHMARK(BM_TexEngineQuad)->ArgsProduct({{0, 1, 2, 3}, {1, 20}});
BENCHMARK(BM_TexUnit)->ArgsProduct({{0, 1, 2}, {1, 20}});
BENCHMARK(BM_UnitTex)->ArgsProduct({{0, 1, 2}, {1, 20}});

}  // namespace

BENCHMARK_MAIN();
