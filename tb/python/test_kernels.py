"""CUDA kernels (tb/kernels) through tsu.Device, against NumPy references written here."""
import os

import numpy as np
import pytest

import tsu

KERNELS = os.path.join(os.path.dirname(__file__), "..", "kernels")


def module(dev, name):
    return dev.load_ptx(os.path.join(KERNELS, name))


def test_saxpy_like_cuda():
    dev = tsu.Device()
    mod = module(dev, "basics.ptx")
    n = 1000
    x = (np.arange(n, dtype=np.float32) * 0.25 - 3).astype(np.float32)
    y = np.full(n, 0.5, dtype=np.float32)
    px, py = dev.malloc(x.nbytes), dev.malloc(y.nbytes)
    dev.memcpy_htod(px, x)
    dev.memcpy_htod(py, y)
    report = mod.launch("saxpy", grid=(4,), block=(256,), args=[n, 1.5, px, py])
    got = dev.memcpy_dtoh(py, (n,), np.float32)
    np.testing.assert_array_equal(got, (1.5 * x.astype(np.float64) + 0.5).astype(np.float32))
    assert report["ctas"] == 4 and report["instructions"]["memory"] > 0
    assert "saxpy" in mod.kernels


def test_block_reduction():
    dev = tsu.Device()
    mod = module(dev, "basics.ptx")
    data = (np.arange(5000) % 13).astype(np.float32)
    p, out = dev.malloc(data.nbytes), dev.malloc(4)
    dev.memcpy_htod(p, data)
    dev.memcpy_htod(out, np.zeros(1, np.float32))
    mod.launch("reduce_sum", grid=3, block=320, args=[p, out, data.size])
    assert dev.memcpy_dtoh(out, (1,), np.float32)[0] == data.sum()


def bilinear_wrap(img, u, v):
    """Normalized, wrapping bilinear filtering as CUDA defines it, in float64."""
    h, w = img.shape
    x, y = u * w - 0.5, v * h - 0.5
    x0, y0 = np.floor(x), np.floor(y)
    fx, fy = x - x0, y - y0
    x0, y0 = x0.astype(int), y0.astype(int)
    t = lambda yy, xx: img[yy % h, xx % w].astype(np.float64)
    return ((1 - fx) * (1 - fy) * t(y0, x0) + fx * (1 - fy) * t(y0, x0 + 1) +
            (1 - fx) * fy * t(y0 + 1, x0) + fx * fy * t(y0 + 1, x0 + 1))


def test_rotation_with_linear_filtering():
    dev = tsu.Device()
    mod = module(dev, "textures.ptx")
    h, w = 32, 48
    img = np.random.default_rng(3).random((h, w), dtype=np.float32)
    arr = dev.array(img, channels=(32,), kind="float")
    tex = dev.texture_object(arr, address_mode="wrap", filter_mode="linear", normalized_coords=True)
    out = dev.malloc(img.nbytes)
    angle = 0.4
    report = mod.launch("rotate", grid=(3, 2), block=(16, 16), args=[out, tex, w, h, angle])
    got = dev.memcpy_dtoh(out, (h, w), np.float32)
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float64)
    u, v = xx / w - 0.5, yy / h - 0.5
    c, s = np.cos(angle), np.sin(angle)
    want = bilinear_wrap(img, u * c - v * s + 0.5, v * c + u * s + 0.5)
    # Filter weights are binary32 (docs/semantics.md), the reference float64.
    np.testing.assert_allclose(got, want, atol=2e-3)
    assert report["texture_requests"] == h * w


def test_convolution_from_a_point_sampled_texture():
    dev = tsu.Device()
    mod = module(dev, "textures.ptx")
    h, w = 24, 40
    img = np.random.default_rng(5).random((h, w), dtype=np.float32)
    tex = dev.texture_object(dev.array(img), address_mode="clamp")
    taps = np.array([0.05, 0.09, 0.12, 0.15, 0.18, 0.15, 0.12, 0.09, 0.05], np.float32)
    mod.set_symbol("taps", taps)
    out = dev.malloc(img.nbytes)
    mod.launch("convolve", grid=(3, 2), block=(16, 16), args=[out, tex, w, h, 1])
    got = dev.memcpy_dtoh(out, (h, w), np.float32)
    padded = np.pad(img.astype(np.float64), ((0, 0), (4, 4)), mode="edge")
    want = sum(taps[k] * padded[:, k:k + w] for k in range(9))
    np.testing.assert_allclose(got, want, rtol=1e-6, atol=1e-6)


