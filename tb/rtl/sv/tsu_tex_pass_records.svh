// The records a tap generator's bench wrapper hands its stage, assembled from the ports of
// tsu_tex_pass_ports.svh (tb/rtl/sv/tsu_tex_tap_bench.sv, tsu_tex_quad_gen_bench.sv).
  tsu_tex_pkg::pass_t       pass;
  tsu_tex_pkg::level_addr_t level;
  tsu_tex_pkg::tap_req_t    tap_req;
  always_comb begin
    pass.idx1 = idx1_i;
    pass.idx0 = idx0_i;
    pass.border1 = border1_i;
    pass.border0 = border0_i;
    pass.wt = wt_i;
    pass.linear = linear_i;
    pass.axes = axes_i;
    pass.two = two_i;
    pass.last_pass = last_pass_i;
    pass.frac = frac_i;
    pass.seamless = seamless_i;
    pass.out1 = out1_i;
    pass.hi1 = hi1_i;
    pass.out0 = out0_i;
    pass.hi0 = hi0_i;
    pass.face = face_i;
    pass.layer = layer_i;
    pass.n = n_i;
    level.ok = lv_ok_i;
    level.level = lv_level_i;
    level.pitch = lv_pitch_i;
    level.row_of_blocks = lv_row_of_blocks_i;
    level.slice_bytes = lv_slice_bytes_i;
    level.block_height_log2 = lv_block_height_log2_i;
    level.block_depth_log2 = lv_block_depth_log2_i;
    tap_req.quad = quad_i;
    tap_req.layout = layout_i;
    tap_req.sample = sample_i;
    tap_req.samples_log2 = samples_log2_i;
    tap_req.texel_log2 = texel_log2_i;
    tap_req.layer_stride = layer_stride_i;
    tap_req.residency_map = residency_map_i;
    tap_req.tile_z_log2 = tile_z_log2_i;
    tap_req.tile_y_log2 = tile_y_log2_i;
    tap_req.tile_x_log2 = tile_x_log2_i;
    tap_req.res_shift_y = res_shift_y_i;
    tap_req.res_shift_z = res_shift_z_i;
    tap_req.res_shift_level = res_shift_level_i;
    tap_req.res_bits_level = res_bits_level_i;
  end
