"""Logins and who may read a thread."""

from __future__ import annotations

from pathlib import Path

import pytest

from shabgraph.errors import ConfigError
from ui.auth import authenticate, hash_password, load_users, parse_inline_users, password_matches
from ui.sharing import can_view


def test_hashed_and_plain_passwords() -> None:
    stored = hash_password("s3cret", iterations=1000)
    assert password_matches(stored, "s3cret")[0]
    assert password_matches(stored, "wrong") == (False, "wrong password")
    assert password_matches("plain", "plain")[0]
    assert password_matches("pbkdf2_sha256$x$zz$00", "a") == (False, "stored hash is malformed")


def test_users_file_inline_and_demo(tmp_path: Path) -> None:
    f = tmp_path / "users.toml"
    f.write_text(
        f'[users.alice]\npassword = "{hash_password("a", iterations=1000)}"\n'
        'display_name = "Alice"\n[users.bob]\npassword = "b"\n'
    )
    users = load_users(f, "bob:override", allow_demo=True)
    assert set(users) == {"alice", "bob"} and users["bob"].password == "override"
    assert authenticate(users, "alice", "a")[0] is not None
    assert authenticate(users, "alice", "b") == (None, "wrong password")
    assert authenticate(users, "eve", "a") == (None, "unknown user")
    assert set(load_users(tmp_path / "none.toml", None, allow_demo=True)) == {"demo", "colleague"}
    assert load_users(tmp_path / "none.toml", None, allow_demo=False) == {}


def test_bad_user_config_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="not name:password"):
        parse_inline_users("alice")
    bad = tmp_path / "u.toml"
    bad.write_text("[users.x]\n")
    with pytest.raises(ConfigError, match="has no password"):
        load_users(bad, None, allow_demo=False)


def test_sharing_rules() -> None:
    thread = {"id": "t", "userIdentifier": "alice", "metadata": '{"is_shared": false}'}
    assert can_view(thread, "alice") == (True, "owner")
    assert can_view(thread, "bob") == (False, "not shared")
    assert can_view(thread, None) == (False, "not logged in")
    thread["metadata"] = '{"is_shared": true, "shared_at": "2026-01-01"}'
    assert can_view(thread, "bob")[0]
    assert can_view(thread, None)[0] is False
