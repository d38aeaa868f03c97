// The golden model for a SystemVerilog testbench: tsu's model (libtsu_dpi.so, tb/dpi/tsu_dpi.h)
// through DPI-C. Enum arguments take tsu_pkg's codes; docs/dpi.md shows a bench's use.
package tsu_dpi_pkg;
  // A model with its own memory (fmt_*: the sust.p format families converted; tex: the texture
  // path). Free it with tsu_dpi_free.
  import "DPI-C" function chandle tsu_dpi_new(input int addr_bits, input int fmt_norm,
                                              input int fmt_half, input int fmt_int, input int tex);
  import "DPI-C" function void tsu_dpi_free(input chandle model);
  // Memory.
  import "DPI-C" function void tsu_dpi_mem_write8(input chandle model, input longint addr,
                                                  input byte unsigned value);
  import "DPI-C" function byte unsigned tsu_dpi_mem_read8(input chandle model, input longint addr);
  import "DPI-C" function void tsu_dpi_mem_write_line(input chandle model, input longint addr,
                                                      input bit [127:0] line, input int mask);
  import "DPI-C" function void tsu_dpi_mem_read_line(input chandle model, input longint addr,
                                                     output bit [127:0] line);
  // The descriptor pool, and binding a slot from its bytes (kind 0 surface, 1 texture, 2 sampler).
  import "DPI-C" function void tsu_dpi_set_pool(input chandle model, input longint base,
                                                input longint entries);
  import "DPI-C" function int tsu_dpi_bind(input chandle model, input int kind, input longint handle);
  // A random surface in slot `handle` at `base` (footprint at most max_bytes, filled at random).
  import "DPI-C" function longint tsu_dpi_random_surface(input chandle model, input longint handle,
                                                         input longint seed, input longint base,
                                                         input longint max_bytes);
  import "DPI-C" function int tsu_dpi_surface_info(input chandle model, input longint handle,
                                                   output int geom, output int width,
                                                   output int height, output int depth,
                                                   output int layers, output int texel_bytes);
  // One surface request, executed as the unit would at acceptance; returns the trap cause.
  // flags: bit 0 misaligned, 1 clamped, 2 suppressed, 3 pred.
  import "DPI-C" function int tsu_dpi_execute(input chandle model, input int opcode,
      input int addressing, input int geom, input int vec, input int dtype, input int clamp,
      input int redop, input int query, input longint handle, input bit [127:0] coords,
      input bit [255:0] data, output int count, output bit [255:0] rdata, output int oob,
      output int flags, output longint wr_addr, output int wr_size, output bit [127:0] wr_data);
  // One tex request (see tsu_dpi.h for the operands).
  import "DPI-C" function int tsu_dpi_execute_tex(input chandle model, input int geom,
      input int vec, input int dtype, input int texmode, input int coords_s32,
      input int has_sampler, input longint sampler, input int has_ref, input int ref_bits,
      input longint handle, input bit [127:0] coords, input int lod_bits, input bit [95:0] dpdx,
      input bit [95:0] dpdy, input int offsets, input int offset_pins, output int count,
      output bit [255:0] rdata, output int flags);
  // Coverage: the bins the last request hit (space-separated), the plan's size, bins hit so far.
  import "DPI-C" function string tsu_dpi_coverage_last(input chandle model);
  import "DPI-C" function int tsu_dpi_coverage_planned(input chandle model);
  import "DPI-C" function int tsu_dpi_coverage_hit(input chandle model);
endpackage