def test_surface_written_then_sampled():
    dev = tsu.Device()
    mod = module(dev, "textures.ptx")
    h, w = 16, 24
    arr = dev.array(np.zeros((h, w), np.float32))
    surf, tex = dev.surface_object(arr), dev.texture_object(arr)
    mod.launch("paint", grid=(2, 1), block=(16, 16), args=[surf, w, h])
    out = dev.malloc(h * w * 4)
    mod.launch("sample_painted", grid=(2, 1), block=(16, 16), args=[out, tex, surf, w, h])
    yy, xx = np.mgrid[0:h, 0:w]
    painted = ((xx * 3 + yy * 5) % 17 / 16.0).astype(np.float32)
    np.testing.assert_array_equal(dev.memcpy_dtoh(out, (h, w), np.float32), 3 * painted)


def test_histograms_with_sured_and_with_atomics():
    dev = tsu.Device()
    data = np.random.default_rng(9).integers(0, 256, 6000).astype(np.uint8)
    want = np.bincount(data, minlength=256).astype(np.uint32)
    p = dev.malloc(data.nbytes)
    dev.memcpy_htod(p, data)
    basics, textures = module(dev, "basics.ptx"), module(dev, "textures.ptx")
    bins = dev.malloc(1024)
    dev.memcpy_htod(bins, np.zeros(256, np.uint32))
    basics.launch("histogram_atomic", grid=4, block=128, args=[p, bins, data.size])
    np.testing.assert_array_equal(dev.memcpy_dtoh(bins, (256,), np.uint32), want)
    arr = dev.array(np.zeros(256, np.uint32), channels=(32,), kind="unsigned")
    textures.launch("histogram_sured", grid=4, block=128, args=[p, dev.surface_object(arr), data.size])
    got = np.frombuffer(dev.memcpy_dtoh(arr.address, (1024,), np.uint8).tobytes(), np.uint32)
    np.testing.assert_array_equal(got, want)


def test_layered_and_mipmapped_arrays():
    dev = tsu.Device()
    mod = module(dev, "textures.ptx")
    layers = np.random.default_rng(1).random((5, 8, 16), dtype=np.float32)
    tex = dev.texture_object(dev.array(layers, layered=True))
    out = dev.malloc(8 * 16 * 4)
    mod.launch("layered", grid=(1, 1), block=(16, 8), args=[out, tex, 16, 8, 5])
    want = sum((l + 1) * layers[l].astype(np.float64) for l in range(5))
    np.testing.assert_allclose(dev.memcpy_dtoh(out, (8, 16), np.float32), want, rtol=1e-6)
    base = np.random.default_rng(2).random((64, 64), dtype=np.float32)
    chain = [base[::2 ** k, ::2 ** k].copy() for k in range(1, 7)]
    mip = dev.array(base, levels=chain)
    assert mip.levels == 7
    tex = dev.texture_object(mip, filter_mode="point", mipmap_filter_mode="point", normalized_coords=True)
    lod, grad = dev.malloc(400), dev.malloc(400)
    mod.launch("mip", grid=1, block=128, args=[lod, grad, tex, 100])
    got = dev.memcpy_dtoh(lod, (100,), np.float32)
    levels = [base] + chain
    for i in range(100):
        u = (i + 0.5) / 100
        lv = levels[int(np.floor(4.0 * i / 100 + 0.5))]  # nearest level, nearest texel
        n = lv.shape[0]
        assert got[i] == lv[min(int((1 - u) * n), n - 1), min(int(u * n), n - 1)], i


