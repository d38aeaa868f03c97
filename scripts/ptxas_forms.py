#!/usr/bin/env python3
"""Enumerates every instruction form of tex, suld, sust, sured and suq and records ptxas's verdict.

The forms are the cross product of modifiers, optional operands and operand vector arities,
including the invalid combinations on purpose (modifiers from the wrong instruction, wrong
arities, missing clamp modes...). Where a product is too large it is sampled evenly with a fixed
seed, but every "cell" (instruction x addressing/mip mode x geometry x type x clamp/op) keeps its
canonical form plus a seeded sample of the other axes.

Each form is wrapped in a PTX module for `.target sm_90` with registers typed the way ptxas
expects (tex coordinates follow .ctype, array indices are .u32, .f16 data in .b16 registers...):
tsu's front end sees one instruction and no declarations, so only typed-register forms are fair.
Explicit-sampler tex forms go in `texmode_independent` modules (with a .samplerref), the rest in
the default unified mode.

  scripts/ptxas_forms.py list                  # print the forms (cell, mode, text)
  scripts/ptxas_forms.py refresh [--ptxas P]   # assemble all, rewrite tb/oracle/ptxas_forms.tsv
  scripts/ptxas_forms.py verify [--sample N]   # does the table still match ptxas? (exit 77: none)

Batching: forms are assembled in modules of BATCH lines; ptxas reports errors by line, so the
failing lines are marked invalid and the rest is re-assembled until ptxas accepts it (a syntax
error is fatal and stops the parse, hence the loop). `refresh` then re-assembles a seeded sample
of forms one per module and fails unless every single-form verdict equals the batched one; the
result is written in the table header.
"""
import argparse
import os
import random
import re
import subprocess
import sys
import tempfile
import zlib

SEED = 20261121
BATCH = 200
SINGLE_SAMPLE = 400
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TABLE = os.path.join(ROOT, "tb", "oracle", "ptxas_forms.tsv")

# Registers declared in every module (see module()); forms draw distinct ones from each class.
# The first five serve the shape forms; the rest exist for the operand-type forms (gen_types).
_REG_CLASSES = {"r": ".b32", "rd": ".b64", "f": ".f32", "h": ".b16", "p": ".pred",
                "u": ".u32", "s": ".s32", "ud": ".u64", "sd": ".s64", "fd": ".f64",
                "hf": ".f16", "q": ".u16", "c": ".b8", "x": ".f16x2"}


class Regs:
    """Hands out distinct register names per class within one form."""

    def __init__(self):
        self.next = {k: 1 for k in _REG_CLASSES}

    def get(self, cls):
        n = self.next[cls]
        self.next[cls] += 1
        return f"{cls}{n}"

    def vec(self, cls, n):
        return "{" + ",".join(self.get(cls) for _ in range(n)) + "}"


def sample(cell, combos, k):
    """A seeded, even sample of k combinations for one cell (stable across runs)."""
    rng = random.Random(SEED ^ zlib.crc32(cell.encode()))
    combos = list(combos)
    if len(combos) <= k:
        return combos
    return rng.sample(combos, k)


def product(*axes):
    out = [()]
    for axis in axes:
        out = [o + (a,) for o in out for a in axis]
    return out


def mods(*parts):
    return "".join("." + p for p in parts if p)


# ---------------------------------------------------------------- surfaces
SURF_GEOMS = ["1d", "2d", "3d", "a1d", "a2d", "cube"]  # cube: not a surface geometry
SURF_ARITY = {"1d": 1, "2d": 2, "3d": 4, "a1d": 2, "a2d": 4, "cube": 4}
SURF_CLAMPS = ["trap", "clamp", "zero", ""]  # "": omitted (departure F1)
VECS = ["", "v2", "v4", "v3"]
VEC_N = {"": 1, "v2": 2, "v4": 4, "v3": 3}
ARITIES = [1, 2, 3, 4, "s"]  # "s": a bare scalar register, no braces
DATA_REG = {"b8": "h", "b16": "h", "b32": "r", "b64": "rd", "u32": "r", "s32": "r", "f32": "f",
            "u64": "rd", "s64": "rd"}


def coords(regs, arity, first_cls="r", cls="r"):
    if arity == "s":
        return regs.get(cls)
    return "{" + ",".join(regs.get(first_cls if i == 0 else cls) for i in range(arity)) + "}"


def surf_operand(regs, indirect):
    return regs.get("rd") if indirect else "surf_A"


def data(regs, vec, t):
    n = VEC_N[vec]
    return regs.get(DATA_REG[t]) if n == 1 else regs.vec(DATA_REG[t], n)


