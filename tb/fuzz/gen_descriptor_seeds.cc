// Writes the committed seed corpus of fuzz_descriptor (tb/fuzz/seeds/descriptor): valid surface
// slots of each geometry and layout (EncodeSurface) followed by operand bytes, and an all-zero
// texture input. FuzzedDataProvider takes bytes from the front and integers from the back, so a
// seed is: 64 slot bytes, operand bytes, then 0x01 (mode: surface).
//   gen_descriptor_seeds DIR
#include <cstdio>
#include <string>
#include <vector>

#include "tsu/descriptor.h"
#include "tsu/descriptor_words.h"

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: gen_descriptor_seeds DIR\n");
    return 2;
  }
  using tsu::Geometry;
  struct S {
    const char* name;
    tsu::SurfaceDesc d;
  };
  std::vector<S> seeds;
  auto add = [&](const char* name, Geometry g, uint32_t w, uint32_t h, uint32_t dp, uint32_t a,
                 tsu::Layout l, uint8_t bh, uint8_t bd, tsu::ChannelOrder o, tsu::ChannelType t) {
    tsu::SurfaceDesc d;
    d.base = l == tsu::Layout::kBlockLinear ? 0x10000 : 0x1000;
    d.dim = g, d.width = w, d.height = h, d.depth = dp, d.array_size = a;
    d.layout = l, d.block_height_log2 = bh, d.block_depth_log2 = bd, d.order = o, d.type = t;
    seeds.push_back({name, d});
  };
  using O = tsu::ChannelOrder;
  using T = tsu::ChannelType;
  add("1d_r8", Geometry::k1d, 37, 1, 1, 0, tsu::Layout::kPitch, 0, 0, O::kR, T::kUnsignedInt8);
  add("2d_rgba8", Geometry::k2d, 16, 9, 1, 0, tsu::Layout::kPitch, 0, 0, O::kRGBA, T::kUnormInt8);
  add("3d_block", Geometry::k3d, 70, 20, 5, 0, tsu::Layout::kBlockLinear, 1, 1, O::kRG, T::kFloat);
  add("a1d_rgba32", Geometry::kA1d, 7, 1, 1, 3, tsu::Layout::kPitch, 0, 0, O::kRGBA,
      T::kSignedInt32);
  add("a2d_block", Geometry::kA2d, 33, 17, 1, 2, tsu::Layout::kBlockLinear, 2, 0, O::kRGBA,
      T::kHalfFloat);
  for (const S& s : seeds) {
    tsu::ResolvedSurface r;
    std::string err;
    if (!tsu::ResolveSurface(s.d, &r, &err)) {
      std::fprintf(stderr, "gen_descriptor_seeds: %s: %s\n", s.name, err.c_str());
      return 1;
    }
    const tsu::DescImage img = tsu::EncodeSurface(r);
    std::vector<unsigned char> bytes(img.begin(), img.end());
    for (int i = 0; i < 240; ++i) bytes.push_back(static_cast<unsigned char>(i * 37 + 11));
    bytes.push_back(0x01);
    const std::string path = std::string(argv[1]) + "/surface_" + s.name;
    FILE* f = std::fopen(path.c_str(), "wb");
    if (!f || std::fwrite(bytes.data(), 1, bytes.size(), f) != bytes.size()) return 1;
    std::fclose(f);
  }
  std::vector<unsigned char> tex(300, 0);  // mode 0 (texture), every field zero
  FILE* f = std::fopen((std::string(argv[1]) + "/texture_zero").c_str(), "wb");
  if (!f || std::fwrite(tex.data(), 1, tex.size(), f) != tex.size()) return 1;
  std::fclose(f);
  return 0;
}
