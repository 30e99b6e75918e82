"""Shared paths for the searchlab Python tests."""

from __future__ import annotations

from pathlib import Path

# crates/python/tests -> the repository root.
ROOT = Path(__file__).resolve().parents[3]
DATA = ROOT / "tests" / "data"
