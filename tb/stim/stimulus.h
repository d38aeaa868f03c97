// Constrained-random surface instructions for the co-simulation: every surface form (geometry,
// vec, type, format, layout, clamp mode), in- and out-of-bounds, aligned and misaligned
// accesses, same-address reduction chains, store-then-load pairs, indirect and invalid handles.
#ifndef TSU_TB_STIM_STIMULUS_H_
#define TSU_TB_STIM_STIMULUS_H_

#include <cstdint>
#include <map>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "tsu/descriptor.h"
#include "tsu/instruction.h"
#include "tsu/texture.h"
#include "tsu/transaction.h"
#include "rng.h"

namespace tsu::tb {

// Relative weights of what the generator emits. Classes: suld (3% of them a burst of 8 to 12
// suld of one surface), sust, sured, suq, tex; scenarios: chain (a burst of sureds to one address), store_load (sust then suld of the same
// bytes), store_tex (a store to a surface and a tex of a texture sharing its bytes, in either
// order), bad_handle (an unbound or out-of-table handle), illegal (a hand-built form the unit
// rejects). tex and store_tex default to 0 here; a unit with the texture path gives them
// kTexWeights unless the mix names them.
struct Mix {
  std::map<std::string, int> weights = {{"suld", 30}, {"sust", 30}, {"sured", 20}, {"suq", 6},
                                        {"chain", 6}, {"store_load", 6}, {"bad_handle", 1},
                                        {"illegal", 1}, {"tex", 0}, {"store_tex", 0}};
  static constexpr int kTexWeight = 25, kStoreTexWeight = 4;
  std::set<std::string> given;  // names the spec set
  static constexpr uint64_t kMaxMixFileBytes = 1 << 20;
  // "suld=3,sust=1" (names above); unnamed keep their defaults; "@file" reads the same from a
  // file (one name=weight per line, '#' comments). Returns false with a message on error.
  bool Parse(const std::string& spec, std::string* error);
  bool HasTex() const { return weights.at("tex") > 0 || weights.at("store_tex") > 0; }
  // The texture path's default share, for the names the spec left alone.
  void AddTexDefaults() {
    if (!given.count("tex")) weights["tex"] = kTexWeight;
    if (!given.count("store_tex")) weights["store_tex"] = kStoreTexWeight;
  }
};

// A transaction's class for the closing table: the opcode it was drawn as (a reserved opcode
// on the pins keeps the class it was drawn from).
enum class TxnClass : uint8_t { kSuld, kSust, kSured, kSuq, kTex };
inline constexpr int kTxnClasses = 5;
inline constexpr const char* kTxnClassNames[kTxnClasses] = {"suld", "sust", "sured", "suq", "tex"};
inline const char* Name(TxnClass c) { return kTxnClassNames[static_cast<int>(c)]; }

struct Txn {
  Instruction in;
  Request req;
  TxnClass cls = TxnClass::kSuld;
  std::string text;  // tex: its PTX and handles (Describe)
  int texture = -1;  // tex: which binding of textures() it samples (-1: a bad handle)

