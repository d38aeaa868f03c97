// tex from handles (rtl/tex/tsu_tex_unit) against the golden model's tex (tsu::Unit::Execute on
// the texture and sampler slots of a descriptor pool in memory), request by request. Each epoch
// binds a fresh set of random textures (every geometry) and samplers to pool slots,
// invalidates the unit's descriptor caches through the configuration port, and sends random tex
// forms at them, mixed with bad handles (unbound slots, handles past the pool, a sampler slot
// named as a texture, an unbound independent sampler) and geometry mismatches. Memory answers
// both read ports in order after a latency, with stalls; the consumer stalls too. Responses
// must leave in request order with the model's elements, count, predicate, trap cause and tag.
#include <gtest/gtest.h>

#include <cstdio>
#include <deque>
#include <memory>
#include <sstream>
#include <vector>

#include "Vtsu_tex_unit.h"
#include "Vtsu_tex_unit_tsu_tex_unit.h"
#include "lockstep.h"
#include "scoreboard.h"
#include "tex_engine_drive.h"
#include "tex_gen.h"
#include "tsu/memory.h"
#include "tsu/texture_words.h"
#include "tsu/unit.h"

namespace tsu::tb {
namespace {

constexpr uint64_t kAddrMask = (uint64_t{1} << Vtsu_tex_unit_tsu_tex_unit::AddrWidth) - 1;
constexpr uint64_t kRegion = uint64_t{1} << 41;  // pool and tables, above every texture (< 2^40)
constexpr uint64_t kPoolBase = kRegion;
constexpr uint32_t kPoolEntries = 32;
constexpr int kTextures = 6;       // slots 1, 3, ..., 11; their own samplers 2, 4, ..., 12
constexpr uint32_t kExtraSampler = 20;  // slots 20..23: samplers for independent mode
constexpr uint64_t kTables = kRegion + 0x10000;      // level tables, 0x400 apart
constexpr uint64_t kMaps = kRegion + 0x100000;       // residency maps, 1 MiB apart

struct UnitOptions {
  uint64_t epochs = 30;
  uint64_t ops_per_epoch = 400;
  uint64_t mem_latency = 6;
  int mem_stall = 10;
  int rsp_stall = 10;
  int textures_used = kTextures;  // requests name the first this many textures
};

struct Expect {
  std::string describe;
  Response rsp;
  uint32_t tag;
  uint64_t accepted;
};

struct UnitResult : RunVerdict {
  uint64_t cycles = 0, requests = 0, traps = 0, nonresident = 0;
  uint64_t desc_reads = 0, texel_reads = 0;
};

UnitResult RunUnit(uint64_t seed, const UnitOptions& opt, const std::string* base,
                   uint64_t trace_from) {
  UnitResult r;
  ScoreboardDut<Vtsu_tex_unit> dut(seed, "tsu_tex_unit", base, trace_from);
  std::ostringstream log;
  dut->req_valid_i = 0;
  dut->cfg_valid_i = 0;
  dut->dmem_req_ready_i = 0;
  dut->dmem_rsp_valid_i = 0;
  dut->mem_req_ready_i = 0;
  dut->mem_rsp_valid_i = 0;
  dut->rsp_ready_i = 0;
  dut->inv_valid_i = 0;
  dut->inv_addr_i = 0;
  dut.Reset();

  Rng rng(seed);
  uint64_t last_texel_read = 0;
  SparseMemory mem;
  std::unique_ptr<Unit> model;
  std::vector<ResolvedTexture> tex(kTextures);
  std::deque<std::pair<uint8_t, uint64_t>> cfg;  // commands still to send
  InOrderCheck<Expect> expected("tsu_tex_unit", 5000);
  LinePort dport(kAddrMask), mport(kAddrMask);
  uint64_t epoch = 0, ops_left = 0, tag = 0;
  bool have_op = false;
  TexOp op;
  std::string op_describe;

  auto slot = [](uint64_t h) { return kPoolBase + 64 * h; };
  auto new_epoch = [&](uint64_t cycle) -> bool {
    model = std::make_unique<Unit>(&mem);
    const DescImage zero{};
    for (uint32_t h = 0; h < kPoolEntries; ++h) mem.Write(slot(h), zero.data(), 64);
    for (int i = 0; i < kTextures; ++i) {
      TextureImage img;
      TexturePlacement place;
      place.level_table = kTables + 0x400 * static_cast<uint64_t>(i);
      place.residency_map = kMaps + 0x100000 * static_cast<uint64_t>(i);
      place.sampler_slot = static_cast<uint32_t>(2 * i + 2);
      for (;;) {  // a residency map that fits its 1 MiB
        tex[i] = RandomTexture(rng, 40, /*allow_cube=*/true);
        img = EncodeTexture(tex[i], place);
        bool fits = true;
        for (const auto& [addr, byte] : img.residency) fits &= addr < place.residency_map + 0x100000;
        if (fits) break;
      }
      FillTexture(rng, tex[i], &mem);
      if (Chance(rng, 10)) {  // a level record the driver got wrong
        TexLevelImage& rec = img.levels[static_cast<size_t>(Uniform(rng, 0, tex[i].desc.levels - 1))];
        const DescField f = Chance(rng, 50) ? desc_layout::TexLevel::offset : desc_layout::TexLevel::stride;
        SetBits(rec.data(), f, GetBits(rec.data(), f) + 8);
      }
      for (size_t k = 0; k < img.levels.size(); ++k) {
        mem.Write(place.level_table + 16 * k, img.levels[k].data(), 16);
      }
      for (const auto& [addr, byte] : img.residency) mem.Write(addr, &byte, 1);
      const DescImage smp = EncodeSampler(tex[i].desc.sampler);
      mem.Write(slot(2 * i + 1), img.header.data(), 64);
      mem.Write(slot(2 * i + 2), smp.data(), 64);
      std::string why;
      if (model->BindTextureImage(2 * i + 1, img.header, &why) != TrapCause::kNone ||
          model->BindSamplerImage(2 * i + 2, smp, &why) != TrapCause::kNone) {
        r.Fail(cycle, "bench: a generated texture or sampler does not bind: " + why);
        return false;
      }
      if (dut.tracing()) {
        log << "cycle " << cycle << " epoch " << epoch << " slot " << 2 * i + 1 << ": "
            << Name(tex[i].desc.dim) << " " << tex[i].desc.width << "x" << tex[i].desc.height
            << "x" << tex[i].desc.depth << " levels " << tex[i].desc.levels << "\n";
      }
    }
    for (uint32_t h = kExtraSampler; h < kExtraSampler + 4; ++h) {
      const DescImage smp = EncodeSampler(RandomSampler(rng));
      mem.Write(slot(h), smp.data(), 64);
      std::string why;
      if (model->BindSamplerImage(h, smp, &why) != TrapCause::kNone) {
        r.Fail(cycle, "bench: a generated sampler does not bind: " + why);
        return false;
      }
    }
    cfg.push_back({static_cast<uint8_t>(CfgOp::kInvalidateAll), 0});
    ++epoch;
    ops_left = opt.ops_per_epoch;
    return true;
  };
  cfg.push_back({static_cast<uint8_t>(CfgOp::kSetPoolBase), kPoolBase});
  cfg.push_back({static_cast<uint8_t>(CfgOp::kSetPoolEntries), kPoolEntries});

  for (uint64_t cycle = 0;; ++cycle) {
    // A new epoch once everything of the last one has drained (memory is rewritten).
    if (ops_left == 0 && !have_op && epoch < opt.epochs && expected.empty() && dport.Empty() &&
        mport.Empty()) {
      if (!new_epoch(cycle)) break;
    }
    if (!have_op && ops_left > 0) {
      const int i = static_cast<int>(Uniform(rng, 0, opt.textures_used - 1));
      const bool independent = Chance(rng, 30);
      uint64_t handle = 2 * i + 1;
      uint64_t sampler = kExtraSampler + static_cast<uint64_t>(Uniform(rng, 0, 3));
      int source = i;
      std::string how;
      const int pick = static_cast<int>(Uniform(rng, 0, 99));
      if (pick < 3) {
        handle = Chance(rng, 50) ? 0 : static_cast<uint64_t>(Uniform(rng, 24, kPoolEntries - 1));
        how = " (unbound texture slot)";
      } else if (pick < 5) {
        handle = Chance(rng, 50) ? kPoolEntries + static_cast<uint64_t>(Uniform(rng, 0, 100)) : ~uint64_t{0};
        how = " (handle past the pool)";
      } else if (pick < 7) {
        handle = 2 * i + 2;
        how = " (a sampler slot as the texture)";
      } else if (pick < 9 && independent) {
        sampler = Chance(rng, 50) ? 0 : 2 * i + 1;
        how = " (unbound or non-sampler independent sampler)";
      } else if (pick < 14) {
        source = static_cast<int>(Uniform(rng, 0, kTextures - 1));  // maybe another geometry
        how = " (tex form of slot " + std::to_string(2 * source + 1) + ")";
      }
      op = RandomTexOp(rng, tex[source], independent, handle, sampler);
      if (op.ptx.rfind("generator bug", 0) == 0) {
        r.Fail(cycle, op.ptx);
        break;
      }
      std::ostringstream d;
      d << op.ptx << "  texture handle " << handle;
      if (independent) d << ", sampler handle " << sampler;
      d << how;
      op_describe = d.str();
      have_op = true;
      --ops_left;
    }
    if (!have_op && ops_left == 0 && epoch == opt.epochs && expected.empty() && cfg.empty()) break;

    // Now and then an invalidation under traffic (memory does not change, so results do not):
    // the unit must take it between requests, with no request between its two lookups.
    if (cfg.empty() && ops_left > 0 && Chance(rng, 1)) {
      cfg.push_back(Chance(rng, 50)
                        ? std::pair<uint8_t, uint64_t>{static_cast<uint8_t>(CfgOp::kInvalidateAll), 0}
                        : std::pair<uint8_t, uint64_t>{static_cast<uint8_t>(CfgOp::kInvalidateHandle),
                                                       static_cast<uint64_t>(Uniform(rng, 0, 24))});
    }
    // Configuration first; then the request.
    dut->cfg_valid_i = !cfg.empty();
    if (!cfg.empty()) {
      dut->cfg_op_i = cfg.front().first;
      dut->cfg_data_i = cfg.front().second;
    }
    const bool req_valid = have_op && !Chance(rng, 5);
    if (req_valid) {
      DriveTexUnitRequest(dut.get(), op.in, op.req, static_cast<uint32_t>(tag & 0xFF));
    }
    dut->req_valid_i = req_valid;
    dut->dmem_req_ready_i = !Chance(rng, opt.mem_stall);
    dut->mem_req_ready_i = !Chance(rng, opt.mem_stall);
    // Invalidations of lines the texels were read from (memory does not change, so answers must
    // not either): the texel cache drops lines under traffic.
    dut->inv_valid_i = last_texel_read != 0 && Chance(rng, 2);
    dut->inv_addr_i = last_texel_read;
    const uint8_t* dl = dport.Due(cycle);
    const uint8_t* ml = mport.Due(cycle);
    dut->dmem_rsp_valid_i = dl != nullptr;
    dut->mem_rsp_valid_i = ml != nullptr;
    if (dl != nullptr) BytesToWords<16>(dl, dut->dmem_rsp_rdata_i);
    if (ml != nullptr) BytesToWords<16>(ml, dut->mem_rsp_rdata_i);
    dut->rsp_ready_i = !Chance(rng, opt.rsp_stall);
    dut->eval();

    if (dut->cfg_valid_i && dut->cfg_ready_o) {
      if (dut->req_ready_o) {
        r.Fail(cycle, "tsu_tex_unit: request ready while a configuration command is offered");
      }
      if (dut.tracing()) log << "cycle " << cycle << " configuration op " << int(cfg.front().first) << "\n";
      cfg.pop_front();
    } else if (req_valid && dut->req_ready_o) {
      Expect e;
      e.describe = op_describe;
      e.rsp = model->Execute(op.in, op.req);
      e.tag = static_cast<uint32_t>(tag & 0xFF);
      e.accepted = cycle;
      if (dut.tracing()) log << "cycle " << cycle << " request #" << tag << ": " << e.describe << "\n";
      expected.Expect(e);
      have_op = false;
      ++tag;
    }
    if (dut->dmem_req_valid_o && dut->dmem_req_ready_i) {
      dport.Accept(cycle, opt.mem_latency, dut->dmem_req_addr_o, &mem);
    }
    if (dut->mem_req_valid_o && dut->mem_req_ready_i) {
      mport.Accept(cycle, opt.mem_latency, dut->mem_req_addr_o, &mem);
      last_texel_read = dut->mem_req_addr_o;
    }
    if (dl != nullptr && dut->dmem_rsp_ready_o) dport.Pop();
    if (ml != nullptr && dut->mem_rsp_ready_o) mport.Pop();

    if (dut->rsp_valid_o && dut->rsp_ready_i) {
      expected.Response(cycle, [&](const Expect& e, std::ostringstream* d) {
        DiffField(*d, "tag", e.tag, static_cast<uint32_t>(dut->rsp_tag_o));
        DiffField(*d, "trap", static_cast<uint32_t>(e.rsp.trap), static_cast<uint32_t>(dut->rsp_trap_o));
        DiffField(*d, "pred", e.rsp.pred, dut->rsp_pred_o != 0);
        DiffField(*d, "count", static_cast<uint32_t>(e.rsp.count), static_cast<uint32_t>(dut->rsp_count_o));
        for (int k = 0; k < 4; ++k) {
          DiffField(*d, ("element " + std::to_string(k)).c_str(),
                    static_cast<uint32_t>(e.rsp.data[k]), static_cast<uint32_t>(dut->rsp_data_o[k]));
        }
        r.traps += e.rsp.trap != TrapCause::kNone;
        r.nonresident += !e.rsp.pred;
      }, &r, dut.tracing() ? &log : nullptr);
    } else {
      expected.Silent(cycle, &r);
    }
    dut.CheckAssertions(cycle, "tsu_tex_unit", &r);
    dut.Tick(cycle);
    r.cycles = cycle + 1;
    if (!r.ok) break;
  }
  r.requests = expected.responses();
  r.desc_reads = dport.reads();
  r.texel_reads = mport.reads();
  r.uncovered = dut.Finish(r.ok, log.str(), &r.cover_points);
  return r;
}

// `excused`: the unit's own cover points this run cannot reach, with `why`.
void CheckUnit(uint64_t default_seed, UnitOptions opt, const std::string& excused = "",
               const char* why = nullptr) {
  const uint64_t seed = SeedFromEnv(default_seed);
  opt.epochs = ScaledCount(opt.epochs * 1000) / 1000;
  if (opt.epochs == 0) opt.epochs = 1;
  const UnitResult r = RunOrReplay(seed, 400, [&](const std::string* base, uint64_t from) {
    return RunUnit(seed, opt, base, from);
  });
  if (!r.ok) return;
  EXPECT_EQ(r.requests, opt.epochs * opt.ops_per_epoch);
  std::printf("[tsu_tex_unit] %llu requests (%llu traps, %llu non-resident), %llu descriptor and "
              "level-record reads, %llu texel/residency reads in %llu cycles, %zu/%zu cover "
              "points hit\n",
              static_cast<unsigned long long>(r.requests), static_cast<unsigned long long>(r.traps),
              static_cast<unsigned long long>(r.nonresident),
              static_cast<unsigned long long>(r.desc_reads),
              static_cast<unsigned long long>(r.texel_reads),
              static_cast<unsigned long long>(r.cycles), r.cover_points - r.uncovered.size(),
              r.cover_points);
  // The unit's own points must be hit (its blocks' are their benches' business).
  for (const std::string& u : r.uncovered) {
    const bool own = u.rfind("tsu_tex_unit.tsu_tex_unit.c_", 0) == 0;
    if (own && !excused.empty() && u == "tsu_tex_unit.tsu_tex_unit." + excused) {
      std::printf("  unreachable here: %s (%s)\n", u.c_str(), why);
    } else if (own) {
      ADD_FAILURE() << "cover point never hit: " << u;
    }
  }
}

TEST(TexUnit, RandomTexturesFromThePoolAgainstTheModel) {
  CheckUnit(1501, UnitOptions{}, "c_route_full",
            "a 6-cycle memory never holds 16 descriptor reads; SlowMemoryAndConsumer does");
}

TEST(TexUnit, SlowMemoryAndConsumer) {
  UnitOptions opt;
  opt.epochs = 6;
  // Two textures, whose slots the descriptor caches keep, so requests arrive back to back and a
  // long memory holds 16 descriptor-port reads (c_route_full).
  opt.textures_used = 2;
  opt.mem_latency = 40;
  opt.mem_stall = 10;
  opt.rsp_stall = 40;
  CheckUnit(1502, opt);
}

}  // namespace
}  // namespace tsu::tb
