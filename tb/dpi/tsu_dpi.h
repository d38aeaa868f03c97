/* The golden model as a DPI-C library (libtsu_dpi.so): what a SystemVerilog testbench imports
 * (tb/dpi/tsu_dpi_pkg.sv) to check its own texture/surface unit against tsu's model, request by
 * request. Plain C: a model instance is an opaque handle (chandle).
 *
 * Packed vectors use svdpi.h's layout: 32-bit words, least significant first
 * (coords: 4 words, data: 8 words = four 64-bit elements, a line: 4 words = 16 bytes, byte i in
 * bits [8i +: 8]). Enum arguments are tsu_pkg's codes (model/include/tsu/encodings.def).
 * docs/dpi.md. */
#ifndef TSU_TB_DPI_TSU_DPI_H_
#define TSU_TB_DPI_TSU_DPI_H_

#include <stdint.h>

#include "svdpi.h"

#ifdef __cplusplus
extern "C" {
#endif

/* A model with its own sparse 64-bit memory. fmt_*: the sust.p format families the unit
 * converts; tex: the texture path with every feature (0: tex traps illegal_instruction). */
void* tsu_dpi_new(int addr_bits, int fmt_norm, int fmt_half, int fmt_int, int tex);
void tsu_dpi_free(void* model);

/* Memory: bytes and 16-byte lines (addr aligned down to 16 for lines). */
void tsu_dpi_mem_write8(void* model, long long addr, unsigned char value);
unsigned char tsu_dpi_mem_read8(void* model, long long addr);
void tsu_dpi_mem_write_line(void* model, long long addr, const svBitVecVal* line, int mask);
void tsu_dpi_mem_read_line(void* model, long long addr, svBitVecVal* line);

/* The descriptor pool (docs/descriptors.md): slot h at base + 64 h, for h < entries. */
void tsu_dpi_set_pool(void* model, long long base, long long entries);
/* Binds handle h from its slot's bytes in memory as a surface (kind 0), texture (1) or sampler
 * (2), as a unit's descriptor fetch would. Returns the trap cause (0: bound; else the slot is
 * left unbound and requests on it trap). */
int tsu_dpi_bind(void* model, int kind, long long handle);

/* A random surface for a testbench: its descriptor written to slot `handle`, its footprint at
 * `base` filled with random bytes, the slot bound. Footprint at most max_bytes. Returns the
 * footprint's size in bytes (0 if the slot is outside the pool). */
long long tsu_dpi_random_surface(void* model, long long handle, long long seed, long long base,
                                 long long max_bytes);
/* What a bound surface is (for constrained coordinates): 1 if bound, else 0. */
int tsu_dpi_surface_info(void* model, long long handle, int* geom, int* width, int* height,
                         int* depth, int* layers, int* texel_bytes);

/* Executes one surface request (suld, sust, sured, suq) as the unit would at acceptance, memory
 * write included. Returns the trap cause; the rest of the response in the outputs: flags bit 0
 * misaligned, 1 clamped, 2 suppressed, 3 pred; wr_size 0 when nothing was written, else the
 * bytes at wr_addr in wr_data's low bytes. */
int tsu_dpi_execute(void* model, int opcode, int addressing, int geom, int vec, int type,
                    int clamp, int redop, int query, long long handle, const svBitVecVal* coords,
                    const svBitVecVal* data, int* count, svBitVecVal* rdata, int* oob, int* flags,
                    long long* wr_addr, int* wr_size, svBitVecVal* wr_data);
/* The same for tex: the texture handle, the sampler (independent mode), .s32 coordinates, the
 * LOD, gradients (3 words each), texel offsets (the pins' 4 bits per axis) and a depth reference. */
int tsu_dpi_execute_tex(void* model, int geom, int vec, int type, int texmode, int coords_s32,
                        int has_sampler, long long sampler, int has_ref, int ref_bits,
                        long long handle, const svBitVecVal* coords, int lod_bits,
                        const svBitVecVal* dpdx, const svBitVecVal* dpdy, int offsets,
                        int offset_pins, int* count, svBitVecVal* rdata, int* flags);

/* Functional coverage (tsu regress's bins, docs/testplan.md): the bins the last executed
 * request hit, space-separated; and the plan's size and how much of it is hit so far. */
const char* tsu_dpi_coverage_last(void* model);
int tsu_dpi_coverage_planned(void* model);
int tsu_dpi_coverage_hit(void* model);

#ifdef __cplusplus
}
#endif

#endif /* TSU_TB_DPI_TSU_DPI_H_ */