def gen_load_store(out, k, op, cops, wrong_cop, types):
    """suld (load cache ops) or sust (store cache ops); wrong_cop is the other family's."""
    for addr, geom, t, clamp in product(["b", "p"], SURF_GEOMS, types, SURF_CLAMPS):
        cell = f"{op}.{addr}.{geom}.{t}.{clamp or 'none'}"
        others = product([""] + cops + [wrong_cop], VECS, ARITIES, [False, True], [False, True])
        canonical = ("", "", SURF_ARITY[geom], False, False)
        shaped = product([""] + cops, ["", "v2", "v4"], [SURF_ARITY[geom]], [False, True],
                         [False, True])
        for cop, vec, arity, indirect, guard in (
                [canonical] + sample(cell, others, k) + sample(cell + "+", shaped, k // 2)):
            regs = Regs()
            guard_text = "@p1 " if guard else ""
            if op == "suld":  # d, [a, b]
                d = data(regs, vec, t)
                text = (f"{guard_text}suld{mods(addr, geom, cop, vec, t, clamp)} "
                        f"{d}, [{surf_operand(regs, indirect)}, {coords(regs, arity)}];")
            else:  # [a, b], c
                surf = surf_operand(regs, indirect)
                c = coords(regs, arity)
                v = data(regs, vec, t)
                text = f"{guard_text}sust{mods(addr, geom, cop, vec, t, clamp)} [{surf}, {c}], {v};"
            out.append((cell, "unified", text))


def gen_sured(out, k):
    for addr, op, geom, ctype, clamp in product(
            ["b", "p"], ["add", "min", "max", "and", "or", "xor"], ["1d", "2d", "3d", "a1d"],
            ["u32", "u64", "s32", "b32", "s64", "b64", "f32"], SURF_CLAMPS):
        cell = f"sured.{addr}.{op}.{geom}.{ctype}.{clamp or 'none'}"
        others = product(ARITIES, [False, True], [False, True])
        canonical = (SURF_ARITY[geom], False, False)
        for arity, indirect, guard in [canonical] + sample(cell, others, k):
            regs = Regs()
            surf = surf_operand(regs, indirect)
            c = coords(regs, arity)
            v = regs.get(DATA_REG[ctype])
            text = (f"{'@p1 ' if guard else ''}sured{mods(addr, op, geom, ctype, clamp)} "
                    f"[{surf}, {c}], {v};")
            out.append((cell, "unified", text))


def gen_suq(out):
    queries = ["width", "height", "depth", "channel_data_type", "channel_order", "array_size",
               "memory_layout", "size"]
    for query, t, operand, guard in product(queries, ["b32", "b64", "u32"],
                                            ["surf_A", "rd", "tex_a"], [False, True]):
        regs = Regs()
        d = regs.get("rd" if t == "b64" else "r")
        a = regs.get("rd") if operand == "rd" else operand
        out.append((f"suq.{query}.{t}", "unified", f"{'@p1 ' if guard else ''}suq.{query}.{t} {d}, [{a}];"))


# ---------------------------------------------------------------- tex
TEX_GEOMS = ["1d", "2d", "3d", "a1d", "a2d", "cube", "acube", "2dms", "a2dms"]
TEX_ARITY = {"1d": 1, "2d": 2, "3d": 4, "a1d": 2, "a2d": 4, "cube": 4, "acube": 4, "2dms": 4,
             "a2dms": 4}
TEX_ARRAY = {"a1d", "a2d", "acube", "a2dms"}
TEX_OFFSET = {"1d": 1, "a1d": 1, "2d": 2, "a2d": 2, "2dms": 2, "a2dms": 2, "3d": 4, "cube": 4,
              "acube": 4}
TEX_GRAD = {"1d": 1, "a1d": 1, "2d": 2, "a2d": 2, "3d": 4, "cube": 4, "acube": 4, "2dms": 2,
            "a2dms": 2}
# (vec, dtype): the four .v4 types and .v2.f16x2 are valid; the last two are not.
TEX_DTYPES = [("v4", "u32"), ("v4", "s32"), ("v4", "f16"), ("v4", "f32"), ("v2", "f16x2"),
              ("v4", "f16x2"), ("v2", "f32")]
TEX_DST_REG = {"u32": "r", "s32": "r", "f16": "h", "f32": "f", "f16x2": "r"}


def gen_tex(out, k):
    for mip, geom, (vec, dtype), ctype in product(["", "base", "level", "grad"], TEX_GEOMS,
                                                  TEX_DTYPES, ["s32", "f32"]):
        cell = f"tex.{mip or 'plain'}.{geom}.{vec}.{dtype}.{ctype}"
        grads = [1, 2, 4, 3] if mip == "grad" else [None]
        others = product([False, True], ARITIES, [False, True], [None, 1, 2, 4, 3, "imm"],
                         [False, True], grads, [False, True])
        canonical = (False, TEX_ARITY[geom], False, None, False,
                     TEX_GRAD[geom] if mip == "grad" else None, False)
        # Forms shaped the way the text describes (right arities), so optional operands are
        # checked in valid combinations too, not only next to some other error.
        shaped = product([False, True], [TEX_ARITY[geom]], [False, True],
                         [None, TEX_OFFSET[geom], "imm"], [False, True],
                         ([1, 2, 4] if geom in ("cube", "acube") else [TEX_GRAD[geom]])
                         if mip == "grad" else [None], [False, True])
        for explicit, arity, pred, offset, depth, grad, indirect in (
                [canonical] + sample(cell, others, k) + sample(cell + "+", shaped, k // 2)):
            regs = Regs()
            ccls = "f" if ctype == "f32" else "r"
            d = regs.vec(TEX_DST_REG[dtype], 2 if vec == "v2" else 4)
            if pred:
                d += "|" + regs.get("p")
            a = regs.get("rd") if indirect else "tex_a"
            if explicit:
                a += ", smp_b"
            first = "r" if geom in TEX_ARRAY else ccls
            c = coords(regs, arity, first, ccls)
            text = f"tex{mods(mip, geom, vec, dtype, ctype)} {d}, [{a}, {c}]"
            if mip == "level":
                text += ", " + regs.get(ccls)
            if mip == "grad":
                text += ", " + regs.vec("f", grad) + ", " + regs.vec("f", grad)
            if offset == "imm":
                n = TEX_OFFSET[geom]
                text += ", {" + ",".join(str(v) for v in [-8, 7, 0, 3][:n]) + "}"
            elif offset is not None:
                text += ", " + regs.vec("r", offset)
            if depth:
                text += ", " + regs.get("f")
            out.append((cell, "independent" if explicit else "unified", text + ";"))


# ---------------------------------------------------------------- operand types
# One operand slot at a time takes every register class (and names and an immediate): what ptxas
# accepts where is decided by declared types, which the shape forms above keep correct.
TYPE_OPERANDS = ["r", "u", "s", "f", "rd", "ud", "sd", "fd", "h", "hf", "q", "c", "x", "p",
                 "surf_A", "tex_a", "imm", "_"]
TYPE_TEMPLATES = [  # (cell, text with X for the slot; Xv4 / Xv2 for a vector of it)
    ("suld.dst.b8", "suld.b.1d.b8.trap X, [surf_A, {r1}];"),
    ("suld.dst.b32", "suld.b.1d.b32.trap X, [surf_A, {r1}];"),
    ("suld.dst.v2.b64", "suld.b.1d.v2.b64.trap Xv2, [surf_A, {r1}];"),
    ("suld.coord", "suld.b.2d.b16.clamp h1, [surf_A, {X, r1}];"),
    ("suld.handle", "suld.b.1d.b32.trap r1, [X, {r2}];"),
    ("sust.src.b16", "sust.b.1d.b16.trap [surf_A, {r1}], X;"),
    ("sust.p.src.v4", "sust.p.2d.v4.b32.zero [surf_A, {r1, r2}], Xv4;"),
    ("sured.src.add.u64", "sured.b.add.1d.u64.trap [surf_A, {r1}], X;"),
    ("sured.src.min.s32", "sured.b.min.1d.s32.clamp [surf_A, {r1}], X;"),
    ("sured.src.or.b32", "sured.b.or.1d.b32.trap [surf_A, {r1}], X;"),
    ("sured.p.src.max.b64", "sured.p.max.1d.b64.zero [surf_A, {r1}], X;"),
    ("suq.dst", "suq.width.b32 X, [surf_A];"),
    ("suq.guard", "@X suq.width.b32 r1, [surf_A];"),
    ("tex.dst.f32", "tex.2d.v4.f32.f32 Xv4, [tex_a, {f1, f2}];"),
    ("tex.dst.s32", "tex.2d.v4.s32.f32 Xv4, [tex_a, {f1, f2}];"),
    ("tex.dst.f16", "tex.2d.v4.f16.f32 Xv4, [tex_a, {f1, f2}];"),
    ("tex.dst.f16x2", "tex.2d.v2.f16x2.f32 Xv2, [tex_a, {f1, f2}];"),
    ("tex.coord.f32", "tex.2d.v4.f32.f32 {f1, f2, f3, f4}, [tex_a, Xv2];"),
    ("tex.coord.s32", "tex.2d.v4.f32.s32 {f1, f2, f3, f4}, [tex_a, Xv2];"),
    ("tex.index", "tex.a1d.v4.f32.f32 {f1, f2, f3, f4}, [tex_a, {X, f5}];"),
    ("tex.lod.f32", "tex.level.2d.v4.f32.f32 {f1, f2, f3, f4}, [tex_a, {f5, f6}], X;"),
    ("tex.lod.s32", "tex.level.2d.v4.f32.s32 {f1, f2, f3, f4}, [tex_a, {r1, r2}], X;"),
    ("tex.grad", "tex.grad.2d.v4.f32.f32 {f1, f2, f3, f4}, [tex_a, {f5, f6}], Xv2, {f7, f8};"),
    ("tex.offset", "tex.2d.v4.f32.f32 {f1, f2, f3, f4}, [tex_a, {f5, f6}], Xv2;"),
    ("tex.depth", "tex.2d.v4.f32.f32 {f1, f2, f3, f4}, [tex_a, {f5, f6}], {r1, r2}, X;"),
    ("tex.1d.trailing", "tex.1d.v4.f32.f32 {f1, f2, f3, f4}, [tex_a, {f5}], X;"),
    ("tex.1d.offset.depth", "tex.1d.v4.f32.f32 {f1, f2, f3, f4}, [tex_a, {f5}], X, f6;"),
    ("tex.pred", "tex.2d.v4.f32.f32 {f1, f2, f3, f4}|X, [tex_a, {f5, f6}];"),
    ("tex.handle", "tex.2d.v4.f32.f32 {f1, f2, f3, f4}, [X, {f5, f6}];"),
    ("tex.sampler", "tex.2d.v4.f32.f32 {f1, f2, f3, f4}, [tex_a, X, {f5, f6}];"),
    # Every other slot, one element at a time (mixed vectors such as {f1, r1}).
    ("suld.dst.b16", "suld.b.1d.b16.trap X, [surf_A, {r1}];"),
    ("suld.dst.b64", "suld.b.1d.b64.trap X, [surf_A, {r1}];"),
    ("suld.dst.u32", "suld.b.1d.u32.trap X, [surf_A, {r1}];"),
    ("suld.p.dst.v4", "suld.p.2d.v4.b32.trap {r1, X, r2, r3}, [surf_A, {r4, r5}];"),
    ("suld.coord.second", "suld.b.2d.b32.trap r1, [surf_A, {r2, X}];"),
    ("suld.coord.3d.pad", "suld.b.3d.b32.trap r1, [surf_A, {r2, r3, r4, X}];"),
    ("suld.index.a2d", "suld.b.a2d.b32.trap r1, [surf_A, {X, r2, r3, r4}];"),
    ("sust.src.b8", "sust.b.1d.b8.trap [surf_A, {r1}], X;"),
    ("sust.src.b32", "sust.b.1d.b32.trap [surf_A, {r1}], X;"),
    ("sust.src.b64", "sust.b.1d.b64.trap [surf_A, {r1}], X;"),
    ("sust.src.f32", "sust.b.1d.f32.trap [surf_A, {r1}], X;"),
    ("sust.p.src.v2.f32", "sust.p.1d.v2.f32.trap [surf_A, {r1}], {f1, X};"),
    ("sust.coord", "sust.b.2d.b32.trap [surf_A, {r1, X}], r2;"),
    ("sust.handle", "sust.b.1d.b32.trap [X, {r1}], r2;"),
    ("sured.src.add.u32", "sured.b.add.1d.u32.trap [surf_A, {r1}], X;"),
    ("sured.src.and.b64", "sured.b.and.1d.b64.trap [surf_A, {r1}], X;"),
    ("sured.src.max.s64", "sured.b.max.1d.s64.trap [surf_A, {r1}], X;"),
    ("sured.src.add.f32", "sured.b.add.1d.f32.trap [surf_A, {r1}], X;"),
    ("sured.coord", "sured.b.add.2d.u32.trap [surf_A, {r1, X}], r2;"),
    ("sured.handle", "sured.b.add.1d.u32.trap [X, {r1}], r2;"),
    ("suq.dst.b64", "suq.width.b64 X, [surf_A];"),
    ("suq.handle", "suq.width.b32 r1, [X];"),
    ("tex.dst.u32.one", "tex.2d.v4.u32.f32 {r1, r2, X, r3}, [tex_a, {f1, f2}];"),
    ("tex.dst.f32.one", "tex.2d.v4.f32.f32 {f1, f2, f3, X}, [tex_a, {f5, f6}];"),
    ("tex.coord.f32.second", "tex.2d.v4.f32.f32 {f1, f2, f3, f4}, [tex_a, {f5, X}];"),
    ("tex.coord.s32.second", "tex.2d.v4.f32.s32 {f1, f2, f3, f4}, [tex_a, {r1, X}];"),
    ("tex.coord.3d.pad", "tex.3d.v4.f32.f32 {f1, f2, f3, f4}, [tex_a, {f5, f6, f7, X}];"),
    ("tex.index.a2d", "tex.a2d.v4.f32.f32 {f1, f2, f3, f4}, [tex_a, {X, f5, f6, f7}];"),
    ("tex.index.acube", "tex.acube.v4.f32.f32 {f1, f2, f3, f4}, [tex_a, {X, f5, f6, f7}];"),
    ("tex.sample.2dms", "tex.2dms.v4.f32.s32 {f1, f2, f3, f4}, [tex_a, {X, r1, r2, r3}];"),
    ("tex.grady.second", "tex.grad.2d.v4.f32.f32 {f1, f2, f3, f4}, [tex_a, {f5, f6}], {f7, f8}, {f9, X};"),
    ("tex.offset.second", "tex.2d.v4.f32.f32 {f1, f2, f3, f4}, [tex_a, {f5, f6}], {r1, X};"),
    ("tex.base.lod", "tex.base.2d.v4.f32.f32 {f1, f2, f3, f4}, [tex_a, {f5, f6}], X;"),
]


def gen_types(out):
    for cell, template in TYPE_TEMPLATES:
        for operand in TYPE_OPERANDS + (["smp_b"] if cell == "tex.sampler" else []):
            regs = Regs()
            regs.next.update({k: 20 for k in _REG_CLASSES})  # clear of the template's own

            def one():
                if operand == "imm":
                    return "1"
                if operand in ("surf_A", "tex_a", "smp_b", "_"):
                    return operand
                return regs.get(operand)
            text = template.replace("Xv4", "{" + ", ".join(one() for _ in range(4)) + "}")
            text = text.replace("Xv2", "{" + ", ".join(one() for _ in range(2)) + "}")
            text = text.replace("X", one())
            modes = ["unified"]
            if cell.startswith("tex."):  # tex in both texturing modes: with and without sampler
                modes.append("independent")
            for mode in modes:
                if operand == "smp_b" and mode == "unified":
                    continue  # a unified module cannot declare a .samplerref
                out.append((f"types.{cell}.{operand}", mode, text))


# ---------------------------------------------------------------- grown axes
# Families the shape and type axes above never produce, each emitted in both texturing modes (a tex
# form in an independent module gets the explicit sampler) so the module read sees both headers.
# The lone-instruction read (ptxas_forms_check.py) takes every one of them too.
def both_modes(out, cell, text):
    out.append((cell, "unified", text))
    if "[tex_a," in text and "smp_b" not in text:
        out.append((cell, "independent", text.replace("[tex_a,", "[tex_a, smp_b,", 1)))
    else:
        out.append((cell, "independent", text))


# Canonical valid forms: (name, opcode, modifiers, operands).
ORDER_BASES = [
    ("suld.b", "suld", ["b", "2d", "v2", "b32", "trap"], "{r1, r2}, [surf_A, {r3, r4}]"),
    ("suld.cop", "suld", ["b", "1d", "ca", "b32", "zero"], "r1, [surf_A, {r2}]"),
    ("suld.a2d", "suld", ["b", "a2d", "v4", "b16", "clamp"], "{h1, h2, h3, h4}, [surf_A, {r1, r2, r3, r4}]"),
    ("sust.b", "sust", ["b", "3d", "v4", "b8", "clamp"], "[surf_A, {r1, r2, r3, r4}], {h1, h2, h3, h4}"),
    ("sust.cop", "sust", ["b", "2d", "wt", "v2", "b32", "trap"], "[surf_A, {r1, r2}], {r3, r4}"),
    ("sured.b", "sured", ["b", "add", "2d", "u32", "trap"], "[surf_A, {r1, r2}], r3"),
    ("sured.min", "sured", ["b", "min", "1d", "s32", "zero"], "[surf_A, {r1}], r2"),
    ("sured.p", "sured", ["p", "and", "1d", "b32", "clamp"], "[surf_A, {r1}], r2"),
    ("suq", "suq", ["width", "b32"], "r1, [surf_A]"),
    ("tex.plain", "tex", ["2d", "v4", "f32", "f32"], "{f1, f2, f3, f4}, [tex_a, {f5, f6}]"),
    ("tex.base", "tex", ["base", "1d", "v4", "s32", "s32"], "{r1, r2, r3, r4}, [tex_a, {r5}]"),
    ("tex.level", "tex", ["level", "a2d", "v4", "u32", "f32"],
     "{r1, r2, r3, r4}, [tex_a, {r5, f1, f2, f3}], f4"),
    ("tex.grad", "tex", ["grad", "3d", "v4", "f32", "f32"],
     "{f1, f2, f3, f4}, [tex_a, {f5, f6, f7, f8}], {f9, f10, f11, f12}, {f13, f14, f15, f16}"),
    ("tex.f16x2", "tex", ["level", "cube", "v2", "f16x2", "f32"],
     "{r1, r2}, [tex_a, {f1, f2, f3, f4}], f5"),
]


def gen_order(out):
    """Modifier order: every modifier moved to every other position, plus a seeded sample of
    whole permutations; ptxas fixes the order the text writes, so most of these are invalid."""
    import itertools
    for name, op, ms, operands in ORDER_BASES:
        orders = set()
        for i in range(len(ms)):
            for j in range(len(ms)):
                if i != j:
                    m = ms[:i] + ms[i + 1:]
                    orders.add(tuple(m[:j] + [ms[i]] + m[j:]))
        perms = sorted(set(itertools.permutations(ms)) - orders - {tuple(ms)})
        orders = sorted(orders - {tuple(ms)}) + sample(f"order.{name}", perms, 12)
        for o in orders:
            both_modes(out, f"order.{name}", f"{op}{mods(*o)} {operands};")


# Vector and scalar braces per operand slot: S is the slot, V the vector modifier's place.
BRACE_SLOTS = [  # (cell, template, register class, vector modifiers tried)
    ("suld.dst", "suld.b.1dV.b32.trap S, [surf_A, {r30}];", "r", ["", "v2", "v3", "v4", "v8"]),
    ("suld.dst.b64", "suld.b.1dV.b64.trap S, [surf_A, {r30}];", "rd", ["", "v2", "v4"]),
    ("suld.p.dst", "suld.p.2dV.b32.zero S, [surf_A, {r30, r31}];", "r", ["", "v2", "v4"]),
    ("sust.src", "sust.b.1dV.b32.trap [surf_A, {r30}], S;", "r", ["", "v2", "v3", "v4", "v8"]),
    ("sust.p.src", "sust.p.2dV.f32.clamp [surf_A, {r30, r31}], S;", "f", ["", "v2", "v4"]),
    ("suld.coord.1d", "suld.b.1d.b32.trap r30, [surf_A, S];", "r", [""]),
    ("suld.coord.2d", "suld.b.2d.b32.trap r30, [surf_A, S];", "r", [""]),
    ("sust.coord.3d", "sust.b.3d.b32.trap [surf_A, S], r30;", "r", [""]),
    ("sured.coord.a1d", "sured.b.add.a1d.u32.trap [surf_A, S], r30;", "r", [""]),
    ("sured.src", "sured.b.add.1d.u32.trap [surf_A, {r30}], S;", "r", [""]),
    ("suq.dst", "suq.width.b32 S, [surf_A];", "r", [""]),
    ("tex.dst", "tex.2dV.f32.f32 S, [tex_a, {f30, f31}];", "f", ["", "v2", "v3", "v4", "v8"]),
    ("tex.dst.f16x2", "tex.2dV.f16x2.f32 S, [tex_a, {f30, f31}];", "r", ["", "v2", "v4"]),
    ("tex.coord.1d", "tex.1d.v4.f32.f32 {f30, f31, f32, f33}, [tex_a, S];", "f", [""]),
    ("tex.coord.cube", "tex.cube.v4.f32.f32 {f30, f31, f32, f33}, [tex_a, S];", "f", [""]),
    ("tex.lod", "tex.level.2d.v4.f32.f32 {f30, f31, f32, f33}, [tex_a, {f34, f35}], S;", "f", [""]),
    ("tex.gradx", "tex.grad.2d.v4.f32.f32 {f30, f31, f32, f33}, [tex_a, {f34, f35}], S, {f36, f37};",
     "f", [""]),
    ("tex.grady", "tex.grad.2d.v4.f32.f32 {f30, f31, f32, f33}, [tex_a, {f34, f35}], {f36, f37}, S;",
     "f", [""]),
    ("tex.offset", "tex.2d.v4.f32.f32 {f30, f31, f32, f33}, [tex_a, {f34, f35}], S;", "r", [""]),
    ("tex.depth", "tex.2d.v4.f32.f32 {f30, f31, f32, f33}, [tex_a, {f34, f35}], {r30, r31}, S;",
     "f", [""]),
]
BRACE_ARITIES = ["s", 1, 2, 3, 4, 8, 0]  # 0: empty braces


def gen_braces(out):
    for cell, template, cls, vecs in BRACE_SLOTS:
        for vec, arity in product(vecs, BRACE_ARITIES):
            regs = Regs()
            if arity == "s":
                s = regs.get(cls)
            else:
                s = "{" + ", ".join(regs.get(cls) for _ in range(arity)) + "}"
            text = template.replace("V", "." + vec if vec else "").replace("S", s)
            both_modes(out, f"braces.{cell}.{vec or 'novec'}", text)


# Literal forms in every slot that takes a register: the integer and float spellings of PTX
# (decimal, hex, octal, binary, unsigned suffix, 0f/0d bit patterns, decimal floats), out of range.
LITERALS = ["1", "-1", "0x10", "0X7fffffff", "010", "0b101", "7U", "0f3F800000", "0F7F800000",
            "0d3FF0000000000000", "1.0", "1e3", "0xFFFFFFFF", "0x100000000", "0xFFFFFFFFFFFFFFFF",
            "-2147483649", "-8", "8", "-9", "08", "0x", "1.0f"]
LITERAL_SLOTS = [
    ("suld.coord", "suld.b.2d.b32.trap r30, [surf_A, {L, r31}];"),
    ("sust.src.b8", "sust.b.1d.b8.trap [surf_A, {r30}], L;"),
    ("sust.src.b32", "sust.b.1d.b32.trap [surf_A, {r30}], L;"),
    ("sust.src.b64", "sust.b.1d.b64.trap [surf_A, {r30}], L;"),
    ("sust.src.f32", "sust.p.1d.f32.trap [surf_A, {r30}], L;"),
    ("sust.src.v2", "sust.b.1d.v2.b16.trap [surf_A, {r30}], {L, h30};"),
    ("sured.src.u32", "sured.b.add.1d.u32.trap [surf_A, {r30}], L;"),
    ("sured.src.s64", "sured.b.min.1d.s64.trap [surf_A, {r30}], L;"),
    ("suq.handle", "suq.width.b32 r30, [L];"),
    ("tex.coord.f32", "tex.2d.v4.f32.f32 {f30, f31, f32, f33}, [tex_a, {L, f34}];"),
    ("tex.coord.s32", "tex.2d.v4.f32.s32 {f30, f31, f32, f33}, [tex_a, {L, r34}];"),
    ("tex.index", "tex.a1d.v4.f32.f32 {f30, f31, f32, f33}, [tex_a, {L, f34}];"),
    ("tex.lod", "tex.level.2d.v4.f32.f32 {f30, f31, f32, f33}, [tex_a, {f34, f35}], L;"),
    ("tex.grad", "tex.grad.2d.v4.f32.f32 {f30, f31, f32, f33}, [tex_a, {f34, f35}], {L, f36}, "
                 "{f37, f38};"),
    ("tex.offset", "tex.2d.v4.f32.f32 {f30, f31, f32, f33}, [tex_a, {f34, f35}], {L, 0};"),
    ("tex.depth", "tex.2d.v4.f32.f32 {f30, f31, f32, f33}, [tex_a, {f34, f35}], {0, 0}, L;"),
]


def gen_literals(out):
    for (cell, template), lit in product(LITERAL_SLOTS, LITERALS):
        both_modes(out, f"literal.{cell}", template.replace("L", lit))


# Guards on every instruction and tex's predicate destination, spelled every way.
GUARD_BASES = [
    ("suld", "suld.b.1d.b32.trap r30, [surf_A, {r31}];"),
    ("sust", "sust.b.1d.b32.trap [surf_A, {r30}], r31;"),
    ("sured", "sured.b.add.1d.u32.trap [surf_A, {r30}], r31;"),
    ("suq", "suq.width.b32 r30, [surf_A];"),
    ("tex", "tex.2d.v4.f32.f32 {f30, f31, f32, f33}, [tex_a, {f34, f35}];"),
]
GUARDS = ["@p1 ", "@!p1 ", "@ p1 ", "@! p1 ", "@!!p1 ", "@r1 ", "@1 ", "@p1 @p2 ", "@_ ",
          "@p1", "@!tex_a ", "@{p1} "]
PREDICATES = ["|p1", " | p1", "|!p1", "|r1", "|_", "|{p1}", "|p1|p2", "|1", "|f1", "|"]


def gen_guards(out):
    for (name, text), guard in product(GUARD_BASES, GUARDS):
        both_modes(out, f"guard.{name}", guard + text)
    for pred in PREDICATES:
        both_modes(out, "predicate.tex", GUARD_BASES[4][1].replace("f33}", "f33}" + pred, 1))
        both_modes(out, "predicate.tex.guarded",
                   "@!p2 " + GUARD_BASES[4][1].replace("f33}", "f33}" + pred, 1))
    for name, text in GUARD_BASES[:4]:  # a predicate destination where only tex has one
        first = text.split(" ", 1)
        if name in ("suld", "suq"):
            both_modes(out, f"predicate.{name}", text.replace("r30,", "r30|p1,", 1))
        else:
            both_modes(out, f"predicate.{name}", text.replace("], r31;", "], r31|p1;", 1))


GROWN_AXES = ("order", "braces", "literal", "guard", "predicate")


def enumerate_forms():
    out = []
    gen_load_store(out, 8, "suld", ["ca", "cg", "cs", "cv"], "wb",
                   ["b8", "b16", "b32", "b64", "u32"])
    gen_load_store(out, 8, "sust", ["wb", "cg", "cs", "wt"], "ca",
                   ["b8", "b16", "b32", "b64", "f32"])
    gen_sured(out, 2)
    gen_suq(out)
    gen_tex(out, 12)
    gen_types(out)
    gen_order(out)
    gen_braces(out)
    gen_literals(out)
    gen_guards(out)
    seen, uniq = set(), []
    for f in out:  # canonical forms can coincide with a sampled one
        if (f[1], f[2]) not in seen:
            seen.add((f[1], f[2]))
            uniq.append(f)
    return uniq


# ---------------------------------------------------------------- ptxas
def module(mode, lines):
    target = ".target sm_90" + (", texmode_independent" if mode == "independent" else "")
    decl = "".join(f" .reg {t} {c}<40>;" for c, t in _REG_CLASSES.items())
    head = [".version 8.5", target, ".address_size 64", ".global .surfref surf_A;",
            ".global .texref tex_a;"]
    if mode == "independent":
        head.append(".global .samplerref smp_b;")
    head += [".visible .entry k() {", decl]
    return head, head + [" " + l for l in lines] + [" ret;", "}"]


_MSG = re.compile(r"^ptxas [^,]*, line (\d+); (?:error|fatal)\s*: (.*)$")


def run_ptxas(ptxas, mode, lines, work):
    """Returns (ok, {index in lines: [messages]})."""
    head, text = module(mode, lines)
    path = os.path.join(work, "m.ptx")
    with open(path, "w") as f:
        f.write("\n".join(text) + "\n")
    p = subprocess.run([ptxas, "-arch=sm_90", path, "-o", os.devnull], capture_output=True,
                       text=True)
    errs = {}
    for line in (p.stdout + p.stderr).splitlines():
        m = _MSG.match(line)
        if m:
            i = int(m.group(1)) - len(head) - 1
            errs.setdefault(i, []).append(m.group(2).strip())
    raw = (p.stdout + p.stderr).strip() or f"ptxas exited with status {p.returncode}"
    if p.returncode < 0:  # ptxas itself crashed: no verdict (see docs/oracle.md)
        raw = f"ptxas crashed (signal {-p.returncode})"
    return p.returncode == 0, errs, raw


def verdicts_batched(ptxas, mode, forms, work):
    """Verdict per form text, assembling BATCH forms per module (see module docstring)."""
    result = {}
    for start in range(0, len(forms), BATCH):
        pending = forms[start:start + BATCH]
        while pending:
            ok, errs, raw = run_ptxas(ptxas, mode, pending, work)
            if ok:
                for t in pending:
                    result[t] = ("valid", "")
                break
            bad = {i for i in errs if 0 <= i < len(pending)}
            if not bad:  # an error not attributable to a form line: fall back to single runs
                for t in pending:
                    result[t] = verdict_single(ptxas, mode, t, work)
                break
            for i in bad:
                result[pending[i]] = ("invalid", "; ".join(errs[i]))
            pending = [t for i, t in enumerate(pending) if i not in bad]
    return result


def verdict_single(ptxas, mode, text, work):
    ok, errs, raw = run_ptxas(ptxas, mode, [text], work)
    if ok:
        return ("valid", "")
    if raw.startswith("ptxas crashed"):
        return ("crash", raw)
    msgs = [m for v in errs.values() for m in v]
    return ("invalid", "; ".join(msgs) if msgs else raw.splitlines()[-1])


def ptxas_version(ptxas):
    out = subprocess.run([ptxas, "--version"], capture_output=True, text=True).stdout
    return out.strip().splitlines()[-2].strip() if out.strip() else "unknown"


def refresh(ptxas, table):
    forms = enumerate_forms()
    verdict = {}
    with tempfile.TemporaryDirectory() as work:
        for mode in ("unified", "independent"):
            texts = [t for _, m, t in forms if m == mode]
            for t, v in verdicts_batched(ptxas, mode, texts, work).items():
                verdict[(mode, t)] = v
        # The grown axes' odd shapes are where ptxas crashes on a form alone but not inside a
        # batch (sust.b.1d.v2.b32 with a scalar source): each is assembled alone.
        for cell, mode, t in forms:
            if cell.split(".")[0] in GROWN_AXES:
                verdict[(mode, t)] = verdict_single(ptxas, mode, t, work)
        rng = random.Random(SEED)
        picks = rng.sample(forms, min(SINGLE_SAMPLE, len(forms)))
        same = same_msg = 0
        for _, mode, t in picks:
            single = verdict_single(ptxas, mode, t, work)
            if single[0] == verdict[(mode, t)][0]:
                same += 1
            else:
                print(f"batched != single: {mode} {t}: {verdict[(mode, t)]} vs {single}",
                      file=sys.stderr)
            same_msg += single == verdict[(mode, t)]
    if same != len(picks):
        sys.exit(f"refresh: batched and single-form verdicts differ on {len(picks) - same} of "
                 f"{len(picks)} sampled forms; table not written")
    count = {k: sum(1 for v in verdict.values() if v[0] == k) for k in ("valid", "invalid", "crash")}
    with open(table, "w") as f:
        f.write("# ptxas verdicts for every enumerated tex/suld/sust/sured/suq form.\n")
        f.write("# Regenerate: scripts/ptxas_forms.py refresh   (checked by oracle.ptxas_forms)\n")
        f.write(f"# ptxas: {ptxas_version(ptxas)}; -arch=sm_90; generator seed {SEED}\n")
        f.write(f"# forms: {len(forms)}; ptxas valid: {count['valid']}; invalid: {count['invalid']}; "
                f"ptxas crashed (no verdict): {count['crash']}\n")
        f.write(f"# batched vs single-form: {len(picks)} sampled forms, {same} equal verdicts, "
                f"{same_msg} equal messages\n")
        f.write("# cell\tmode\tverdict\tform\tptxas message\n")
        for cell, mode, t in forms:
            v, msg = verdict[(mode, t)]
            f.write(f"{cell}\t{mode}\t{v}\t{t}\t{msg}\n")
    print(f"wrote {table}: {len(forms)} forms, {count}; batched == single on "
          f"{same}/{len(picks)} sampled forms")


def verify(ptxas, table, n):
    """Re-assembles a seeded sample of the committed table one form per module: the table must
    still be what this ptxas says, and the generator must still produce exactly its forms."""
    rows = [l.rstrip("\n").split("\t") for l in open(table) if not l.startswith("#")]
    forms = enumerate_forms()
    if [(c, m, t) for c, m, _, t, _ in rows] != forms:
        sys.exit("verify: the table's forms differ from the generator's; run refresh")
    picks = random.Random(SEED + 1).sample(rows, min(n, len(rows)))
    bad = 0
    with tempfile.TemporaryDirectory() as work:
        for cell, mode, v, t, msg in picks:
            got = verdict_single(ptxas, mode, t, work)
            if got[0] != v:
                bad += 1
                print(f"table says {v}, ptxas says {got[0]} {got[1]}: {t}")
    print(f"verify: {len(picks)} sampled forms re-assembled singly, {len(picks) - bad} match the table")
    sys.exit(1 if bad else 0)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("command", choices=["list", "refresh", "verify"])
    ap.add_argument("--sample", type=int, default=300, help="forms re-assembled by verify")
    ap.add_argument("--ptxas", default=os.environ.get("PTXAS", "/usr/local/cuda/bin/ptxas"))
    ap.add_argument("--table", default=TABLE)
    args = ap.parse_args()
    if args.command == "list":
        for cell, mode, t in enumerate_forms():
            print(f"{cell}\t{mode}\t{t}")
        return
    if not os.access(args.ptxas, os.X_OK):
        print(f"{args.command}: ptxas not found at {args.ptxas} (set --ptxas or PTXAS)")
        sys.exit(77 if args.command == "verify" else 1)
    if args.command == "verify":
        verify(args.ptxas, args.table, args.sample)
    refresh(args.ptxas, args.table)


if __name__ == "__main__":
    main()
