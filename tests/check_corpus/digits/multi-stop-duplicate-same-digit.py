"""3-digit puzzle with two mistakes: Greedy and A* give up at the first already-expanded node, and
"not the same digit twice" is checked against the parent's move. Usage: python3 FILE LETTER INPUT"""
import importlib.util
import os
import sys

sys.dont_write_bytecode = True
import correct  # noqa: E402


def sibling(name):
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), name + ".py")
    spec = importlib.util.spec_from_file_location(name.replace("-", "_"), path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


if __name__ == "__main__":
    correct.children = sibling("same-digit-from-wrong-parent").children
    if sys.argv[1].upper() in "GA":
        correct.Search = sibling("stop-at-first-duplicate").StopSearch
    correct.main()
