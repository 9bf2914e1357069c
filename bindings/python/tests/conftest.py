# SPDX-License-Identifier: Apache-2.0
"""The bundled circuit's files (tests/data/chain1018, or ZKFORGE_TEST_DATA/chain1018)."""
import os
import pathlib

import pytest


@pytest.fixture
def chain():
    root = os.environ.get("ZKFORGE_TEST_DATA", pathlib.Path(__file__).resolve().parents[3] / "tests" / "data")
    return pathlib.Path(root) / "chain1018"
