// Constrained-random surfaces and boundary-weighted coordinates, shared by the RTL benches.
#ifndef TSU_TB_STIM_SURFACE_GEN_H_
#define TSU_TB_STIM_SURFACE_GEN_H_

#include <cstdint>
#include <vector>

#include "tsu/descriptor.h"
#include "tsu/format.h"
#include "rng.h"

namespace tsu::tb {

// Every (order, type) pair a surface can hold, i.e. that ResolveSurface accepts.
const std::vector<FormatInfo>& SurfaceFormats();
// Every (order, type) pair DescribeFormat accepts (surfaces and textures).
const std::vector<FormatInfo>& AllFormats();

// A uniformly chosen integer in [lo, hi].
int64_t Uniform(Rng& rng, int64_t lo, int64_t hi);
// True with probability percent/100.
bool Chance(Rng& rng, int percent);

// A random valid surface of geometry `dim` and layout `layout`: extents weighted toward 1, small
// and the maxima; footprint below 2^addr_bits (so every address fits an addr_bits-wide port).
ResolvedSurface RandomSurface(Rng& rng, Geometry dim, Layout layout, int addr_bits);
ResolvedSurface RandomSurface(Rng& rng, int addr_bits);  // any surface geometry and layout

// A signed coordinate for an axis of `extent` units: mostly inside, often on or just past either
// edge, sometimes far out (including INT32_MIN/INT32_MAX).
int32_t BoundaryCoord(Rng& rng, int64_t extent);

// Writes (x, y, z, layer) into operand b's layout for geometry g: {x}, {x,y}, {x,y,z,_},
// {layer,x}, {layer,x,y,_}. Lanes the geometry does not use are left as they are.
void PlaceCoords(Geometry g, uint32_t x, uint32_t y, uint32_t z, uint32_t layer,
                 uint32_t coords[4]);

}  // namespace tsu::tb

#endif  // TSU_TB_STIM_SURFACE_GEN_H_
