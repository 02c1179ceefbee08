"""In CI a browser test that skips (Chromium missing) must fail; on a laptop it may skip."""

from __future__ import annotations

import pytest

pytest_plugins = ["pytester"]

SKIPPING = """
import pytest

@pytest.fixture
def chromium():
    pytest.skip("Chromium is not installed")  # as the browser tests' fixture does

@pytest.mark.browser
def test_drives_chromium(chromium):
    pass

def test_plain_skip_stays_a_skip():
    pytest.skip("not a browser test")
"""


@pytest.fixture
def suite(pytester: pytest.Pytester) -> pytest.Pytester:
    pytester.makeconftest("from tests.conftest import pytest_runtest_makereport  # noqa: F401\n")
    pytester.makeini(
        "[pytest]\nasyncio_default_fixture_loop_scope = function\nmarkers =\n    browser: drives Chromium\n"
    )
    pytester.makepyfile(test_browserish=SKIPPING)
    return pytester


def test_a_skipped_browser_test_fails_in_ci(
    suite: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CI", "true")
    result = suite.runpytest_inprocess("-p", "no:cacheprovider")
    result.assert_outcomes(errors=1, skipped=1)  # a skip in setup becomes a setup error
    result.stdout.fnmatch_lines(["*browser test skipped in CI*Chromium is not installed*"])


def test_a_skipped_browser_test_only_skips_elsewhere(
    suite: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("CI", raising=False)
    suite.runpytest_inprocess("-p", "no:cacheprovider").assert_outcomes(skipped=2)
