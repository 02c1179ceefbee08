"""A Chainlit storage client that keeps element files on the local disk.

Chainlit persists elements (notices, exports, the network view's props) only through a storage
client and ships none for local disk. Files are read back as `data:` URLs, so no extra route is
needed and a shared thread's elements are readable by whoever may read the thread (Chainlit has
already checked that before it asks for the URLs).
"""

from __future__ import annotations

import base64
import mimetypes
import os
from pathlib import Path
from typing import Any

from chainlit.data.storage_clients.base import BaseStorageClient

from shabgraph.errors import InputError


def data_url(mime: str, raw: bytes) -> str:
    """The `data:` URL the browser reads an element from."""
    return f"data:{mime};base64,{base64.b64encode(raw).decode()}"


class LocalStorageClient(BaseStorageClient):
    """Writes each object under `root/<object key>`; keys cannot escape `root`."""

    def __init__(self, root: Path) -> None:
        self.root = root.resolve()

    def path_of(self, object_key: str) -> Path:
        """The file of an object key, refusing keys that point outside the root."""
        # normpath, not resolve(): the lexical check is enough (only this client writes under
        # root) and resolve() costs an lstat per path component on every element.
        path = Path(os.path.normpath(self.root / object_key))
        if path == self.root or not path.is_relative_to(self.root):
            raise InputError(f"object key {object_key!r} leaves the storage folder")
        return path

    async def upload_file(
        self,
        object_key: str,
        data: bytes | str,
        mime: str = "application/octet-stream",
        overwrite: bool = True,
        content_disposition: str | None = None,
    ) -> dict[str, Any]:
        path = self.path_of(object_key)
        if path.exists() and not overwrite:
            return {"object_key": object_key, "url": await self.get_read_url(object_key)}
        raw = data.encode() if isinstance(data, str) else data
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(raw)
        path.with_name(path.name + ".mime").write_text(mime)
        # Built from the bytes in hand: reading the file straight back costs a disk round trip.
        return {"object_key": object_key, "url": data_url(mime, raw)}

    async def delete_file(self, object_key: str) -> bool:
        path = self.path_of(object_key)
        existed = path.exists()
        path.unlink(missing_ok=True)
        path.with_name(path.name + ".mime").unlink(missing_ok=True)
        return existed

    async def get_read_url(self, object_key: str) -> str:
        path = self.path_of(object_key)
        mime_file = path.with_name(path.name + ".mime")
        mime = (
            mime_file.read_text()
            if mime_file.exists()
            else mimetypes.guess_type(path.name)[0] or "application/octet-stream"
        )
        return data_url(mime, path.read_bytes())

    async def close(self) -> None:
        return None
