// Stage bench of the sampling pipeline's end (rtl/tex/tsu_tex_resolve), through a wrapper that
// names its records' fields (tb/rtl/sv/tsu_tex_resolve_bench.sv), under random gaps, item
// arrival and response backpressure.
//
// What the stage must do: take each request's items from the path it was dispatched on (the
// one-tap path's Q6, or with Quad the quad path's QQ6, in dispatch order whichever path each
// took), filter them (tsu::FilterTaps), convert the result to the request's type
// (tsu::ConvertResult) and answer in request order; the flags on a request's last item decide the
// response as tsu::FinishTexResponse does (flags on other items mean nothing). A response out of
// order, a wrong element, count, predicate or trap, an item taken from the wrong path or twice, or
// a stall shows as a mismatch naming the request, the field and the cycle.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdio>
#include <deque>
#include <sstream>
#include <string>
#include <vector>

#include "Vtsu_tex_resolve_bench.h"
#include "Vtsu_tex_resolve_bench_l1.h"
#include "Vtsu_tex_resolve_bench_l1_tsu_tex_resolve_bench.h"
#include "Vtsu_tex_resolve_bench_quad.h"
#include "Vtsu_tex_resolve_bench_quad_tsu_tex_resolve_bench.h"
#include "Vtsu_tex_resolve_bench_tsu_tex_resolve_bench.h"
#include "lockstep.h"
#include "rng.h"
#include "scoreboard.h"
#include "surface_gen.h"
#include "tex_gen.h"
#include "tsu/tex_math.h"

namespace tsu::tb {
namespace {

constexpr DataType kTypes[] = {DataType::kF32, DataType::kF16, DataType::kF16x2, DataType::kS32,
                               DataType::kU32};

struct Request {
  uint64_t index = 0;
  bool quad = false;  // dispatched on the quad path
  uint32_t ranks = 0;
  std::vector<FilterTap> taps;
  std::vector<uint8_t> junk_flags;  // per item: nonres/bad bits on items before the last
  bool nonres = false, bad = false;
  bool float_res = true, sint = false;
  DataType type = DataType::kF32;
  uint32_t data[4] = {};
  int count = 0;
  bool pred = true, trap = false;

