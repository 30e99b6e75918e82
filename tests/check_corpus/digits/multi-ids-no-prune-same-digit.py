"""3-digit puzzle with two mistakes: IDS without the discard rule, and "not the same digit twice"
checked against the parent's move. Usage: python3 FILE LETTER INPUT"""
import sys

sys.dont_write_bytecode = True
import correct  # noqa: E402
from importlib import util  # noqa: E402


def load(name):
    spec = util.spec_from_file_location(name.replace("-", "_"), f"{sys.path[0]}/{name}.py")
    module = util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


if __name__ == "__main__":
    correct.ids = load("ids-no-prune").ids
    correct.children = load("same-digit-from-wrong-parent").children
    correct.main()
