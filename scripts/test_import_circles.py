"""Tests of scripts/import_circles.py on small crates written here: a circle is found however
the files name each other, and what is not a circle (tests, comments, re-exports followed to
the file that defines the item, other crates) is not reported."""
import os
import subprocess
import sys
import textwrap

import pytest

sys.path.insert(0, os.path.dirname(__file__))
import import_circles  # noqa: E402

SCRIPT = os.path.join(os.path.dirname(__file__), "import_circles.py")


def crate(tmp_path, files):
    """A src folder holding `files` (path -> Rust text)."""
    src = tmp_path / "src"
    for rel, text in files.items():
        path = src / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text))
    return str(src)


def circles_of(src):
    return import_circles.circles(import_circles.Crate(src).edges())


@pytest.mark.parametrize(
    "a_reads_b",
    [
        "use crate::b::Bee;",
        "use crate::{b::Bee, c};",
        "use super::b::{self, Bee as Other};",
        "fn f() -> crate::b::Bee { todo!() }",
        "pub(crate) use crate::b::Bee; fn f(_: super::b::Bee) {}",
    ],
)
def test_a_circle_is_found_however_it_is_written(tmp_path, a_reads_b):
    src = crate(
        tmp_path,
        {
            "lib.rs": "mod a;\nmod b;\nmod c;\n",
            "a.rs": f"{a_reads_b}\npub struct Ay;\n",
            "b.rs": "use crate::a::Ay;\npub struct Bee;\n",
            "c.rs": "pub struct Sea;\n",
        },
    )
    assert circles_of(src) == [["a.rs", "b.rs"]]


def test_a_circle_through_a_third_file_and_a_child_module(tmp_path):
    src = crate(
        tmp_path,
        {
            "lib.rs": "mod engine;\nmod table;\n",
            "engine.rs": "mod step;\nuse step::run;\n",
            "engine/step.rs": "use crate::table::Table;\npub fn run() {}\n",
            "table.rs": "use crate::engine::Loop;\npub struct Table;\n",
        },
    )
    assert circles_of(src) == [["engine.rs", "engine/step.rs", "table.rs"]]


def test_tests_comments_and_other_crates_make_no_circle(tmp_path):
    src = crate(
        tmp_path,
        {
            "lib.rs": "mod a;\nmod b;\n",
            "a.rs": """
                //! Reads [`crate::b::Bee`] in its docs only. // use crate::b::Bee;
                /* use crate::b::Bee; */
                use other_crate::b::Bee;
                pub struct Ay;
                #[cfg(test)]
                mod tests {
                    use crate::b::Bee;
                }
            """,
            "b.rs": "use crate::a::Ay;\npub struct Bee;\n#[cfg(test)]\n#[path = \"b_tests.rs\"]\nmod tests;\n",
            "b_tests.rs": "use crate::a::Ay;\n",
        },
    )
    assert circles_of(src) == []


def test_a_reexport_is_followed_to_the_file_that_defines_the_item(tmp_path):
    # `shapes` re-exports `Square` from its child; reading `crate::shapes::Square` reads
    # `shapes/square.rs`, not `shapes.rs`, so no circle with the parent.
    src = crate(
        tmp_path,
        {
            "lib.rs": "mod shapes;\nmod draw;\n",
            "shapes.rs": "mod square;\npub use square::Square;\nuse crate::draw::Pen;\n",
            "shapes/square.rs": "pub struct Square;\n",
            "draw.rs": "use crate::shapes::Square;\npub struct Pen;\n",
        },
    )
    edges = import_circles.Crate(src).edges()
    assert edges["draw.rs"] == {"shapes/square.rs"}
    assert circles_of(src) == []


def test_the_command_exits_1_on_a_circle_and_0_without(tmp_path):
    circle = crate(tmp_path / "one", {"lib.rs": "mod a;\nmod b;\n", "a.rs": "use crate::b::B;\n", "b.rs": "use crate::a::A;\n"})
    clean = crate(tmp_path / "two", {"lib.rs": "mod a;\nmod b;\n", "a.rs": "use crate::b::B;\n", "b.rs": "pub struct B;\n"})
    found = subprocess.run([sys.executable, SCRIPT, circle], capture_output=True, text=True)
    assert found.returncode == 1
    assert "a.rs <-> b.rs" in found.stdout
    assert found.stdout.strip().endswith("import circles between files: 1")
    none = subprocess.run([sys.executable, SCRIPT, clean], capture_output=True, text=True)
    assert (none.returncode, none.stdout.strip()) == (0, "import circles between files: 0")