  std::string Describe() const {
    std::ostringstream o;
    o << "request #" << index << (quad ? " (quad path)" : " (one-tap path)") << ", " << taps.size()
      << " taps, ranks 0x" << std::hex << ranks << std::dec << ", ." << Name(type)
      << (float_res ? " float" : sint ? " signed" : " unsigned") << (nonres ? ", non-resident" : "")
      << (bad ? ", bad level" : "");
    return o.str();
  }
};

// The response the stage must give: the model's filter, result conversion and flags.
void Expect(Request* q) {
  std::vector<FilterTap> work = q->taps;
  uint32_t filtered[4], converted[4];
  Response sampled;
  sampled.executed = true;
  FilterTaps(work.data(), q->ranks, filtered);
  ConvertResult(filtered, q->float_res, q->sint, q->type, converted, &sampled.count);
  for (int k = 0; k < 4; ++k) sampled.data[k] = converted[k];
  const Response r = FinishTexResponse(sampled, q->bad, !q->nonres);
  q->count = r.count;
  for (int k = 0; k < 4; ++k) q->data[k] = static_cast<uint32_t>(r.data[k]);
  q->pred = r.pred;
  q->trap = r.trap != TrapCause::kNone;
}

struct ResolveOptions {
  uint64_t requests = 20000;
  int req_gap = 30;       // percent of cycles no request is dispatched
  int item_stall = 25;    // percent of cycles an item does not arrive
  int rsp_stall = 30;
  int quad_percent = 50;  // with Quad: requests on the quad path
};

struct ResolveResult : RunVerdict {
  uint64_t cycles = 0, responses = 0, items = 0, quad_requests = 0;
};

// One path's item queue as the stage sees it (Q6 or QQ6): items arrive after their request is
// dispatched, one every cycle at most.
struct PathQueue {
  std::deque<std::pair<const Request*, size_t>> pending;  // (request, item) not yet arrived
  std::deque<std::pair<const Request*, size_t>> ready;    // arrived, in order
};

template <typename Dut, typename Root>
ResolveResult RunResolve(uint64_t seed, const ResolveOptions& opt, const std::string* trace,
                         uint64_t trace_from) {
  constexpr int kLanes = static_cast<int>(Root::BenchLanes);
  constexpr bool kQuad = Root::BenchQuad != 0;
  constexpr uint64_t kMaxInflight = Root::BenchMaxInflight;
  ScoreboardDut<Dut> dut(seed, "tsu_tex_resolve", trace, trace_from);
  Dut* d = dut.get();
  Rng rng(seed);
  ResolveResult r;
  std::ostringstream log;
  std::deque<Request> inflight;  // dispatched, response not yet seen (stable addresses: deque)
  PathQueue paths[2];
  uint64_t generated = 0;
  d->accept_i = d->tap_fire_i = d->quad_fire_i = d->req_done_i = 0;
  d->tap_empty_i = d->quad_empty_i = 1;
  d->rsp_ready_i = 0;
  dut.Reset();
  (void)kLanes;
  const uint64_t max_cycles = opt.requests * 200 + 1000;
  uint64_t cycle = 0;
  for (; cycle < max_cycles && r.ok; ++cycle) {
    d->accept_i = d->tap_fire_i = d->quad_fire_i = d->req_done_i = 0;
    // Dispatch: accepted and fired (its path) in one cycle, its last pass done in the same one.
    if (generated < opt.requests && inflight.size() < kMaxInflight && !Chance(rng, opt.req_gap)) {
      Request q;
      q.index = generated++;
      q.quad = kQuad && Chance(rng, opt.quad_percent);
      q.float_res = Chance(rng, 75);
      q.sint = Chance(rng, 50);
      q.type = kTypes[Uniform(rng, 0, 4)];
      // Integer results are never filtered (point sampling): one tap, no rank.
      q.ranks = q.float_res ? static_cast<uint32_t>(Uniform(rng, 0, 15)) : 0;
      const int n = 1 << __builtin_popcount(q.ranks);
      q.taps.resize(static_cast<size_t>(n));
      for (int k = 0; k < n; ++k) {
        RandomFilterTap(rng, k > 0 ? &q.taps[static_cast<size_t>(k - 1)] : nullptr,
                        &q.taps[static_cast<size_t>(k)]);
        if (!q.float_res) q.taps[static_cast<size_t>(k)].c[0] = static_cast<uint32_t>(rng());
      }
      for (FilterTap& t : q.taps) {
        if (!q.float_res) {
          for (uint32_t& c : t.c) c = static_cast<uint32_t>(rng());
        }
      }
      q.junk_flags.resize(static_cast<size_t>(n));
      for (uint8_t& j : q.junk_flags) j = static_cast<uint8_t>(Uniform(rng, 0, 3));
      q.bad = Chance(rng, 5);
      q.nonres = Chance(rng, 10);
      Expect(&q);
      r.quad_requests += q.quad;
      inflight.push_back(q);
      const Request* p = &inflight.back();
      for (size_t k = 0; k < p->taps.size(); ++k) paths[p->quad ? 1 : 0].pending.push_back({p, k});
      d->accept_i = 1;
      d->out_dtype_i = static_cast<uint8_t>(q.type);
      d->out_float_res_i = q.float_res;
      d->out_sint_i = q.sint;
      d->tap_fire_i = !q.quad;
      d->quad_fire_i = q.quad;
      d->req_done_i = 1;
    }
    // Items arrive on their path.
    for (PathQueue& pq : paths) {
      if (!pq.pending.empty() && !Chance(rng, opt.item_stall)) {
        pq.ready.push_back(pq.pending.front());
        pq.pending.pop_front();
      }
    }
    const auto drive = [](const PathQueue& pq, auto* c, uint8_t* last, uint8_t* nonres, uint8_t* bad,
                          uint32_t* w, uint8_t* ranks, uint8_t* empty) {
      *empty = pq.ready.empty();
      if (pq.ready.empty()) return;
      const Request& q = *pq.ready.front().first;
      const size_t k = pq.ready.front().second;
      const FilterTap& t = q.taps[k];
      for (int i = 0; i < 4; ++i) (*c)[i] = t.c[i];
      uint32_t wb = 0;
      for (int i = 0; i < 4; ++i) wb |= (t.w[i] & 0xFF) << (8 * i);
      *w = wb;
      *ranks = static_cast<uint8_t>(q.ranks);
      const bool is_last = k + 1 == q.taps.size();
      *last = is_last;
      *nonres = is_last ? q.nonres : (q.junk_flags[k] & 1) != 0;
      *bad = is_last ? q.bad : (q.junk_flags[k] & 2) != 0;
    };
    drive(paths[0], &d->tap_c_i, &d->tap_last_i, &d->tap_nonres_i, &d->tap_bad_i, &d->tap_w_i,
          &d->tap_ranks_i, &d->tap_empty_i);
    drive(paths[1], &d->quad_c_i, &d->quad_last_i, &d->quad_nonres_i, &d->quad_bad_i, &d->quad_w_i,
          &d->quad_ranks_i, &d->quad_empty_i);
    d->rsp_ready_i = !Chance(rng, opt.rsp_stall);
    dut.Eval();

    if (d->tap_pop_o) {
      if (paths[0].ready.empty()) r.Fail(cycle, "tsu_tex_resolve: cycle " + std::to_string(cycle) + ": popped an empty Q6");
      else paths[0].ready.pop_front();
      ++r.items;
    }
    if (d->quad_pop_o) {
      if (paths[1].ready.empty()) r.Fail(cycle, "tsu_tex_resolve: cycle " + std::to_string(cycle) + ": popped an empty QQ6");
      else paths[1].ready.pop_front();
      ++r.items;
    }
    if (d->rsp_valid_o && d->rsp_ready_i) {
      std::ostringstream diff;
      if (inflight.empty()) {
        r.Fail(cycle, "tsu_tex_resolve: cycle " + std::to_string(cycle) + ": a response with no request");
      } else {
        const Request& q = inflight.front();
        // Items are all taken before the response: the request's items must be gone.
        for (const PathQueue& pq : paths) {
          for (const auto& it : pq.ready) {
            if (it.first == &q) diff << "  responded before its item " << it.second << " was taken\n";
          }
          for (const auto& it : pq.pending) {
            if (it.first == &q) diff << "  responded before its item " << it.second << " arrived\n";
          }
        }
        DiffField(diff, "count", static_cast<uint32_t>(q.count), static_cast<uint32_t>(d->rsp_count_o));
        DiffField(diff, "pred", q.pred, d->rsp_pred_o != 0);
        DiffField(diff, "trap", q.trap, d->rsp_trap_o != 0);
        for (int k = 0; k < q.count && k < 4; ++k) {
          DiffField(diff, ("data[" + std::to_string(k) + "]").c_str(), q.data[k],
                    static_cast<uint32_t>(d->rsp_data_o[k]));
        }
        if (q.bad || q.nonres) {  // no element at all: every lane of the response is zero
          for (int k = q.count; k < 4; ++k) {
            DiffField(diff, ("data[" + std::to_string(k) + "]").c_str(), q.data[k],
                      static_cast<uint32_t>(d->rsp_data_o[k]));
          }
        }
        log << "cycle " << cycle << " response to " << q.Describe()
            << (diff.str().empty() ? "  ok" : "  MISMATCH") << "\n";
        if (!diff.str().empty()) {
          r.Fail(cycle, "tsu_tex_resolve: mismatch at cycle " + std::to_string(cycle) + " on " +
                            q.Describe() + "\n" + diff.str());
        }
        inflight.pop_front();
        ++r.responses;
      }
    }
    dut.CheckAssertions(cycle, "tsu_tex_resolve", &r);
    dut.Tick(cycle);
    if (generated == opt.requests && inflight.empty()) break;
  }
  if (r.ok && !inflight.empty()) {
    r.Fail(cycle, "tsu_tex_resolve: stalled at cycle " + std::to_string(cycle) + " with " +
                      std::to_string(inflight.size()) + " requests unanswered (" +
                      inflight.front().Describe() + " first)");
  }
  r.cycles = cycle;
  r.uncovered = dut.Finish(r.ok, log.str(), &r.cover_points);
  return r;
}

template <typename Dut, typename Root>
void CheckResolve(uint64_t default_seed, const ResolveOptions& base, bool require_cover) {
  const uint64_t seed = SeedFromEnv(default_seed);
  ResolveOptions opt = base;
  opt.requests = ScaledCount(opt.requests);
  const ResolveResult r = RunOrReplay(seed, 300, [&](const std::string* trace, uint64_t from) {
    return RunResolve<Dut, Root>(seed, opt, trace, from);
  });
  if (!r.ok) return;
  EXPECT_EQ(r.responses, opt.requests);
  std::printf("[tsu_tex_resolve lanes %u, output lanes %u%s] %llu requests (%llu on the quad "
              "path), %llu items in %llu cycles\n",
              static_cast<unsigned>(Root::BenchLanes), static_cast<unsigned>(Root::BenchOutLanes),
              Root::BenchQuad ? " quad" : "",
              static_cast<unsigned long long>(r.responses),
              static_cast<unsigned long long>(r.quad_requests),
              static_cast<unsigned long long>(r.items), static_cast<unsigned long long>(r.cycles));
  if (require_cover) {
    // The stage's own points; its blocks' (the filter's lerps, the output conversion) belong to
    // their block benches.
    for (const std::string& u : r.uncovered) {
      if (u.find(".u_filter.") == std::string::npos && u.find(".u_out.") == std::string::npos) {
        ADD_FAILURE() << "cover point never hit: " << u;
      }
    }
  }
}

using OneTap = Vtsu_tex_resolve_bench;
using OneTapRoot = Vtsu_tex_resolve_bench_tsu_tex_resolve_bench;
using OneLane = Vtsu_tex_resolve_bench_l1;
using OneLaneRoot = Vtsu_tex_resolve_bench_l1_tsu_tex_resolve_bench;
using QuadDut = Vtsu_tex_resolve_bench_quad;
using QuadRoot = Vtsu_tex_resolve_bench_quad_tsu_tex_resolve_bench;

// The default's output conversion, a component a cycle at the response queue's head: its cover
// points (a conversion behind another, a result as it is waiting for one) must be hit.
TEST(TexStageResolve, OneTapPathUnderBackpressure) { CheckResolve<OneTap, OneTapRoot>(2501, {}, true); }

// One channel filtered per cycle: four beats per item.
TEST(TexStageResolve, OneLaneFourBeatsPerItem) {
  ResolveOptions opt;
  opt.requests = 8000;
  CheckResolve<OneLane, OneLaneRoot>(2502, opt, false);
}

// Both paths: requests interleave between Q6 and QQ6 and must be answered in dispatch order.
TEST(TexStageResolve, BothPathsInDispatchOrder) { CheckResolve<QuadDut, QuadRoot>(2503, {}, true); }

// Every queue full speed: items always there, responses always taken.
TEST(TexStageResolve, FullSpeed) {
  ResolveOptions opt;
  opt.requests = 5000;
  opt.req_gap = opt.item_stall = opt.rsp_stall = 0;
  CheckResolve<QuadDut, QuadRoot>(2504, opt, false);
}

}  // namespace
}  // namespace tsu::tb
