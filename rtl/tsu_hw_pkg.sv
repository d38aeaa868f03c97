// RTL-private types: the format-assembly codes that the format decoder hands to pack/unpack,
// and the structs the unit's stages (rtl/top) pass to each other. Encodings shared with the model live in
// tsu_pkg (generated); this package only adds what is private to the RTL.
package tsu_hw_pkg;

  // Field widths come from tsu_pkg (COORD_*_BITS: generated, checked against the limits).

  // How stored channels are placed in a texel (the inverse is used by unpack).
  typedef enum logic [3:0] {
    Asm8 = 4'd0,       // channel i in bits [8i +: 8]
    Asm16 = 4'd1,      // channel i in bits [16i +: 16]
    Asm32 = 4'd2,      // channel i in bits [32i +: 32]
    Asm565 = 4'd3,     // R 15:11, G 10:5, B 4:0
    Asm555 = 4'd4,     // R 14:10, G 9:5, B 4:0
    Asm101010 = 4'd5,  // R 29:20, G 19:10, B 9:0
    Asm1010102 = 4'd6, // R 31:22, G 21:12, B 11:2, A 1:0
    Asm248 = 4'd7,     // depth 31:8, stencil 7:0
    Asm328 = 4'd8      // depth 31:0, stencil 39:32 (DEPTH_STENCIL/FLOAT)
  } asm_e;

  // How channel bits are interpreted (tsu::ChannelKind).
  typedef enum logic [2:0] {
    KindUnorm = 3'd0,
    KindSnorm = 3'd1,
    KindUint = 3'd2,
    KindSint = 3'd3,
    KindHalf = 3'd4,
    KindFloat = 3'd5
  } kind_e;

  // What tsu_fmt_decode says about a (channel order, channel type) pair; pack, unpack and the
  // unit carry it whole instead of re-declaring its fields.
  typedef struct packed {
    logic        supported;   // legal, and this configuration converts the format's family
    logic        legal;       // OpenCL allows the pair (whatever the knobs)
    logic [2:0]  kind;        // kind_e
    logic [3:0]  assembly;    // asm_e
    logic [2:0]  nfields;     // stored channels, 1..4
    logic [7:0]  comp;        // component (R, G, B, A) of slot i in [2i +: 2]
    logic [23:0] bits;        // width of slot i in [6i +: 6]
    logic [2:0]  texel_log2;  // texel bytes, log2
    logic        srgb_pad;    // sRGBx: slot 3 is padding (0xFF, never read)
  } fmt_info_t;

  // ---- The unit's stage interfaces (rtl/top) ------------------------------------------------------
  // What depends on the unit's parameters (the tag, TagW bits; addresses, AddrW bits) travels
  // beside these structs, not in them: yosys 0.23 cannot parameterise a package type.

  // An accepted request as the descriptor stage holds it (tsu_accept -> tsu_desc -> tsu_decode).
  typedef struct packed {
    logic [2:0]   opcode;      // tsu_pkg::opcode_e
    logic         addressing;  // tsu_pkg::addressing_e
    logic [3:0]   geom;        // tsu_pkg::geom_e
    logic [1:0]   vec;         // tsu_pkg::vec_e
    logic [3:0]   dtype;       // tsu_pkg::dtype_e
    logic [1:0]   clamp;       // tsu_pkg::clamp_e
    logic [2:0]   redop;       // tsu_pkg::redop_e
    logic [2:0]   query;       // tsu_pkg::query_e
    logic         illegal;     // what tsu::Unit's well-formedness check rejects
    logic [127:0] coords;      // operand b, element i in [32i +: 32]
    logic [127:0] data;        // the source operand as the instruction uses it
  } req_t;

  // Where a request goes and what it waits for there (tsu_accept -> tsu_order, docs/semantics.md
  // H11): a legal tex to the texture path; a sust or sured, which writes memory, and every other
  // request (an illegal tex included, which traps) to the surface path.
  typedef enum logic [1:0] {
    PathSurface = 2'd0,
    PathStore   = 2'd1,
    PathTex     = 2'd2
  } path_e;

  // How the address path is driven (tsu_decode -> tsu_address).
  typedef struct packed {
    logic [3:0] geom;
    logic [1:0] clamp;
    logic [2:0] size_log2;   // access bytes, log2
    logic [2:0] scale_log2;  // x is scaled by this (sust.p, sured.p)
    logic       no_access;   // trapped early, or suq: legal inputs, result ignored
  } addr_ctl_t;

  // What travels beside the address path (tsu_decode -> tsu_address).
  typedef struct packed {
    logic [2:0]   opcode;
    logic         is_p;
    logic [1:0]   vec_log2;
    logic [2:0]   type_log2;
    logic [2:0]   size_log2;
    logic [3:0]   red_type;    // the reduction's operand type (sured.p: from the format)
    logic [2:0]   redop;
    logic [2:0]   early_trap;  // tsu_pkg::trap_e
    logic [127:0] data;        // sust.b the bytes, sured the operand, suq the value
  } side_t;

  // A sust.p: the one request whose source elements go through the format pack (tsu_fmt_pack).
  function automatic logic sust_p(logic is_p, logic [2:0] opcode);
    sust_p = is_p && opcode == 3'(tsu_pkg::OpSust);
  endfunction

  // An operation as completion needs it (tsu_address -> tsu_issue -> tsu_complete); its address
  // and tag travel beside it. The store bytes have left by completion, so 64 bits of data remain.
  typedef struct packed {
    logic [2:0]  opcode;
    logic [1:0]  vec_log2;
    logic [2:0]  type_log2;
    logic [2:0]  size_log2;
    logic [3:0]  red_type;
    logic [2:0]  redop;
    logic [2:0]  trap;
    logic [3:0]  oob;
    logic        misaligned;
    logic        clamped;
    logic        suppressed;
    logic        go;          // reaches memory
    logic [63:0] data;        // low half: sust bytes, sured operand, suq value
  } cop_t;

  // A response before its bytes are spread into elements (tsu_complete -> tsu_respond).
  typedef struct packed {
    logic [127:0] data;       // bytes; element i of (1 << type_log2) bytes at i << type_log2
    logic [1:0]   vec_log2;
    logic [2:0]   type_log2;
    logic [2:0]   count;
    logic [2:0]   trap;
    logic [3:0]   oob;
    logic         misaligned;
    logic         clamped;
    logic         suppressed;
  } rsp_t;

  // ---- An access's bytes <-> its 16-byte line -------------------------------------------------
  // A surface access is 2^s bytes at an offset aligned to 2^s (misaligned ones trap before
  // memory), and only its own bytes are ever looked at: bytes past the access in a load's data,
  // and bytes outside the mask in a store's line, are don't care. So neither direction needs a
  // byte shifter (16 positions, four 128-bit mux levels on an iCE40):
  //   - access byte k comes from line byte (off & ~(2^b - 1)) + k, b = bit length of k: an aligned
  //     offset has those bits clear whenever 2^s > k. Byte 0 takes a 16:1 byte mux, bytes 2-3 a
  //     4:1, bytes 8-15 none;
  //   - line byte j of an access at its aligned offset is access byte j mod 2^s, whatever the
  //     offset: a mux over the size, not the offset.
  /* verilator lint_off UNUSEDSIGNAL */
  function automatic logic [127:0] access_from_line(logic [127:0] line, logic [3:0] off);
    for (int k = 0; k < 16; k++) begin
      access_from_line[8*k +: 8] = line[8*k +: 8];
      for (int j = 1; j < 16 - k; j++) begin
        // b = bit length of k; offsets that are multiples of 2^b and keep the byte in the line.
        if (j % (k == 0 ? 1 : k < 2 ? 2 : k < 4 ? 4 : k < 8 ? 8 : 16) == 0 &&
            (off & 4'(16 - (k == 0 ? 1 : k < 2 ? 2 : k < 4 ? 4 : k < 8 ? 8 : 16))) == 4'(j)) begin
          access_from_line[8*k +: 8] = line[8*(j + k) +: 8];
        end
      end
    end
  endfunction

  function automatic logic [127:0] line_from_access(logic [127:0] bytes, logic [2:0] size_log2);
    for (int j = 0; j < 16; j++) begin
      unique case (size_log2)
        3'd0: line_from_access[8*j +: 8] = bytes[7:0];
        3'd1: line_from_access[8*j +: 8] = bytes[8*(j % 2) +: 8];
        3'd2: line_from_access[8*j +: 8] = bytes[8*(j % 4) +: 8];
        3'd3: line_from_access[8*j +: 8] = bytes[8*(j % 8) +: 8];
        default: line_from_access[8*j +: 8] = bytes[8*j +: 8];
      endcase
    end
  endfunction
  /* verilator lint_on UNUSEDSIGNAL */

  // ---- Register elements <-> packed bytes ----------------------------------------------------------
  // Operands and results travel the unit as packed bytes (element i of 2^t bytes at byte i << t);
  // the ports hold one element per 64-bit slot. Each conversion is written per element size t, so
  // every index is a constant: wiring plus one 4:1 byte mux, not a shifter (yosys builds a barrel
  // shifter from a variable index, about 3x the iCE40 area).

  // Packed bytes -> elements, zero-extended; elements i >= 2^vec_log2 are zero. Elements are at
  // most 8 bytes, so type_log2[2] is 0.
  /* verilator lint_off UNUSEDSIGNAL */
  function automatic logic [255:0] spread_elems(logic [127:0] bytes, logic [2:0] type_log2,
                                                logic [1:0] vec_log2);
    logic [255:0] by_t [4];
    for (int t = 0; t < 4; t++) begin
      by_t[t] = '0;
      for (int i = 0; i < 4; i++) begin
        for (int b = 0; b < 8; b++) begin
          if (b < (1 << t) && ((i << t) + b) < 16) begin
            by_t[t][64*i + 8*b +: 8] = bytes[8*((i << t) + b) +: 8];
          end
        end
      end
    end
    spread_elems = by_t[type_log2[1:0]];
    for (int i = 0; i < 4; i++) begin
      if (i >= (1 << vec_log2)) spread_elems[64*i +: 64] = '0;
    end
  endfunction
  /* verilator lint_on UNUSEDSIGNAL */

  // Elements -> packed bytes; bytes past 2^vec_log2 elements are zero.
  function automatic logic [127:0] pack_elems(logic [255:0] elems, logic [2:0] type_log2,
                                              logic [1:0] vec_log2);
    logic [127:0] by_t [4];
    for (int t = 0; t < 4; t++) begin
      by_t[t] = '0;
      for (int k = 0; k < 16; k++) begin
        if ((k >> t) < 4) by_t[t][8*k +: 8] = elems[64*(k >> t) + 8*(k & ((1 << t) - 1)) +: 8];
      end
    end
    pack_elems = by_t[type_log2[1:0]];
    for (int k = 0; k < 16; k++) begin
      if ((k >> type_log2) >= (1 << vec_log2)) pack_elems[8*k +: 8] = '0;
    end
  endfunction

  // IEEE a >= b on binary32 bits (false when either is NaN; +0 == -0): the larger of a .grad
  // request's two sums (tsu_tex_grad, tsu_tex_cube_grad).
  function automatic logic f32_ge(logic [31:0] a, logic [31:0] b);
    logic a_nan, b_nan, both_zero;
    a_nan = a[30:23] == 8'hFF && a[22:0] != '0;
    b_nan = b[30:23] == 8'hFF && b[22:0] != '0;
    both_zero = a[30:0] == '0 && b[30:0] == '0;
    if (a_nan || b_nan) f32_ge = 1'b0;
    else if (both_zero) f32_ge = 1'b1;
    else if (a[31] != b[31]) f32_ge = !a[31];
    else if (!a[31]) f32_ge = a[30:0] >= b[30:0];
    else f32_ge = a[30:0] <= b[30:0];
  endfunction

  // The cube face table (docs/semantics.md T8; tsu::CubeFaceAxes): the face coordinates
  // {sc, tc} of a vector (x, y, z) on a face (0 +x, 1 -x, 2 +y, 3 -y, 4 +z, 5 -z), sign flips of
  // its components. Face selection applies it to the direction (tsu_tex_cube), the cube
  // gradients to dPdx and dPdy (tsu_tex_cube_grad).
  function automatic logic [63:0] cube_face_sc_tc(logic [2:0] face, logic [31:0] x,
                                                  logic [31:0] y, logic [31:0] z);
    logic [31:0] nx, ny, nz;
    nx = {~x[31], x[30:0]};
    ny = {~y[31], y[30:0]};
    nz = {~z[31], z[30:0]};
    unique case (face)
      3'd0: cube_face_sc_tc = {nz, ny};
      3'd1: cube_face_sc_tc = {z, ny};
      3'd2: cube_face_sc_tc = {x, z};
      3'd3: cube_face_sc_tc = {x, nz};
      3'd4: cube_face_sc_tc = {x, ny};
      default: cube_face_sc_tc = {nx, ny};
    endcase
  endfunction

  // A texture extent (1 .. 2^17 - 1) as binary32, exact: the sizes that coordinates and
  // gradients are scaled by (tsu_tex_engine, tsu_tex_grad).
  function automatic logic [31:0] extent_f32(logic [16:0] n);
    logic [31:0] f;
    logic [4:0]  msb;
    logic [16:0] m;
    msb = 5'd0;
    for (int b = 0; b < 17; b++) if (n[b]) msb = 5'(b);
    m = n << (5'd16 - msb);  // the leading one at bit 16 (implied in f32)
    f = {1'b0, 8'(8'd127 + 8'(msb)), m[15:0], 7'd0};
    if (m[16] == 1'b0) f = 32'd0;  // n = 0: never asked for (extents are >= 1)
    extent_f32 = f;
  endfunction

  // The class of a texel after the sampler's read mode (tsu::MakeTexelRule): 8/16-bit integers
  // read as normalized floats are UNORM/SNORM (the engine's result class, the texture unit's
  // conversion-family check).
  // kind and bits0: fmt_info_t's kind and the width of slot 0 (a function of yosys 0.23 takes no
  // struct argument).
  function automatic logic [2:0] read_kind(logic [2:0] kind, logic [5:0] bits0, logic read_norm);
    read_kind = kind;
    if (read_norm && bits0 <= 6'd16) begin
      // (Qualified: yosys 0.23 looks an enum value in a package function up in the caller.)
      if (kind == 3'(tsu_hw_pkg::KindUint)) read_kind = 3'(tsu_hw_pkg::KindUnorm);
      if (kind == 3'(tsu_hw_pkg::KindSint)) read_kind = 3'(tsu_hw_pkg::KindSnorm);
    end
  endfunction

  // Elements in a tex result: its destination vector, .v2 for .f16x2 (each element a pair of
  // halves), else .v4 (the model's decode, model/src/decode_tex.cc).
  // dtype: tsu_pkg::dtype_e (a function of yosys 0.23 compares an enum argument by its value).
  function automatic logic [2:0] tex_result_count(logic [3:0] dtype);
    tex_result_count = dtype == 4'(tsu_pkg::TypeF16x2) ? 3'd2 : 3'd4;
  endfunction

  // ---- Block latencies -------------------------------------------------------------------------------
  // A block's Latency is its function below of its parameters, and a parent that joins blocks
  // reads a child's latency by calling the function with the parameters it gives the child:
  // neither Verilator nor yosys reads a parameter through an instance, so this keeps each number
  // in one place. (32'(bit) + ...: a register is a cycle.)
  function automatic int unsigned fp_mul_latency(bit reg_a, bit reg_b, bit reg_lz, bit reg_c,
                                                 bit reg_shift, bit reg_out);
    fp_mul_latency = 32'(reg_a) + 32'(reg_b) + 32'(reg_lz) + 32'(reg_c) + 32'(reg_shift) +
                     32'(reg_out);
  endfunction
  function automatic int unsigned fp_add_latency(bit reg_a, bit reg_align, bit reg_b, bit reg_lz,
                                                 bit reg_c, bit reg_out);
    fp_add_latency = 32'(reg_a) + 32'(reg_align) + 32'(reg_b) + 32'(reg_lz) + 32'(reg_c) +
                     32'(reg_out);
  endfunction
  // tsu_fp_div: 27 quotient bits, a register after every full stage of steps_per_stage.
  function automatic int unsigned fp_div_latency(bit reg_in, int unsigned steps_per_stage,
                                                 bit reg_out);
    fp_div_latency = 32'(reg_in) + 27 / steps_per_stage + 32'(reg_out);
  endfunction
  // tsu_tex_lerp: a subtraction, a product and a sum, every unit's registers on or off together.
  function automatic int unsigned tex_lerp_latency(bit fp_regs);
    tex_lerp_latency = 2 * fp_add_latency(fp_regs, fp_regs, fp_regs, fp_regs, fp_regs, fp_regs) +
                       fp_mul_latency(fp_regs, fp_regs, fp_regs, fp_regs, fp_regs, fp_regs);
  endfunction
  // The sampling pipeline's blocks at the registers the engine gives them (every one on).
  localparam int unsigned FP_MUL_LATENCY =  // tsu_fp_mul with every register
      fp_mul_latency(1'b1, 1'b1, 1'b1, 1'b1, 1'b1, 1'b1);
  localparam int unsigned FP_ADD_LATENCY =  // tsu_fp_add with every register
      fp_add_latency(1'b1, 1'b1, 1'b1, 1'b1, 1'b1, 1'b1);
  function automatic int unsigned tex_lod_latency(bit reg_a, bit reg_l, bit reg_b, bit reg_out);
    tex_lod_latency = 32'(reg_a) + 32'(reg_l) + 32'(reg_b) + 32'(reg_out);
  endfunction
  // tsu_tex_desc_check: the header and sampler checks, a register in the middle and at the end.
  function automatic int unsigned tex_desc_check_latency(bit reg_mid, bit reg_out);
    tex_desc_check_latency = 32'(reg_mid) + 32'(reg_out);
  endfunction
  function automatic int unsigned tex_coord_latency(bit reg_mid, bit reg_out);
    tex_coord_latency = 32'(reg_mid) + 32'(reg_out);
  endfunction
  // tsu_tex_wrap: 24 divider steps, a register after every full stage of steps_per_stage.
  function automatic int unsigned tex_wrap_latency(bit reg_in, int unsigned steps_per_stage,
                                                   bit reg_rem, bit reg_out);
    tex_wrap_latency = 32'(reg_in) + 24 / steps_per_stage + 32'(reg_rem) + 32'(reg_out);
  endfunction
  function automatic int unsigned addrgen_latency(bit reg_in, bit reg_mul, bit reg_out,
                                                  int unsigned ii);
    addrgen_latency = ii > 1 ? ii + 2 : 32'(reg_in) + 32'(reg_mul) + 32'(reg_out);
  endfunction
  // tsu_address: bounds and clamp (two registers), then address generation (three, or its
  // products over addr_ii cycles).
  function automatic int unsigned address_latency(bit reg_bounds, bit reg_addr,
                                                  int unsigned addr_ii);
    address_latency = 2 * 32'(reg_bounds) + (addr_ii > 1 ? addr_ii + 2 : 3 * 32'(reg_addr));
  endfunction
  // tsu_surface at addr_ii 1 with the sust.p pack one slot a cycle (pack_beats 4, tsu_address
  // EarlyPack): a sust.p starts its pack in the decode stage and waits there this many cycles
  // before it enters the address path, so that its texel is in the pack's output register when
  // its address leaves (the pack's latency without converter stages is 5 + reg_addr; the
  // converters take what the wait and the address path leave over, up to 2) and the next sust.p
  // starts the pack at least its interval (4) later.
  function automatic int unsigned pack_wait(bit reg_bounds, bit reg_addr);
    pack_wait = 5 + 32'(reg_addr) > address_latency(reg_bounds, reg_addr, 1) + 3
              ? 5 + 32'(reg_addr) - address_latency(reg_bounds, reg_addr, 1) : 3;
  endfunction
  // tsu_surface, request to response, idle, on a descriptor-cache hit: the descriptor stage, the
  // address path, issue and the response FIFO; at addr_ii > 1 decode's and issue's registers.
  function automatic int unsigned surface_latency(bit reg_bounds, bit reg_addr,
                                                  int unsigned addr_ii);
    surface_latency = address_latency(reg_bounds, reg_addr, addr_ii) + 3 + 2 * 32'(addr_ii > 1);
  endfunction
  // tsu_fmt_unpack: RegMid (at beats > 1 the held slots' beats instead), the converters, RegOut.
  function automatic int unsigned fmt_unpack_latency(bit reg_mid, int unsigned conv_stages,
                                                     bit reg_out, int unsigned beats);
    fmt_unpack_latency = (beats > 1 ? beats : 32'(reg_mid)) + conv_stages + 32'(reg_out);
  endfunction
  // tsu_tex_texel: tsu_fmt_unpack (RegMid and RegOut on), then its own registers.
  function automatic int unsigned tex_texel_latency(int unsigned conv_stages, bit reg_a,
                                                    bit reg_out, int unsigned beats);
    tex_texel_latency = fmt_unpack_latency(1'b1, conv_stages, 1'b1, beats) + 32'(reg_a) +
                        32'(reg_out);
  endfunction
  // Lanes 1 (a component a cycle): the three later beats, and the assembly register for RegOut's.
  function automatic int unsigned tex_out_latency(int unsigned lanes, bit reg_lz, bit reg_a,
                                                  int unsigned f16_stages, bit reg_b, bit reg_out);
    tex_out_latency = (4 / lanes - 1) + 32'(reg_lz) + 32'(reg_a) + f16_stages + 32'(reg_b) +
                      (lanes == 4 ? 32'(reg_out) : 1);
  endfunction
  // tsu_tex_cube: RegIn, an exact divider, an adder and a multiplier (their registers all on).
  // Beats 2: t a cycle after s through the same lane.
  function automatic int unsigned tex_cube_latency(bit reg_in, int unsigned div_steps_per_stage,
                                                   int unsigned beats);
    tex_cube_latency = 32'(reg_in) + fp_div_latency(1'b1, div_steps_per_stage, 1'b1) +
                       FP_ADD_LATENCY + FP_MUL_LATENCY + (beats - 1);
  endfunction
  // tsu_tex_cube's face and face-table outputs.
  function automatic int unsigned tex_cube_axis_latency(bit reg_in);
    tex_cube_axis_latency = 32'(reg_in);
  endfunction
  // tsu_tex_grad: (S), (Q), (A) twice, (C), tsu_tex_rho; beats - 1 for the second gradient.
  function automatic int unsigned tex_grad_latency(int unsigned beats);
    // Beats 1, 2: dPdy's sum (beside dPdx's, or a cycle after it); 6: three cycles after dPdx's,
    // which starts a cycle after its x (x^2 + y^2 waits for y).
    tex_grad_latency = 2 * FP_MUL_LATENCY + 2 * FP_ADD_LATENCY + 2 + (beats == 6 ? 4 : beats - 1);
  endfunction
  function automatic int unsigned tex_cube_grad_latency(bit reg_in, int unsigned beats,
                                                        int unsigned div_steps_per_stage);
    tex_cube_grad_latency = 32'(reg_in) + 3 * FP_MUL_LATENCY + 2 * FP_ADD_LATENCY +
                            fp_div_latency(1'b1, div_steps_per_stage, 1'b1) + 2 + (beats - 1);
  endfunction
  // tsu_tex_cube_grad with Tail 0: RegIn, (M), (N), (Q), dPdx's quotients held for dPdy's.
  function automatic int unsigned tex_cube_quot_latency(bit reg_in, int unsigned beats,
                                                        int unsigned div_steps_per_stage);
    tex_cube_quot_latency = 32'(reg_in) + FP_MUL_LATENCY + FP_ADD_LATENCY +
                            fp_div_latency(1'b1, div_steps_per_stage, 1'b1) + (beats - 1);
  endfunction
  // tsu_tex_corner: ((a + b) + c) x 1/3 over 4 / lanes beats.
  function automatic int unsigned tex_corner_latency(int unsigned lanes);
    tex_corner_latency = 2 * FP_ADD_LATENCY + FP_MUL_LATENCY + 4 / lanes - 1;
  endfunction
  // Its interval: its beats, and with shared_add (both additions through one adder) the first
  // sums' turn in the adder.
  function automatic int unsigned tex_corner_interval(int unsigned lanes, bit shared_add);
    tex_corner_interval = 4 / lanes + (shared_add ? FP_ADD_LATENCY : 0);
  endfunction
  // tsu_tex_filter: a tap of a sample without an active rank, through the bypass register.
  localparam int unsigned TEX_FILTER_LATENCY = 1;
  // tsu_tex_cache and a bank of tsu_tex_cache_banked: a hit; a miss adds the memory's latency.
  function automatic int unsigned tex_cache_latency();
    tex_cache_latency = 3;
  endfunction

  // The sampling engine's stages (tsu_tex_engine), each idle, from its input to its output, the
  // queue it writes included (an item pushed into an empty queue is its head a cycle later); the
  // engine's Latency is their sum along a point sample's way.
  // tsu_tex_lod_path: a request without .grad behind none, straight to tsu_tex_lod.
  function automatic int unsigned tex_lod_path_latency();
    tex_lod_path_latency = tex_lod_latency(1'b1, 1'b1, 1'b1, 1'b1);
  endfunction
  // tsu_tex_lvl_fetch: Q1 before the level-record read, QL after it (the read's own cycles not).
  function automatic int unsigned tex_lvl_fetch_latency();
    tex_lvl_fetch_latency = 2;
  endfunction
  // tsu_tex_pass's coordinate pipeline (coordinate x size, tsu_tex_coord, the offset and weight
  // register, tsu_tex_wrap); at axis_beats 3 the last axis trails the first by two cycles through
  // the coordinate stage and the wrap each.
  function automatic int unsigned tex_pass_pipe_latency(int unsigned axis_beats);
    tex_pass_pipe_latency = FP_MUL_LATENCY + tex_coord_latency(1'b1, 1'b1) + 1 +
                            tex_wrap_latency(1'b1, 2, 1'b1, 1'b1) + 2 * (axis_beats - 1);
  endfunction
  // tsu_tex_pass: a pass's last input (its level record) to the pass in Q3.
  function automatic int unsigned tex_pass_latency(int unsigned axis_beats);
    tex_pass_latency = tex_pass_pipe_latency(axis_beats) + 1;
  endfunction
  // tsu_tex_tap and tsu_tex_quad_gen: tsu_addrgen (its registers on; its products over addr_ii
  // cycles), then Q4 or QQ4.
  function automatic int unsigned tex_tap_latency(int unsigned addr_ii);
    tex_tap_latency = addrgen_latency(1'b1, 1'b1, 1'b1, addr_ii) + 1;
  endfunction
  // tsu_tex_issue: a tap's read leaves as it reaches Q4's head; its line waits in QR.
  function automatic int unsigned tex_issue_latency();
    tex_issue_latency = 1;
  endfunction
  // tsu_tex_return: tsu_tex_texel (its defaults, a tap every texel_beats cycles), then Q6.
  function automatic int unsigned tex_return_latency(int unsigned texel_beats);
    tex_return_latency = tex_texel_latency(3, 1'b1, 1'b1, texel_beats) + 1;
  endfunction
  // tsu_tex_quad_return: four tsu_tex_texel, tsu_tex_bilerp (two lerps), then QQ6.
  function automatic int unsigned tex_quad_return_latency();
    tex_quad_return_latency = tex_texel_latency(3, 1'b1, 1'b1, 1) + 2 * tex_lerp_latency(1'b1) + 1;
  endfunction
  // tsu_tex_resolve: the filter's bypass, at out_lanes 4 tsu_tex_out, then RQ (at out_lanes 1 an
  // .f32 result of a float texel answers from RQ's head as it is).
  function automatic int unsigned tex_resolve_latency(int unsigned out_lanes);
    tex_resolve_latency = TEX_FILTER_LATENCY +
        (out_lanes == 4 ? tex_out_latency(4, 1'b1, 1'b1, 1, 1'b1, 1'b1) : 0) + 1;
  endfunction

endpackage
