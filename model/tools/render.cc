// `tsu render` scenes (see render.h):
//  - plane: a checkerboard ground plane in perspective, sampled with tex.grad (gradients from
//    neighbouring pixels) over a 9-level mip chain. Left half: nearest, no mipmaps (aliasing
//    shimmer toward the horizon); right half: trilinear (smooth grey at distance).
//  - cube: a seamless, linearly filtered cube-map environment seen through a wide camera; each
//    face has its own colour and grid, so seams and face orientation are visible.
//  - cubegrad: the same faces at 512 x 512 with a 10-level mip chain (RGBA8), sampled with
//    tex.grad.cube (gradients from neighbouring pixels' directions), trilinear and seamless: the
//    quotient-rule level of detail across every face and seam.
//  - cubeclamp: the cube without seamless filtering (each face's edge clamps): the cube workload
//    of the RTL's quad path, which leaves seamless cubes to the one-tap path.
#include "render.h"

#include <png.h>

#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <system_error>
#include <vector>

#include "tsu/float_bits.h"
#include "tsu/output_path.h"
#include "tsu/ptx_parser.h"
#include "tsu/texture.h"
#include "tsu/unit.h"

namespace tsu {
namespace {

constexpr auto B = AsBits;
constexpr auto F = AsFloat;

bool WritePng(const std::string& path, int w, int h, const std::vector<uint8_t>& rgb) {
  FILE* fp = std::fopen(path.c_str(), "wb");
  if (fp == nullptr) return false;
  png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, nullptr, nullptr, nullptr);
  png_infop info = png == nullptr ? nullptr : png_create_info_struct(png);
  if (png == nullptr || info == nullptr || setjmp(png_jmpbuf(png))) {
    png_destroy_write_struct(&png, &info);
    std::fclose(fp);
    return false;
  }
  png_init_io(png, fp);
  png_set_IHDR(png, info, static_cast<png_uint_32>(w), static_cast<png_uint_32>(h), 8, PNG_COLOR_TYPE_RGB,
               PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
  png_write_info(png, info);
  for (int y = 0; y < h; ++y) {
    png_write_row(png, const_cast<png_bytep>(rgb.data() + static_cast<size_t>(y) * w * 3));
  }
  png_write_end(png, nullptr);
  png_destroy_write_struct(&png, &info);
  return std::fclose(fp) == 0;
}

uint8_t ToByte(float v) {
  v = v < 0 ? 0 : v > 1 ? 1 : v;
  return static_cast<uint8_t>(std::lround(std::pow(v, 1.0f / 2.2f) * 255.0f));  // display gamma
}

// A frame's tex requests through the options' executor, or the model's unit. A trapped request
// is an error: every request of a scene is well formed.
bool RunFrame(const RenderOptions& o, const RenderBindings& scene, Unit* unit,
              const Instruction& in, const std::vector<Request>& reqs,
              std::vector<Response>* out) {
  std::string err;
  if (o.execute) {
    if (!o.execute(scene, in, reqs, out, &err)) {
      std::fprintf(stderr, "render: %s\n", err.c_str());
      return false;
    }
  } else {
    out->clear();
    out->reserve(reqs.size());
    for (const Request& r : reqs) out->push_back(unit->Execute(in, r));
  }
  for (size_t k = 0; k < out->size(); ++k) {
    if ((*out)[k].trap != TrapCause::kNone) {
      std::fprintf(stderr, "render: tex #%zu of the frame trapped %s\n", k,
                   std::string(Name((*out)[k].trap)).c_str());
      return false;
    }
  }
  return out->size() == reqs.size();
}

// Writes RGBA texels of one level, given as floats (an RGBA texture of a float or normalized
// type: the value class is f32).
void PutLevel(SparseMemory* mem, const ResolvedTexture& t, uint32_t level, uint32_t layer,
              const std::vector<float>& rgba) {
  const ResolvedSurface& lv = t.level[level];
  for (uint32_t y = 0; y < lv.desc.height; ++y) {
    for (uint32_t x = 0; x < lv.desc.width; ++x) {
      const float* p = &rgba[(static_cast<size_t>(y) * lv.desc.width + x) * 4];
      const uint32_t c[4] = {B(p[0]), B(p[1]), B(p[2]), B(p[3])};
      uint8_t bytes[16];
      PackTexel(t.fmt, c, bytes);
      mem->Write(TexelAddress(t, level, layer, x, y, 0, 0), bytes,
                 static_cast<uint32_t>(t.fmt.texel_bytes));
    }
  }
}

// The next mip level of an n x n RGBA float image: a 2x2 box filter.
std::vector<float> HalfLevel(const std::vector<float>& lv, uint32_t n) {
  const uint32_t m = n / 2;
  std::vector<float> next(static_cast<size_t>(m) * m * 4);
  for (uint32_t y = 0; y < m; ++y) {
    for (uint32_t x = 0; x < m; ++x) {
      for (int c = 0; c < 4; ++c) {
        auto at = [&](uint32_t xx, uint32_t yy) { return lv[(static_cast<size_t>(yy) * n + xx) * 4 + c]; };
        next[(static_cast<size_t>(y) * m + x) * 4 + c] =
            0.25f * (at(2 * x, 2 * y) + at(2 * x + 1, 2 * y) + at(2 * x, 2 * y + 1) + at(2 * x + 1, 2 * y + 1));
      }
    }
  }
  return next;
}

// An environment face of n x n: its colour, a grid every n/8 texels and a darker quadrant at the
// face's (s, t) origin to show orientation.
std::vector<float> EnvFace(uint32_t face, uint32_t n) {
  // +x red, -x cyan, +y white (sky), -y brown (ground), +z green, -z blue.
  static const float kBase[6][3] = {{0.9f, 0.2f, 0.2f}, {0.2f, 0.8f, 0.8f}, {0.95f, 0.95f, 1.0f},
                                    {0.4f, 0.25f, 0.1f}, {0.2f, 0.8f, 0.25f}, {0.2f, 0.3f, 0.9f}};
  std::vector<float> px(static_cast<size_t>(n) * n * 4);
  const uint32_t cell = n / 8, quad = n / 4;
  for (uint32_t y = 0; y < n; ++y) {
    for (uint32_t x = 0; x < n; ++x) {
      float* p = &px[(static_cast<size_t>(y) * n + x) * 4];
      const bool grid = x % cell == 0 || y % cell == 0;
      const float k = grid ? 0.35f : (x < quad && y < quad) ? 0.6f : 1.0f;
      for (int c = 0; c < 3; ++c) p[c] = kBase[face][c] * k;
      p[3] = 1;
    }
  }
  return px;
}

// The direction of pixel (px, py) of a W x H equirectangular panorama (every direction once).
void PanoramaDirection(double px, double py, int w, int h, double dir[3]) {
  const double lon = (px / w * 2 - 1) * M_PI, lat = (0.5 - py / h) * M_PI;
  dir[0] = std::cos(lat) * std::sin(lon);
  dir[1] = std::sin(lat);
  dir[2] = std::cos(lat) * std::cos(lon);
}

// A panorama frame of one texture (handle 1, its own sampler), a request per pixel in row order:
// executed, written to o.out_dir/file and reported. Returns 0, or 2 with a message.
int DrawPanorama(const RenderOptions& o, SparseMemory* mem, Unit* unit, const ResolvedTexture& t,
                 const Instruction& in, const std::vector<Request>& reqs, const char* file,
                 const char* what, const char* op) {
  RenderBindings scene;
  scene.mem = mem;
  scene.textures = {{1, &t}};
  std::vector<Response> outs;
  if (!RunFrame(o, scene, unit, in, reqs, &outs)) return 2;
  std::vector<uint8_t> rgb(reqs.size() * 3);
  for (size_t k = 0; k < reqs.size(); ++k) {
    for (int c = 0; c < 3; ++c) rgb[k * 3 + static_cast<size_t>(c)] = ToByte(F(outs[k].data[c]));
  }
  const std::string path = o.out_dir + "/" + file;
  if (!WritePng(path, o.width, o.height, rgb)) {
    return std::fprintf(stderr, "render: cannot write %s\n", path.c_str()), 2;
  }
  std::printf("render: %s (%dx%d; %s; %zu %s)\n", path.c_str(), o.width, o.height, what,
              reqs.size(), op);
  return 0;
}

int Plane(const RenderOptions& o) {
  SparseMemory mem;
  Unit unit(&mem);
  TextureDesc d;
  d.dim = Geometry::k2d;
  d.width = d.height = 256;
  d.levels = 9;
  d.order = ChannelOrder::kRGBA;
  d.type = ChannelType::kFloat;
  d.layout = Layout::kBlockLinear;
  d.block_height_log2 = 4;
  d.base = 0x100000;
  std::string err;
  if (!unit.BindTexture(1, d, &err)) return std::fprintf(stderr, "render: %s\n", err.c_str()), 2;
  SamplerDesc nearest;
  nearest.normalized = true;
  nearest.address[0] = nearest.address[1] = AddressMode::kWrap;
  SamplerDesc trilinear = nearest;
  trilinear.mag_filter = trilinear.min_filter = FilterMode::kLinear;
  trilinear.mip_filter = MipFilter::kLinear;
  unit.BindSampler(1, nearest, &err);
  unit.BindSampler(2, trilinear, &err);
  const ResolvedTexture& t = *unit.FindTexture(1);
  // Level 0: 8x8 checks with a thin red grid; each further level is a 2x2 box filter.
  std::vector<float> lv(256 * 256 * 4);
  for (int y = 0; y < 256; ++y) {
    for (int x = 0; x < 256; ++x) {
      float* p = &lv[(static_cast<size_t>(y) * 256 + x) * 4];
      const bool check = ((x / 32) + (y / 32)) % 2 == 0;
      const bool line = x % 32 == 0 || y % 32 == 0;
      p[0] = line ? 0.9f : check ? 0.95f : 0.08f;
      p[1] = line ? 0.1f : check ? 0.95f : 0.08f;
      p[2] = line ? 0.1f : check ? 0.85f : 0.12f;
      p[3] = 1.0f;
    }
  }
  for (uint32_t k = 0; k < d.levels; ++k) {
    PutLevel(&mem, t, k, 0, lv);
    if ((256u >> k) > 1) lv = HalfLevel(lv, 256u >> k);
  }
  Instruction in;
  if (!ParsePtx("tex.grad.2d.v4.f32.f32 {r,g,b,a}, [tex, smp, {u,v}], {dudx,dvdx}, {dudy,dvdy};", &in, &err)) {
    return std::fprintf(stderr, "render: %s\n", err.c_str()), 2;
  }
  const int W = o.width, H = o.height;
  // Camera 1 unit above the plane y = 0, looking along +z, tilted down.
  auto uv = [&](double px, double py, double* u, double* v) {
    const double sx = (px / W * 2 - 1) * W / H, sy = 1 - py / H * 2;
    const double dy = sy * 0.6 - 0.25, dz = 1.0 + 0.3 * sy;
    if (dy >= -1e-4) return false;
    const double dist = 1.0 / -dy;
    *u = sx * 0.6 * dist / 4.0;  // 4 world units per texture repeat
    *v = dz * dist / 4.0;
    return true;
  };
  std::vector<uint8_t> rgb(static_cast<size_t>(W) * H * 3);
  std::vector<Request> reqs;
  std::vector<size_t> pixel;  // each request's pixel
  for (int y = 0; y < H; ++y) {
    for (int x = 0; x < W; ++x) {
      uint8_t* px = &rgb[(static_cast<size_t>(y) * W + x) * 3];
      double u, v, ux, vx, uy, vy;
      if (!uv(x + 0.5, y + 0.5, &u, &v) || !uv(x + 1.5, y + 0.5, &ux, &vx) || !uv(x + 0.5, y + 1.5, &uy, &vy)) {
        const float sky = 0.45f + 0.4f * static_cast<float>(y) / static_cast<float>(H);
        px[0] = ToByte(sky * 0.6f), px[1] = ToByte(sky * 0.75f), px[2] = ToByte(0.95f);
        continue;
      }
      Request r;
      r.handle = 1;
      r.sampler = x < W / 2 ? 1 : 2;
      r.coords[0] = B(static_cast<float>(u)), r.coords[1] = B(static_cast<float>(v));
      r.dpdx[0] = B(static_cast<float>(ux - u)), r.dpdx[1] = B(static_cast<float>(vx - v));
      r.dpdy[0] = B(static_cast<float>(uy - u)), r.dpdy[1] = B(static_cast<float>(vy - v));
      reqs.push_back(r);
      pixel.push_back(static_cast<size_t>(y) * W + x);
    }
  }
  RenderBindings scene;
  scene.mem = &mem;
  scene.textures = {{1, &t}};
  scene.samplers = {{1, nearest}, {2, trilinear}};
  std::vector<Response> outs;
  if (!RunFrame(o, scene, &unit, in, reqs, &outs)) return 2;
  for (size_t k = 0; k < reqs.size(); ++k) {
    uint8_t* px = &rgb[pixel[k] * 3];
    for (int c = 0; c < 3; ++c) px[c] = ToByte(F(outs[k].data[c]));
    if (pixel[k] % static_cast<size_t>(W) == static_cast<size_t>(W / 2)) {
      px[0] = 255, px[1] = 255, px[2] = 0;  // the divide
    }
  }
  const std::string path = o.out_dir + "/tsu_plane.png";
  if (!WritePng(path, W, H, rgb)) return std::fprintf(stderr, "render: cannot write %s\n", path.c_str()), 2;
  std::printf("render: %s (%dx%d; left nearest without mipmaps, right trilinear; %zu tex.grad)\n",
              path.c_str(), W, H, reqs.size());
  return 0;
}

// seamless: filtering across face edges (tsu_cube.png); else each face's edge clamps
// (tsu_cubeclamp.png: seams show, and every tap is on its face).
int Cube(const RenderOptions& o, bool seamless) {
  SparseMemory mem;
  Unit unit(&mem);
  TextureDesc d;
  d.dim = Geometry::kCube;
  d.width = d.height = 64;
  d.order = ChannelOrder::kRGBA;
  d.type = ChannelType::kFloat;
  d.base = 0x100000;
  d.sampler.mag_filter = d.sampler.min_filter = FilterMode::kLinear;
  d.sampler.seamless_cube = seamless;
  std::string err;
  if (!unit.BindTexture(1, d, &err)) return std::fprintf(stderr, "render: %s\n", err.c_str()), 2;
  const ResolvedTexture& t = *unit.FindTexture(1);
  for (uint32_t f = 0; f < 6; ++f) PutLevel(&mem, t, 0, f, EnvFace(f, 64));
  Instruction in;
  if (!ParsePtx("tex.cube.v4.f32.f32 {r,g,b,a}, [env, {x,y,z,w}];", &in, &err)) {
    return std::fprintf(stderr, "render: %s\n", err.c_str()), 2;
  }
  const int W = o.width, H = o.height;
  std::vector<Request> reqs;
  // An equirectangular panorama: every direction once, so all six faces and all twelve seams show.
  for (int y = 0; y < H; ++y) {
    for (int x = 0; x < W; ++x) {
      double dir[3];
      PanoramaDirection(x + 0.5, y + 0.5, W, H, dir);
      Request r;
      r.handle = 1;
      for (int a = 0; a < 3; ++a) r.coords[a] = B(static_cast<float>(dir[a]));
      reqs.push_back(r);  // pixel y * W + x
    }
  }
  return DrawPanorama(o, &mem, &unit, t, in, reqs, seamless ? "tsu_cube.png" : "tsu_cubeclamp.png",
                      seamless ? "seamless bilinear cube map, equirectangular view"
                               : "bilinear cube map clamped at each face's edge, equirectangular view",
                      "tex.cube");
}

int CubeGrad(const RenderOptions& o) {
  SparseMemory mem;
  Unit unit(&mem);
  TextureDesc d;
  d.dim = Geometry::kCube;
  d.width = d.height = 512;
  d.levels = 10;
  d.order = ChannelOrder::kRGBA;
  d.type = ChannelType::kUnormInt8;
  d.layout = Layout::kBlockLinear;
  d.block_height_log2 = 4;
  d.base = 0x100000;
  d.sampler.mag_filter = d.sampler.min_filter = FilterMode::kLinear;
  d.sampler.mip_filter = MipFilter::kLinear;
  d.sampler.seamless_cube = true;
  std::string err;
  if (!unit.BindTexture(1, d, &err)) return std::fprintf(stderr, "render: %s\n", err.c_str()), 2;
  const ResolvedTexture& t = *unit.FindTexture(1);
  for (uint32_t f = 0; f < 6; ++f) {
    std::vector<float> lv = EnvFace(f, 512);
    for (uint32_t k = 0; k < d.levels; ++k) {
      PutLevel(&mem, t, k, f, lv);
      if ((512u >> k) > 1) lv = HalfLevel(lv, 512u >> k);
    }
  }
  Instruction in;
  if (!ParsePtx("tex.grad.cube.v4.f32.f32 {r,g,b,a}, [env, {x,y,z,w}], {dx0,dx1,dx2,dx3}, "
                "{dy0,dy1,dy2,dy3};", &in, &err)) {
    return std::fprintf(stderr, "render: %s\n", err.c_str()), 2;
  }
  const int W = o.width, H = o.height;
  std::vector<Request> reqs;
  // The panorama of `cube`, each direction's gradients the differences to the next pixel's.
  for (int y = 0; y < H; ++y) {
    for (int x = 0; x < W; ++x) {
      double dir[3], right[3], down[3];
      PanoramaDirection(x + 0.5, y + 0.5, W, H, dir);
      PanoramaDirection(x + 1.5, y + 0.5, W, H, right);
      PanoramaDirection(x + 0.5, y + 1.5, W, H, down);
      Request r;
      r.handle = 1;
      for (int a = 0; a < 3; ++a) {
        r.coords[a] = B(static_cast<float>(dir[a]));
        r.dpdx[a] = B(static_cast<float>(right[a] - dir[a]));
        r.dpdy[a] = B(static_cast<float>(down[a] - dir[a]));
      }
      reqs.push_back(r);  // pixel y * W + x
    }
  }
  return DrawPanorama(o, &mem, &unit, t, in, reqs, "tsu_cubegrad.png",
                      "mipmapped cube map, trilinear and seamless, equirectangular view",
                      "tex.grad.cube");
}

}  // namespace

bool IsRenderScene(const std::string& scene) {
  return scene == "plane" || scene == "cube" || scene == "cubegrad" || scene == "cubeclamp" ||
         scene == "all";
}

int Render(const RenderOptions& o) {
  if (!IsRenderScene(o.scene)) {
    std::fprintf(stderr, "render: unknown scene '%s' (plane, cube, cubegrad, all)\n", o.scene.c_str());
    return 2;
  }
  // The output directory is made and probed before any drawing (tsu/output_path.h).
  std::string why;
  if (!tsu::PrepareOutputDir(o.out_dir, &why)) {
    std::fprintf(stderr, "error: render --out: %s\n", why.c_str());
    return 2;
  }
  int rc = 0;
  if (o.scene == "plane" || o.scene == "all") rc |= Plane(o);
  if (o.scene == "cube" || o.scene == "all") rc |= Cube(o, true);
  if (o.scene == "cubeclamp") rc |= Cube(o, false);  // not in all: the seamless cube's variant
  if (o.scene == "cubegrad" || o.scene == "all") rc |= CubeGrad(o);
  return rc;
}

}  // namespace tsu
