// The texture sampling pipeline's stage records (tsu_tex_engine and its stages, rtl/tex). Each
// queue and delay line between two stages carries one of these, sized with $bits. Encodings
// shared with the model live in tsu_pkg (generated); these records are private to the RTL.
// What depends on the engine's parameters (addresses, AddrW bits) travels beside a record, not in
// it: yosys 0.23 cannot parameterise a package type.
package tsu_tex_pkg;

  // A tap's layer: a cube array's layer x 6 + face (up to 6 x 2048 layers): tsu_pkg's
  // COORD_LAYER_BITS + 3 (yosys 0.23 reads no package from another; tsu_tex_setup asserts it).
  localparam int unsigned LayerW = 14;

  // ---- A request's operands, as tsu_tex_unit carries them through its descriptor lookups -------

  // Everything of a tex but its handles and tag (its TagW bits travel beside the record).
  typedef struct packed {
    logic [3:0]   geom;              // tsu_pkg::geom_e
    logic [1:0]   mode;              // tsu_pkg::texmode_e
    logic         s32;               // integer coordinates
    logic [3:0]   dtype;             // tsu_pkg::dtype_e
    logic         compare;           // a depth-compare operand
    logic [127:0] coords;            // element a in [32a +: 32]
    logic [31:0]  lod;
    logic [11:0]  offset;
    logic [31:0]  ref_value;
    logic [95:0]  dpdx;              // .grad: dPdx, element a in [32a +: 32]
    logic [95:0]  dpdy;              // .grad: dPdy
  } tex_op_t;

  // ---- Per request, pushed at acceptance (tsu_tex_setup) ---------------------------------------

  // What the pass generator needs of the texture and the sampler (tsu_tex_pass).
  typedef struct packed {
    logic [31:0] width;
    logic [31:0] height;
    logic [31:0] depth;
    logic [2:0]  texel_log2;
    logic        s32path;            // integer coordinates (.s32, or multisample)
    logic        cube;
    logic        layout;             // tsu_pkg::layout_e
    logic [2:0]  block_height_log2;
    logic [2:0]  block_depth_log2;
    logic [63:0] base;
    logic [1:0]  samples_log2;
    logic [11:0] offset;             // e: x, y, z offsets, 4 bits each
    logic        normalized;         // normalized coordinates (always on a cube)
    logic        seamless;           // a cube with seamless filtering
    logic [1:0]  mode_w;             // tsu_pkg::addrmode_e per axis (a cube's x, y: clamp)
    logic [1:0]  mode_v;
    logic [1:0]  mode_u;
    logic [1:0]  axes;               // 1, 2 or 3
  } pass_req_t;

  // A request's coordinates as the pass generator reads them (after face selection on a cube).
  typedef struct packed {
    logic [2:0]        face;         // a cube's face, else 0
    logic [LayerW-1:0] layer;        // a cube array's layer x 6 + face
    logic [95:0]       u;            // coordinate a in [32a +: 32] (a cube's face s, t)
  } coord_t;

  // What the tap generators need per request (tsu_tex_tap, tsu_tex_quad).
  typedef struct packed {
    logic        quad;               // the request takes the quad path
    logic        layout;             // tsu_pkg::layout_e
    logic [2:0]  sample;             // multisample: the sample, clamped
    logic [1:0]  samples_log2;
    logic [2:0]  texel_log2;
    logic [63:0] layer_stride;
    logic [63:0] residency_map;      // 0: none
    logic [3:0]  tile_z_log2;
    logic [3:0]  tile_y_log2;
    logic [3:0]  tile_x_log2;
    // Where each field of a residency bit index starts (tsu::ResidencyBit over the index widths
    // of tsu::MakeResidencyIndex): tile y at bx, tile z at bx + by, the level at bx + by + bz (up
    // to 16 + 16 + 12), the layer res_bits_level above the level.
    logic [4:0]  res_shift_y;
    logic [5:0]  res_shift_z;
    logic [5:0]  res_shift_level;
    logic [4:0]  res_bits_level;
  } tap_req_t;

  // The tap-value rule: tsu_tex_texel's per-request inputs.
  typedef struct packed {
    logic [4:0]   chorder;           // tsu_pkg::chorder_e
    logic [4:0]   chtype;            // tsu_pkg::chtype_e
    logic         read_norm;         // tsu_pkg::readmode_e
    logic         srgb;
    logic         compare;           // the request has a depth compare operand
    logic [2:0]   compare_op;        // tsu_pkg::cmpop_e
    logic [31:0]  ref_value;
    logic [127:0] border_color;
  } texel_req_t;

  // The output conversion's inputs (tsu_tex_out).
  typedef struct packed {
    logic [3:0] dtype;               // tsu_pkg::dtype_e
    logic       float_res;           // the result class is a float one
    logic       sint;
  } out_req_t;

  // A filtered result waiting in the response queue for its conversion (tsu_tex_resolve,
  // OutLanes 1).
  typedef struct packed {
    out_req_t     o;
    logic         nonres;            // a tap's tile not resident: zeros, predicate false
    logic         bad;               // an unusable level: a trap
    logic [127:0] c;                 // the filtered components, component k in [32k +: 32]
  } filtered_t;

  // What the level of detail needs (tsu_tex_lod_path).
  typedef struct packed {
    logic [1:0]         mode;        // tsu_pkg::texmode_e
    logic [31:0]        lod;
    logic signed [15:0] bias;
    logic signed [15:0] min_lod;
    logic signed [15:0] max_lod;
    logic [1:0]         mip;         // tsu_pkg::mipfilter_e (.grad with .s32: nearest)
    logic [4:0]         levels;
    logic [63:0]        level_table;
    logic               s32path;
    logic               grad_level;  // .grad with integer coordinates: the nearest level rule
    logic               float_res;
    logic               lin_min;
    logic               lin_mag;
    logic [4:0]         level_s32;   // integer coordinates: the level (.level, clamped) or 0
  } lod_req_t;

  // A .grad request's gradients and the sizes they are scaled by (tsu_tex_grad).
  typedef struct packed {
    logic [95:0] dpdx;               // element a in [32a +: 32]
    logic [95:0] dpdy;
    logic [1:0]  axes;
    logic        scale;              // normalized coordinates: scaled by the level-0 size
    logic [16:0] width;              // per sample
    logic [16:0] height;
    logic [16:0] depth;
  } grad_req_t;

  // ---- Level of detail -> level-record reads -> pass generator ---------------------------------

  // The levels a request samples: one pass, or two for a linear mip filter between levels.
  typedef struct packed {
    logic [4:0] hi;
    logic [4:0] lo;
    logic       two;                 // two passes (hi, then lo)
    logic       linear;              // a linear filter within a level
    logic [7:0] frac;                // the weight between the two levels
  } levels_t;

  // A level's addressing, from its record (tsu_tex_level); the base travels beside.
  typedef struct packed {
    logic        ok;                 // the record is usable
    logic [4:0]  level;
    logic [31:0] pitch;
    logic [31:0] row_of_blocks;
    logic [43:0] slice_bytes;
    logic [2:0]  block_height_log2;
    logic [2:0]  block_depth_log2;
  } level_addr_t;

  // ---- Pass generator -> tap generators ----------------------------------------------------------

  // One pass: the wrapped indices and borders per axis, weights and shape.
  typedef struct packed {
    logic [47:0]       idx1;         // axis a's second tap's index in [16a +: 16]
    logic [47:0]       idx0;         // the first tap's
    logic [2:0]        border1;      // per axis: the tap is a border tap
    logic [2:0]        border0;
    logic [23:0]       wt;           // axis a's linear weight in [8a +: 8]
    logic              linear;
    logic [1:0]        axes;
    logic              two;          // the request has two passes
    logic              last_pass;    // the request's last pass
    logic [7:0]        frac;
    logic              seamless;     // a seamless cube's pass
    logic [1:0]        out1;         // x, y: the second tap is off the face
    logic [1:0]        hi1;          // ... past its far edge
    logic [1:0]        out0;
    logic [1:0]        hi0;
    logic [2:0]        face;
    logic [LayerW-1:0] layer;
    logic [16:0]       n;            // the face's size (a cube level is square)
  } pass_t;

  // ---- One-tap path: tap generator -> memory issue -> texel return ---------------------------

  // A tap beside its addresses (texel line, residency byte).
  typedef struct packed {
    logic        border;             // reads nothing: the border colour
    logic        bad;                // its level's record is unusable: reads nothing
    logic        res_read;           // reads its residency byte
    logic [2:0]  res_bit;            // the bit in that byte
    logic [31:0] w;                  // weights: {mip frac, z, y, x}
    logic [3:0]  ranks;              // {mip, z, y, x} filter ranks
    logic        last;               // the request's last tap
    logic [1:0]  code;               // a seamless corner's texel: 0 none, 1-3 the first..third
  } tap_t;

  // A tap whose reads are issued, waiting for its lines.
  typedef struct packed {
    logic        border;
    logic        bad;
    logic        tex_read;
    logic        res_read;
    logic [3:0]  off;                // the texel's byte in its line
    logic [3:0]  res_off;            // the residency byte in its line
    logic [2:0]  res_bit;
    logic [31:0] w;
    logic [3:0]  ranks;
    logic        last;
    logic [1:0]  code;
  } read_t;

  // What travels beside a tap's value: its request's flags mean something on its last tap only.
  typedef struct packed {
    logic        last;               // the request's last item
    logic        nonres;             // a tap of the request was not resident
    logic        bad;                // a level of the request was unusable
    logic [31:0] w;
    logic [3:0]  ranks;
  } item_side_t;

  // A filter input item (the one-tap path's Q6, the quad path's QQ6).
  typedef struct packed {
    logic [127:0] c;                 // channel k in [32k +: 32]
    item_side_t   side;
  } item_t;

  // ---- Quad path ---------------------------------------------------------------------------------

  // A slice (up to four taps, lane j = the j-th tap of the slice) beside its four addresses.
  typedef struct packed {
    logic [3:0]  corner;             // the lane is a seamless corner: no read, a mean
    logic [3:0]  active;
    logic [3:0]  border;
    logic        bad;
    logic [7:0]  banks;              // lane j's bank in [2j +: 2]
    logic [31:0] w;
    logic [3:0]  ranks;
    logic        last;               // the request's last slice
  } slice_t;

  // A group of reads issued in one cycle.
  typedef struct packed {
    logic        slice_end;          // the slice's last group
    logic [3:0]  took;               // lanes that take a line in this group
    logic [7:0]  src;                // lane j's bank in [2j +: 2]
    logic [15:0] off;                // lane j's texel byte in its line in [4j +: 4]
    logic [3:0]  banks_read;         // banks read in this group
    logic [3:0]  corner;
    logic [3:0]  active;
    logic [3:0]  border;
    logic        bad;
    logic [31:0] w;
    logic [3:0]  ranks;
    logic        last;
  } group_t;

  // ---- Response ----------------------------------------------------------------------------------

  typedef struct packed {
    logic [127:0] data;              // element k in [32k +: 32]
    logic [2:0]   count;
    logic         pred;              // residency: every tap's tile resident
    logic         trap;              // a sampled level's record is unusable
  } rsp_t;

  // A request's response from its filtered result and its flags, field by field (yosys 0.23
  // reads no function returning a struct): non-resident gives zeros and a false predicate; a bad
  // level a trap (the flag itself) with zeros and no elements, and a true predicate.
  function automatic logic [127:0] flagged_data(logic nonres, logic bad, logic [127:0] data);
    flagged_data = bad || nonres ? 128'd0 : data;
  endfunction
  function automatic logic [2:0] flagged_count(logic bad, logic [2:0] count);
    flagged_count = bad ? 3'd0 : count;
  endfunction
  function automatic logic flagged_pred(logic nonres, logic bad);
    flagged_pred = !nonres || bad;
  endfunction
endpackage