  // Back to a default Txn, keeping the strings' and vectors' storage: the bench draws each
  // request into a reused slot (a Txn is large, and moving one costs hundreds of instructions).
  void Reset() {
    in.Reset();
    req = Request{};
    cls = TxnClass::kSuld;
    text.clear();
    texture = -1;
  }
};

// A texture bound in the descriptor pool for the tex class: its header slot, its own sampler's
// slot, and the surface whose bytes it shares (-1: none), for the store_tex scenario.
struct TexBinding {
  ResolvedTexture tex;
  uint64_t handle = 0;
  uint64_t sampler = 0;
  int alias_surface = -1;
};

// The request-port fields the `illegal` scenario drives a reserved code in (a value past the
// last one encodings.def defines), and the first such field of an instruction (-1: none).
inline constexpr const char* kReservedFieldNames[] = {"opcode", "geometry",  "vector", "type",
                                                      "clamp",  "reduction", "query"};
int ReservedField(const Instruction& in);

class Stimulus {
 public:
  Stimulus(uint64_t seed, const Mix& mix, int table_entries);
  // The surfaces to bind: handle i is surfaces()[i] (fewer than table_entries, so some handles
  // stay unbound for the invalid-handle cases).
  const std::vector<ResolvedSurface>& surfaces() const { return surfaces_; }
  // Initial memory contents: (address, bytes) for each surface's footprint.
  void InitialMemory(std::vector<std::pair<uint64_t, std::vector<uint8_t>>>* out);
  // The textures and independent-mode samplers tex requests name (slots of a pool of
  // pool_entries); rebinding them starts a new set (the bench drains the unit first).
  void SetTextures(std::vector<TexBinding> textures, std::vector<uint64_t> samplers,
                   uint64_t pool_entries);
  const std::vector<TexBinding>& textures() const { return textures_; }
  // A unit without the texture path (tsu_top's EnableTex 0): the illegal class then sends a tex
  // now and then, on a random unbound texture's form, which must trap illegal_instruction (H15).
  void set_texture_path(bool on) { texture_path_ = on; }
  // The next request, drawn into *out (a reused slot; whatever it held is overwritten).
  void Next(Txn* out);
  static std::string Describe(const Txn& t);
  // Format rotation: the rotating slots cycle through every surface format (SurfaceFormats, in
  // a seeded shuffle), each on a fresh shape (tall block-linear ones included), so that the main
  // job stores to every format the unit supports. Most sust.p go to them, and a slot moves to
  // the next format after kSustPerFormat of them, whatever the mix. Returns the handles rebound
  // since the last call (surfaces() already holds their new descriptors; the request Next() just
  // returned was drawn against them); the bench rewrites their slots and invalidates them, as a
  // driver would, before that request.
  std::vector<uint64_t> TakeRotation();
  static constexpr int kSustPerFormat = 8;
  static constexpr int kRotatingSustPercent = 80;
  static constexpr uint64_t kRotatingBytes = 256 * 1024;  // footprint limit of a rotating surface

 private:
  // What Next() draws: the mix's names (Mix::weights), in the map's order.
  static constexpr int kSuldBurstPercent = 3;  // suld picks that start a burst of 8 to 12
  enum class Kind : uint8_t { kSuld, kSust, kSured, kSuq, kTex, kChain, kStoreLoad, kStoreTex,
                              kBadHandle, kIllegal };
  void Random(Kind kind, int surface, Txn* t);  // surface -1: any
  Txn Random(Kind kind, int surface = -1) {
    Txn t;
    Random(kind, surface, &t);
    return t;
  }
  Txn Tex(int texture = -1);
  void Coords(const ResolvedSurface& s, Geometry g, uint32_t x_unit, uint32_t size, Request* r);
  ResolvedSurface RotatingSurface(size_t slot, const FormatInfo& f);
  Txn Reserved();
  Txn TexWithoutPath();

  Rng rng_;
  Mix mix_;
  std::vector<std::pair<Kind, int>> picks_;  // mix_'s weights as kinds (no string per draw)
  int pick_total_ = 0;
  int entries_;
  std::vector<ResolvedSurface> surfaces_;
  std::vector<Txn> queued_;  // the rest of a scenario, taken from queued_head_ on
  size_t queued_head_ = 0;
  std::vector<TexBinding> textures_;
  std::vector<uint64_t> samplers_;
  uint64_t pool_entries_ = 0;
  bool texture_path_ = true;
  size_t rotating0_ = 0;               // slots rotating0_.. rotate through the formats
  std::vector<size_t> format_cycle_;   // SurfaceFormats() indices, shuffled
  size_t format_pos_ = 0;
  std::vector<int> sust_p_seen_;       // per slot: sust.p drawn against its current format
  std::vector<uint64_t> rotated_;      // slots rebound, for TakeRotation
};

}  // namespace tsu::tb

#endif  // TSU_TB_STIM_STIMULUS_H_
