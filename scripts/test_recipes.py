"""Tests of scripts/recipes.py: the table is read, and any difference from git is named."""

import recipes

TABLE = """# Architecture
### Recipes, measured

| recipe | last one | code files | count |
|---|---|---|---|
| a strategy | `abc1234` (ils) | `crates/core/src/ils.rs` (new), `crates/core/src/lib.rs` | 2 |

## Next
"""


def fake(files):
    return lambda commit: files


def test_code_files_leave_out_tests_docs_and_scripts():
    assert recipes.is_code("crates/core/src/lib.rs")
    assert recipes.is_code("crates/trace/assets/replay.js")
    for path in ["tests/search.rs", "crates/core/src/local/tests.rs", "crates/registry/src/search_tests.rs",
                 "docs/strategies.md", "README.md", "crates/python/tests/test_problem.py", "scripts/recipes.py"]:
        assert not recipes.is_code(path), path


def test_a_table_that_agrees_with_git_passes():
    files = {"crates/core/src/ils.rs": True, "crates/core/src/lib.rs": False}
    assert recipes.check(TABLE, fake(files)) == []


def test_a_missing_an_extra_and_a_wrongly_new_file_are_each_named():
    files = {"crates/core/src/ils.rs": False, "crates/core/src/strategy.rs": False}
    problems = recipes.check(TABLE, fake(files))
    assert problems == [
        "a strategy (abc1234): crates/core/src/ils.rs is not new in git",
        "a strategy (abc1234): crates/core/src/lib.rs is listed but the commit did not change it",
        "a strategy (abc1234): the commit changed crates/core/src/strategy.rs, which is not listed",
    ]


def test_a_count_that_disagrees_with_its_list_is_refused():
    try:
        recipes.recipes(TABLE.replace("| 2 |", "| 3 |"))
    except ValueError as err:
        assert "says 3 files but lists 2" in str(err)
    else:
        raise AssertionError("accepted")


def test_the_repository_table_agrees_with_git():
    assert recipes.check((recipes.REPO / "ARCHITECTURE.md").read_text()) == []
