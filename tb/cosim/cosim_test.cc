// Directed co-simulation runs: properties the random regression only shows statistically.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

#include "cosim.h"
#include "stimulus.h"
#include "tsu/instruction_json.h"
#include "surface_gen.h"

namespace tsu::tb {
namespace {

// sured.b.<op>.<type> on the first byte of surface h's first texel (in bounds for every
// geometry), through the surface's own geometry.
Txn SuredAtOrigin(const ResolvedSurface& s, uint64_t h, RedOp op, DataType type, uint64_t operand) {
  Txn t;
  t.in.opcode = Opcode::kSured;
  t.in.addressing = Addressing::kByte;
  t.in.geom = s.desc.dim;
  t.in.red_op = op;
  t.in.type = type;
  t.in.clamp = ClampMode::kTrap;
  t.in.clamp_explicit = true;
  t.req.handle = h;
  PlaceCoords(s.desc.dim, 0, 0, 0, 0, t.req.coords);
  t.req.data[0] = operand;
  t.cls = TxnClass::kSured;
  return t;
}

CosimOptions FullRate(int latency) {
  CosimOptions o;
  o.seed = 1;
  o.req_gap_percent = 0;
  o.mem_stall_percent = 0;
  o.rsp_stall_percent = 0;
  o.mem_latency_min = o.mem_latency_max = latency;
  const char* dir = std::getenv("TSU_ARTIFACTS");
  o.artifacts = dir != nullptr ? dir : "artifacts";
  o.repro = "tsu_cosim_tests --gtest_filter=" +
            std::string(::testing::UnitTest::GetInstance()->current_test_info()->test_suite_name()) +
            "." + ::testing::UnitTest::GetInstance()->current_test_info()->name();
  return o;
}

// The pool's surface 0 is R/UINT32, pitch-linear; its initial bytes come from the stimulus seed.
uint32_t InitialWord(const CosimOptions& o, uint64_t addr) {
  Stimulus stim(o.seed, o.mix, 16);
  std::vector<std::pair<uint64_t, std::vector<uint8_t>>> init;
  stim.InitialMemory(&init);
  for (const auto& [base, bytes] : init) {
    if (addr >= base && addr + 4 <= base + bytes.size()) {
      uint32_t w;
      std::memcpy(&w, bytes.data() + (addr - base), 4);
      return w;
    }
  }
  ADD_FAILURE() << "address not in any surface";
  return 0;
}

// Back-to-back sureds to one address: accepted one per cycle (after the first, which fetches the
// surface's descriptor into the descriptor cache and whose read the rest forward from; no
// configuration commands), each seeing the one before (checked against the model response by
// response, and against a hand-computed sum).
// The bench draws every request into a reused ring slot (Txn::Reset, not a fresh Txn): a slot
// that held a tex with its text and texture must come back as a default Txn.
TEST(CosimStimulus, TxnResetRestoresEveryDefault) {
  Txn t;
  t.in.opcode = Opcode::kTex;
  t.in.guard = "p";
  t.in.coords.push_back(Operand::Name("%r1"));
  t.req.handle = 7;
  t.req.coords[2] = 3;
  t.req.lod = 9;
  t.cls = TxnClass::kTex;
  t.text = "tex.2d.v4.f32.f32 ...";
  t.texture = 2;
  t.Reset();
  const Txn fresh;
  EXPECT_EQ(ToJson(t.in), ToJson(fresh.in));
  // Field by field: a memcmp would also compare padding.
  const Request& a = t.req;
  const Request& b = fresh.req;
  EXPECT_TRUE(a.handle == b.handle && a.guard == b.guard && a.sampler == b.sampler &&
              a.lod == b.lod && a.depth_ref == b.depth_ref);
  EXPECT_TRUE(std::equal(a.coords, a.coords + 4, b.coords) && std::equal(a.data, a.data + 4, b.data) &&
              std::equal(a.dpdx, a.dpdx + 4, b.dpdx) && std::equal(a.dpdy, a.dpdy + 4, b.dpdy) &&
              std::equal(a.offset, a.offset + 4, b.offset));
  EXPECT_EQ(t.cls, fresh.cls);
  EXPECT_EQ(t.text, fresh.text);
  EXPECT_EQ(t.texture, fresh.texture);
}

TEST(CosimDirected, SameAddressSuredChainAtFullRate) {
  for (int latency : {1, 4}) {
    CosimOptions o = FullRate(latency);
    o.cfg_permille = 0;
    for (int b = 0; b < 4; ++b) o.probe_bytes.push_back(Stimulus(o.seed, o.mix, 16).surfaces()[0].desc.base + b);
    Stimulus stim(o.seed, o.mix, 16);
    const ResolvedSurface& s = stim.surfaces()[0];
    ASSERT_EQ(s.desc.type, ChannelType::kUnsignedInt32);
    uint32_t expected = InitialWord(o, s.desc.base);
    for (uint32_t i = 0; i < 64; ++i) {
      const uint32_t v = 0x01010101u * (i + 1) + (i << 28);
      o.script.push_back(SuredAtOrigin(s, 0, RedOp::kAdd, DataType::kU32, v));
      expected += v;
    }
    const CosimResult r = RunCosim(o);
    ASSERT_TRUE(r.ok) << r.report;
    ASSERT_EQ(r.accept_cycles.size(), 64u);
    for (size_t i = 2; i < r.accept_cycles.size(); ++i) {
      EXPECT_EQ(r.accept_cycles[i], r.accept_cycles[i - 1] + 1)
          << "latency " << latency << ": sured #" << i << " not accepted back to back";
    }
    EXPECT_EQ(r.writes_checked, 64u);
    EXPECT_GE(r.coverage.Count("hazard.sured_after_sured_same_address"), 63u);
    // The memory image was compared with the model's; check the sum by hand too.
    uint32_t got = 0;
    for (int b = 0; b < 4; ++b) got |= static_cast<uint32_t>(r.probed.at(s.desc.base + b)) << (8 * b);
    EXPECT_EQ(got, expected) << "latency " << latency;
  }
}

// The checker itself: a corrupted expectation on one transaction must fail the run at that
// transaction, with a report naming what differed, where, and how to repeat it, and leave the
// replay's waveform and the transaction log (the last `window` entries, this one included).
TEST(CosimChecker, AMismatchIsReportedWithWaveformAndLog) {
  CosimOptions o = FullRate(4);
  o.ops = 3000;
  o.mem_stall_percent = 20;
  o.corrupt_expected = 1234;
  const CosimResult r = RunCosim(o);
  ASSERT_FALSE(r.ok);
  EXPECT_NE(r.report.find("response mismatch on transaction #1234"), std::string::npos) << r.report;
  EXPECT_NE(r.report.find("trap: expected"), std::string::npos) << r.report;
  EXPECT_NE(r.report.find("repeat with: " + o.repro), std::string::npos) << r.report;
  EXPECT_GT(r.fail_cycle, 1234u);
  ASSERT_FALSE(r.waveform.empty());
  ASSERT_FALSE(r.log.empty());
  EXPECT_TRUE(std::filesystem::is_regular_file(r.waveform)) << r.waveform;
  EXPECT_GT(std::filesystem::file_size(r.waveform), 0u);
  std::ifstream log(r.log);
  const std::string text((std::istreambuf_iterator<char>(log)), std::istreambuf_iterator<char>());
  EXPECT_NE(text.find(" #1234 tag "), std::string::npos) << text.substr(0, 2000);
  EXPECT_NE(text.find(" #1100 tag "), std::string::npos);  // inside the window of 200
  EXPECT_EQ(text.find(" #900 tag "), std::string::npos);   // outside it
  EXPECT_NE(text.find("# response mismatch on transaction #1234"), std::string::npos);
}

// The write comparison: a flipped bit in one expected write must fail the run at that write,
// naming the byte that differed (the comparison returns early when the write matches).
TEST(CosimChecker, AWriteMismatchIsReported) {
  CosimOptions o = FullRate(6);
  // Its own seed and artifacts directory: CTest runs it beside the test above, whose log and
  // waveform (named by seed) it must not overwrite.
  o.seed = 2;
  o.artifacts += "/write_mismatch";
  o.ops = 3000;
  o.corrupt_write = 1500;
  const CosimResult r = RunCosim(o);
  ASSERT_FALSE(r.ok);
  EXPECT_NE(r.report.find("memory write mismatch (the model's write of transaction #"), std::string::npos)
      << r.report;
  EXPECT_NE(r.report.find("byte 0: expected"), std::string::npos) << r.report;
  EXPECT_GT(r.fail_cycle, 1500u);
}

}  // namespace
}  // namespace tsu::tb

// libsystemc references sc_main; the model is driven through b_transport only, never sc_start.
extern "C" int sc_main(int /*argc*/, char** /*argv*/) { return 2; }
