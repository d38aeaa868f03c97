"""The Python module (`import tsu`) against NumPy references and hand-derived values."""
import numpy as np
import pytest

import tsu

RNG = np.random.default_rng(7)


def test_decode_valid_and_invalid():
    d = tsu.decode("sured.b.add.2d.u32.trap [surf_A, {x, y}], r1;")
    assert d["valid"] and d["opcode"] == "sured" and d["geom"] == "2d"
    assert tsu.decode("tex.2d.v4.f32.f32 {a, b, c, d}, [t, {x, y}];")["opcode"] == "tex"
    with pytest.raises(ValueError, match="clamp"):
        tsu.decode("suld.b.2d.b32 r1, [s, {x, y}];")  # ptxas wants a clamp mode


def rgba8_surface(unit, h=3, w=4):
    texels = RNG.integers(0, 256, size=(h, w, 4), dtype=np.uint8)
    unit.bind_surface(1, texels, width=w, height=h, dim="2d", order="RGBA", type="UNORM_INT8")
    return texels


def test_suld_reads_every_texel_as_its_bytes():
    u = tsu.Unit()
    texels = rgba8_surface(u)
    words = texels.view("<u4")[..., 0]  # each texel's four bytes, little-endian
    for y in range(3):
        for x in range(4):
            r = u.execute("suld.b.2d.b32.trap r1, [s, {x, y}];", 1, coords=[4 * x, y])
            assert r["trap"] is None and r["data"] == [int(words[y, x])]


def test_sust_then_surface_bytes():
    u = tsu.Unit()
    texels = rgba8_surface(u)
    r = u.execute("sust.b.2d.v2.b16.trap [s, {x, y}], {a, b};", 1, coords=[4 * 2, 1],
                  data=[0x1234, 0xABCD])
    assert r["trap"] is None
    expect = texels.copy()
    expect[1, 2] = [0x34, 0x12, 0xCD, 0xAB]
    got = np.frombuffer(u.surface_bytes(1), dtype=np.uint8).reshape(expect.shape)
    np.testing.assert_array_equal(got, expect)


def test_out_of_bounds_traps_zero_and_clamp():
    u = tsu.Unit()
    texels = rgba8_surface(u)
    assert u.execute("suld.b.2d.b32.trap r1, [s, {x, y}];", 1, coords=[16, 0])["trap"] == "out_of_bounds"
    assert u.execute("suld.b.2d.b32.zero r1, [s, {x, y}];", 1, coords=[16, 0])["data"] == [0]
    last = int(texels.view("<u4")[0, 3, 0])
    assert u.execute("suld.b.2d.b32.clamp r1, [s, {x, y}];", 1, coords=[16, 0])["data"] == [last]


def test_suq_answers_the_descriptor():
    u = tsu.Unit()
    rgba8_surface(u, h=3, w=4)
    assert u.execute("suq.width.b32 r1, [s];", 1)["data"] == [4]
    assert u.execute("suq.height.b32 r1, [s];", 1)["data"] == [3]


def test_sured_add_against_numpy():
    u = tsu.Unit()
    vals = RNG.integers(0, 2**32, size=(2, 5), dtype=np.uint32)
    u.bind_surface(2, vals, width=5, height=2, order="R", type="UNSIGNED_INT32")
    adds = RNG.integers(0, 2**32, size=(2, 5), dtype=np.uint64)
    for y in range(2):
        for x in range(5):
            r = u.execute("sured.b.add.2d.u32.trap [s, {x, y}], r1;", 2, coords=[4 * x, y],
                          data=[int(adds[y, x])])
            assert r["trap"] is None
    expect = (vals.astype(np.uint64) + adds) % 2**32
    got = np.frombuffer(u.surface_bytes(2), dtype=np.uint32).reshape(vals.shape)
    np.testing.assert_array_equal(got, expect.astype(np.uint32))


def float_texture(unit, levels, sampler):
    unit.bind_texture(3, levels, width=levels[0].shape[1], height=levels[0].shape[0],
                      dim="2d", order="RGBA", type="FLOAT", sampler=sampler)


def test_tex_nearest_returns_the_texels():
    u = tsu.Unit()
    img = RNG.integers(-8, 8, size=(4, 4, 4)).astype(np.float32)
    float_texture(u, [img], {"filter": "nearest"})
    ys, xs = np.mgrid[0:4, 0:4]
    coords = np.stack([xs.ravel() + 0.5, ys.ravel() + 0.5], axis=1).astype(np.float32)
    out, pred = u.tex("tex.2d.v4.f32.f32 {a, b, c, d}, [t, {x, y}];", 3, coords)
    np.testing.assert_array_equal(out, img.reshape(-1, 4))
    assert pred.all()


def test_tex_linear_midpoint_is_the_mean():
    u = tsu.Unit()
    img = RNG.integers(-8, 8, size=(2, 4, 4)).astype(np.float32)
    float_texture(u, [img], {"filter": "linear"})
    # Halfway between texel centres x and x+1 of row 0 (y on row 0's centre): weight 1/2 exactly.
    coords = np.array([[x + 1.0, 0.5] for x in range(3)], dtype=np.float32)
    out, _ = u.tex("tex.2d.v4.f32.f32 {a, b, c, d}, [t, {x, y}];", 3, coords)
    np.testing.assert_array_equal(out, (img[0, :3] + img[0, 1:]) / 2)


def test_tex_level_reads_the_level():
    u = tsu.Unit()
    l0 = np.zeros((4, 4, 4), np.float32)
    l1 = RNG.integers(0, 9, size=(2, 2, 4)).astype(np.float32)
    l2 = np.full((1, 1, 4), 5.0, np.float32)
    float_texture(u, [l0, l1, l2], {"filter": "nearest", "mip_filter": "nearest", "normalized": True})
    coords = np.array([[0.25, 0.25], [0.75, 0.25], [0.25, 0.75], [0.75, 0.75]], np.float32)
    out, _ = u.tex("tex.level.2d.v4.f32.f32 {a, b, c, d}, [t, {x, y}], lod;", 3, coords,
                   lod=np.ones(4, np.float32))
    np.testing.assert_array_equal(out, l1.reshape(-1, 4))


def test_bad_input_raises_value_error():
    u = tsu.Unit()
    with pytest.raises(ValueError, match="bytes of texels"):
        u.bind_surface(1, np.zeros(5, np.uint8), width=4, height=3, order="RGBA", type="UNORM_INT8")
    with pytest.raises(ValueError, match="unknown channel type"):
        u.bind_surface(1, np.zeros(48, np.uint8), width=4, height=3, type="UNORM9")
    with pytest.raises(ValueError, match="sampler"):
        float_texture(u, [np.zeros((2, 2, 4), np.float32)], {"filtr": "linear"})
    with pytest.raises(ValueError):
        u.execute("suld.b.9d.b32.trap r1, [s, {x}];", 1)
    with pytest.raises(ValueError, match="traps"):
        u.tex("tex.2d.v4.f32.f32 {a, b, c, d}, [t, {x, y}];", 99, np.zeros((1, 2), np.float32))
