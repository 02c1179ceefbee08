"""Logins and who may read a thread (the store-backed rules on SQLite and on Postgres)."""

from __future__ import annotations

from pathlib import Path

import pytest

from shabgraph.database_url import thread_store_url
from shabgraph.errors import ConfigError
from shabgraph.settings import Settings
from tests.ui.conftest import chainlit_context
from ui.auth import authenticate, hash_password, load_users, parse_inline_users, password_matches
from ui.persistence import create_schema
from ui.request_guard import RequestInfo, current_request
from ui.sharing import can_view
from ui.thread_store import FeedbackRefused, ThreadStore


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


async def test_sharing_and_isolation_read_from_the_store(db_settings: Settings) -> None:
    """The rules on threads as the store gives them back (JSON text on SQLite and Postgres)."""
    import chainlit as cl
    from chainlit.types import Feedback, Pagination, ThreadFilter

    url = thread_store_url(db_settings)
    await create_schema(url)
    layer = ThreadStore(url)
    try:
        alice = await layer.create_user(cl.User(identifier="alice"))
        bob = await layer.create_user(cl.User(identifier="bob"))
        assert alice and bob
        async with chainlit_context(thread_id="a-1"):
            await layer.update_thread("a-1", name="Alices", user_id=alice.id, metadata={"k": 1})
            question = cl.Message(content="Frage", type="user_message")
            await layer.create_step(question.to_dict())
        async with chainlit_context(thread_id="b-1"):
            await layer.update_thread("b-1", name="Bobs", user_id=bob.id)
        thread = await layer.get_thread("a-1")
        assert thread is not None
        assert can_view(dict(thread), "bob") == (False, "not shared")
        assert await layer.get_thread_author("a-1") == "alice"
        await layer.update_thread("a-1", metadata={"is_shared": True})
        shared = await layer.get_thread("a-1")
        assert shared is not None
        assert can_view(dict(shared), "bob") == (True, "shared read-only by its owner")
        await layer.update_thread("a-1", metadata={"is_shared": False})
        unshared = await layer.get_thread("a-1")
        assert unshared is not None and can_view(dict(unshared), "bob") == (False, "not shared")
        # Feedback on a message: its thread's owner only (the thread taken from the message).
        for user, allowed in (("bob", False), ("alice", True)):
            token = current_request.set(RequestInfo(client="127.0.0.1", user=user))
            try:
                vote = Feedback(forId=question.id, threadId="b-1", value=1, comment=user)
                if allowed:
                    assert await layer.upsert_feedback(vote)
                else:
                    with pytest.raises(FeedbackRefused):
                        await layer.upsert_feedback(vote)
            finally:
                current_request.reset(token)
        stored = await layer.get_thread("a-1")
        assert stored is not None
        votes = [s.get("feedback") for s in stored["steps"] if s["id"] == question.id]
        assert [(v["comment"], v["value"]) for v in votes if v] == [("alice", 1)]
        # Each user lists only their own threads.
        page = Pagination(first=10)
        mine = await layer.list_threads(page, ThreadFilter(userId=alice.id))
        theirs = await layer.list_threads(page, ThreadFilter(userId=bob.id))
        assert [t["id"] for t in mine.data] == ["a-1"]
        assert [t["id"] for t in theirs.data] == ["b-1"]
    finally:
        await layer.close()
