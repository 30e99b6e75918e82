#!/usr/bin/env python3
"""Import circles between the files of each crate: two files that read each other, directly or
through others, are one circle. Prints every circle and exits 1 when there is one.

A file reads another when it names an item of the other's module: in a `use` (braces expanded,
`pub use` re-exports followed to the file that defines the item) or in a path written inline
(`crate::a::b`, `super::x`, `self::y`). Tests are left out: files named `tests.rs` or `*_tests.rs`
and everything after a file's first `#[cfg(test)]`. Comments are left out too.

Usage: scripts/import_circles.py [--edges] [CRATE_SRC ...]
(default: every `crates/*/src` and `src`, each with its `lib.rs` or `main.rs`)
"""
import argparse
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def module_of(rel):
    """The module path of a file relative to its crate's src: a/b.rs and a/b/mod.rs are a::b."""
    parts = rel[:-3].split("/")
    if parts[-1] in ("mod", "lib", "main"):
        parts = parts[:-1]
    return tuple(parts)


def strip_comments(text):
    """The text without line comments (doc comments included) and block comments."""
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    return re.sub(r"//[^\n]*", "", text)


def split_top(inner):
    """`a, b::{c, d}` split at its top-level commas."""
    parts, depth, cur = [], 0, ""
    for ch in inner:
        if ch == "," and depth == 0:
            parts.append(cur)
            cur = ""
            continue
        depth += {"{": 1, "}": -1}.get(ch, 0)
        cur += ch
    return [p for p in parts + [cur] if p]


def compact(tree):
    """A use tree without whitespace, its renames written `a@as@b`."""
    return re.sub(r"\s+", "", re.sub(r"\s+as\s+", "@as@", tree))


def expand(tree):
    """Every path a compact use tree names: `a::{b, c::{d, e}}` is a::b, a::c::d, a::c::e."""
    start = tree.find("{")
    if start < 0:
        return [tree.split("@as@")[0]]
    depth = 0
    for end in range(start, len(tree)):
        depth += {"{": 1, "}": -1}.get(tree[end], 0)
        if depth == 0:
            break
    prefix, inner = tree[:start], tree[start + 1 : end]
    out = []
    for part in split_top(inner):
        out.extend(expand(prefix + part))
    return out


USE = re.compile(r"\b(pub(?:\([\w:]+\))?\s+)?use\s+([^;]+);")
INLINE = re.compile(r"(?<![\w:])((?:crate|super|self)(?:::\w+)+)")


def absolute(segs, me):
    """A path written in module `me`, from the crate's root; None for other crates' paths."""
    if segs[0] == "crate":
        return list(segs[1:])
    if segs[0] in ("super", "self"):
        base = list(me)
        while segs and segs[0] in ("super", "self"):
            if segs[0] == "super":
                base = base[:-1]
            segs = segs[1:]
        return base + list(segs)
    return None


class Crate:
    """The files of one crate's src folder, their modules and their re-exports."""

    def __init__(self, src):
        self.src = src
        self.text = {}
        for folder, _, names in os.walk(src):
            for name in names:
                if name.endswith(".rs"):
                    rel = os.path.relpath(os.path.join(folder, name), src)
                    with open(os.path.join(folder, name), encoding="utf-8") as f:
                        self.text[rel] = f.read()
        self.file_of = {module_of(rel): rel for rel in self.text}
        self.reexports = {}
        for rel, text in self.text.items():
            me = module_of(rel)
            for match in USE.finditer(strip_comments(text)):
                if not match.group(1):
                    continue
                for path in expand(compact(match.group(2))):
                    segs = path.split("::")
                    target = absolute(segs, me)
                    if target is None:
                        target = list(me) + segs if tuple(me) + (segs[0],) in self.file_of else None
                    if target and target[-1] not in ("*", "self"):
                        self.reexports[tuple(me) + (target[-1],)] = tuple(target)

    def resolve(self, segs, hops=0):
        """The file that defines the item at the absolute path `segs`."""
        if hops < 8:
            for k in range(len(segs), 0, -1):
                target = self.reexports.get(tuple(segs[:k]))
                if target and target != tuple(segs[:k]):
                    return self.resolve(list(target) + list(segs[k:]), hops + 1)
        for k in range(len(segs), -1, -1):
            if tuple(segs[:k]) in self.file_of:
                return self.file_of[tuple(segs[:k])]
        return None

    def edges(self):
        """Each file outside the tests, with the files of its crate it reads."""
        out = {}
        for rel, text in self.text.items():
            name = os.path.basename(rel)
            if name == "tests.rs" or name.endswith("_tests.rs"):
                continue
            body = strip_comments(text.split("#[cfg(test)]")[0])
            me = module_of(rel)
            paths = []
            for match in USE.finditer(body):
                if not match.group(1):
                    paths.extend(expand(compact(match.group(2))))
            paths.extend(INLINE.findall(USE.sub("", body)))
            reads = set()
            for path in paths:
                segs = path.split("::")
                target = absolute(segs, me)
                if target is None and tuple(me) + (segs[0],) in self.file_of:
                    target = list(me) + segs
                if not target or target[-1] == "*":
                    continue
                found = self.resolve(target)
                if found and found != rel and module_of(found) != ():
                    reads.add(found)
            out[rel] = reads
        return out


def circles(edges):
    """The strongly connected groups of more than one file (Tarjan's algorithm, iterative)."""
    index, low, stack, on, groups, counter = {}, {}, [], set(), [], [0]
    for start in edges:
        if start in index:
            continue
        work = [(start, iter(sorted(edges[start])))]
        index[start] = low[start] = counter[0]
        counter[0] += 1
        stack.append(start)
        on.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in edges:
                    continue
                if child not in index:
                    index[child] = low[child] = counter[0]
                    counter[0] += 1
                    stack.append(child)
                    on.add(child)
                    work.append((child, iter(sorted(edges[child]))))
                elif child in on:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                group = []
                while True:
                    member = stack.pop()
                    on.discard(member)
                    group.append(member)
                    if member == node:
                        break
                if len(group) > 1:
                    groups.append(sorted(group))
    return groups


def crate_sources():
    """Every crate's src folder of the workspace."""
    found = [os.path.join(ROOT, "src")]
    crates = os.path.join(ROOT, "crates")
    found += [os.path.join(crates, c, "src") for c in sorted(os.listdir(crates))]
    return [s for s in found if os.path.isdir(s)]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("sources", nargs="*", help="crate src folders (default: the workspace's)")
    parser.add_argument("--edges", action="store_true", help="also print what each file reads")
    args = parser.parse_args()
    total = 0
    for src in args.sources or crate_sources():
        edges = Crate(src).edges()
        label = os.path.relpath(src, ROOT) if src.startswith(ROOT) else src
        if args.edges:
            for rel in sorted(edges):
                print(f"{label}/{rel} -> {' '.join(sorted(edges[rel]))}")
        for group in circles(edges):
            total += 1
            print(f"{label}: " + " <-> ".join(group))
    print(f"import circles between files: {total}")
    return 1 if total else 0


if __name__ == "__main__":
    sys.exit(main())
