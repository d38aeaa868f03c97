// A random instruction stream through the TLM-2.0 module leaves the same memory and responses
// as the plain library.
#include <gtest/gtest.h>

#include <random>
#include <systemc>

#include "tsu/ptx_parser.h"
#include "tsu_tlm.h"

namespace tsu {
namespace {


TlmSystem* g_top = nullptr;

SurfaceDesc Desc(Geometry g, ChannelOrder o, ChannelType t, Layout l, uint64_t base) {
  SurfaceDesc d;
  d.dim = g;
  d.order = o;
  d.type = t;
  d.layout = l;
  d.base = base;
  d.width = 24;
  d.height = g == Geometry::k1d || g == Geometry::kA1d ? 1 : 10;
  d.depth = g == Geometry::k3d ? 5 : 1;
  d.array_size = IsArray(g) ? 3 : 0;
  return d;
}

TEST(Tlm, StreamMatchesThePlainLibrary) {
  const char* forms[] = {
      "suld.b.2d.v2.b32.trap {a,b}, [s, {x,y}];",  "suld.b.3d.b64.zero a, [s, {x,y,z,w}];",
      "suld.b.a1d.v4.b16.clamp {a,b,c,d}, [s, {i,x}];", "sust.b.2d.b32.clamp [s, {x,y}], a;",
      "sust.p.2d.v4.b32.zero [s, {x,y}], {a,b,c,d};", "sust.b.a2d.v2.b16.trap [s, {i,x,y,w}], {a,b};",
      "sured.b.add.2d.u32.clamp [s, {x,y}], a;",     "sured.b.max.3d.s64.zero [s, {x,y,z,w}], a;",
      "sured.p.min.2d.b32.clamp [s, {x,y}], a;",     "suq.width.b32 r, [s];",
  };
  std::vector<Instruction> ins;
  for (const char* f : forms) {
    Instruction in;
    std::string err;
    ASSERT_TRUE(ParsePtx(f, &in, &err)) << err;
    ins.push_back(in);
  }
  SparseMemory plain_mem;
  Unit plain(&plain_mem);
  const SurfaceDesc descs[] = {
      Desc(Geometry::k2d, ChannelOrder::kR, ChannelType::kUnsignedInt32, Layout::kPitch, 0x10000),
      Desc(Geometry::k3d, ChannelOrder::kRGBA, ChannelType::kUnormInt8, Layout::kBlockLinear, 0x20000),
      Desc(Geometry::kA1d, ChannelOrder::kRG, ChannelType::kHalfFloat, Layout::kPitch, 0x30000),
      Desc(Geometry::kA2d, ChannelOrder::kR, ChannelType::kSignedInt16, Layout::kBlockLinear, 0x40000),
  };
  for (uint64_t h = 0; h < 4; ++h) {
    std::string err;
    ASSERT_TRUE(plain.BindSurface(h, descs[h], &err)) << err;
    ASSERT_TRUE(g_top->unit.unit().BindSurface(h, descs[h], &err)) << err;
  }
  std::mt19937_64 rng(42);
  tlm::tlm_generic_payload gp;
  InstrExtension ext;
  gp.set_extension(&ext);
  sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
  const int kOps = 20000;
  int traps = 0;
  for (int n = 0; n < kOps; ++n) {
    const Instruction& in = ins[rng() % ins.size()];
    Request req;
    req.handle = rng() % 5;  // 4 is unbound: invalid-handle traps too
    for (uint32_t& c : req.coords) c = static_cast<uint32_t>(static_cast<int>(rng() % 40) - 4);
    for (uint64_t& d : req.data) d = rng();
    const Response want = plain.Execute(in, req);
    ext.instr = &in;
    ext.req = req;
    gp.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
    g_top->cpu.Issue(gp, delay);  // called directly: loosely timed, no wait()
    ASSERT_TRUE(gp.is_response_ok());
    const Response& got = ext.resp;
    ASSERT_EQ(got.trap, want.trap) << "op " << n;
    traps += got.trap != TrapCause::kNone;
    for (int i = 0; i < 4; ++i) ASSERT_EQ(got.data[i], want.data[i]) << "op " << n;
    ASSERT_EQ(got.write.valid, want.write.valid);
    ASSERT_EQ(got.write.addr, want.write.addr);
  }
  gp.clear_extension(&ext);
  EXPECT_TRUE(g_top->mem.store() == plain_mem);
  EXPECT_GT(traps, 0);
  EXPECT_EQ(g_top->unit.transactions(), static_cast<uint64_t>(kOps));
  EXPECT_GT(delay, sc_core::sc_time(4.0 * kOps, sc_core::SC_NS));  // latency was annotated
}

TEST(Tlm, MissingExtensionIsAnError) {
  tlm::tlm_generic_payload gp;
  sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
  g_top->cpu.Issue(gp, delay);
  EXPECT_TRUE(gp.is_response_error());
}

}  // namespace
}  // namespace tsu

int sc_main(int argc, char** argv) {
  ::testing::InitGoogleTest(&argc, argv);
  tsu::TlmSystem top;
  tsu::g_top = &top;
  sc_core::sc_start(sc_core::SC_ZERO_TIME);  // elaborate and bind the sockets
  return RUN_ALL_TESTS();
}
