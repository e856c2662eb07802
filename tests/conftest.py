"""Shared fixtures: the real data folder (for tests marked corpus) and the pipeline."""

from __future__ import annotations

from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
SHARED_DATA = REPO.parent / "shared" / "data"


def pytest_collection_modifyitems(config, items):
    if SHARED_DATA.is_dir():
        return
    skip = pytest.mark.skip(reason=f"real card data not present (expected {SHARED_DATA.name}/ in ../shared)")
    for item in items:
        if "corpus" in item.keywords:
            item.add_marker(skip)


@pytest.fixture(autouse=True)
def _empty_cache(tmp_path_factory, monkeypatch):
    """Every test sees an empty cache directory, never a real downloaded index or CR."""
    monkeypatch.setenv("ORACLELINT_CACHE_DIR", str(tmp_path_factory.mktemp("cache")))


@pytest.fixture(scope="session")
def shared_data() -> Path:
    if not SHARED_DATA.is_dir():
        pytest.skip("real card data not present in ../shared/data")
    return SHARED_DATA


@pytest.fixture(scope="session")
def cr_2026(shared_data) -> Path:
    return shared_data / "comprehensive-rules" / "MagicCompRules_20260417.txt"


@pytest.fixture(scope="session")
def nlp():
    """The spaCy pipeline, built once for the whole test session."""
    from linter.nlp import get_pipeline

    return get_pipeline()