def test_bad_input_is_a_clear_error_and_memory_stays_readable():
    dev = tsu.Device()
    with pytest.raises(ValueError, match=r"<text>:4:1: error: an instruction outside a function"):
        dev.load_ptx(".version 9.0\n.target sm_80\n.address_size 64\nfrob;\n")
    with pytest.raises(ValueError, match=r"<text>:6:2: error: unsupported instruction 'frob'"):
        dev.load_ptx(".version 9.0\n.target sm_80\n.address_size 64\n.entry k()\n{\n\tfrob;\n}\n")
    mod = module(dev, "basics.ptx")
    p = dev.malloc(64)
    with pytest.raises(ValueError, match="over the limit of 1024"):
        mod.launch("saxpy", block=2048, args=[1, 1.0, p, p])
    with pytest.raises(ValueError, match=r"argument 1 \(saxpy_param_1, .f32\)"):
        mod.launch("saxpy", args=[1, 1e300, p, p])
    with pytest.raises(ValueError, match="takes 4 argument"):
        mod.launch("saxpy", args=[1])
    faults = module(dev, "faults.ptx")
    dev.memcpy_htod(p, np.arange(16, dtype=np.int32))
    with pytest.raises(tsu.LaunchError, match=r"faults.ptx:\d+:\d+: invalid write of 4 bytes .*\(thread \(0,0,0\)"):
        faults.launch("write_past_end", block=32, args=[p, 16])
    np.testing.assert_array_equal(dev.memcpy_dtoh(p, (16,), np.int32), np.arange(16))
    with pytest.raises(ValueError, match="bytes after the allocation"):
        dev.memcpy_dtoh(p + 1024, (4,), np.int32)
    with pytest.raises(ValueError, match="need float32"):
        dev.array(np.zeros((4, 4), np.float64))


def run_textures(unit):
    """Rotation, a painted surface sampled back and a sured histogram, on one device."""
    dev = tsu.Device(unit=unit)
    mod = module(dev, "textures.ptx")
    rng = np.random.default_rng(11)
    img = rng.random((16, 32), dtype=np.float32)
    tex = dev.texture_object(dev.array(img), address_mode="wrap", filter_mode="linear", normalized_coords=True)
    out = dev.malloc(img.nbytes)
    reports = [mod.launch("rotate", grid=(2, 1), block=(16, 16), args=[out, tex, 32, 16, 0.4])]
    canvas = dev.array(np.zeros((8, 24), np.float32))
    surf, ctex = dev.surface_object(canvas), dev.texture_object(canvas)
    reports.append(mod.launch("paint", grid=(2, 1), block=(16, 8), args=[surf, 24, 8]))
    out2 = dev.malloc(8 * 24 * 4)
    reports.append(mod.launch("sample_painted", grid=(2, 1), block=(16, 8), args=[out2, ctex, surf, 24, 8]))
    data = rng.integers(0, 40, 500).astype(np.uint8)
    p = dev.malloc(data.nbytes)
    dev.memcpy_htod(p, data)
    bins = dev.array(np.zeros(256, np.uint32), channels=(32,), kind="unsigned")
    reports.append(mod.launch("histogram_sured", grid=2, block=64, args=[p, dev.surface_object(bins), data.size]))
    results = [dev.memcpy_dtoh(out, img.shape, np.float32), dev.memcpy_dtoh(out2, (8, 24), np.float32),
               dev.memcpy_dtoh(bins.address, (256,), np.uint32)]
    return results, reports, dev


def test_the_verilated_unit_answers_as_the_model():
    model, _, _ = run_textures("model")
    rtl, reports, dev = run_textures("rtl")
    for a, b in zip(model, rtl):
        np.testing.assert_array_equal(a, b)
    assert all(r["unit"]["cycles"] > 0 for r in reports)
    assert reports[0]["unit"]["requests"] == 512 and 0 < reports[0]["unit"]["texel_cache_hit_rate"] <= 1
    assert dev.unit_stats["requests"] == sum(r["unit"]["requests"] for r in reports)
    with pytest.raises(ValueError, match="carries the default configuration"):
        tsu.Device(unit="rtl", config="texquad")
    with pytest.raises(ValueError, match="'model' .* or 'rtl'"):
        tsu.Device(unit="gpu")
