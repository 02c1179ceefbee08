"""A TCP proxy the tests can cut, to play a Neo4j server that goes down or hangs."""

from __future__ import annotations

import contextlib
import socket
import threading


class TcpProxy:
    """Forwards 127.0.0.1:`port` to `target`; `down()` refuses, `hang()` accepts and stalls."""

    def __init__(self, port: int, target: tuple[str, int]) -> None:
        self.port, self.target = port, target
        self.mode = "up"
        self.conns: list[socket.socket] = []
        self.listener: socket.socket | None = None
        self.lock = threading.Lock()
        self.listen()

    def listen(self) -> None:
        self.listener = socket.create_server(("127.0.0.1", self.port), reuse_port=False)
        threading.Thread(target=self.accept_loop, args=(self.listener,), daemon=True).start()

    def accept_loop(self, listener: socket.socket) -> None:
        while True:
            try:
                client, _ = listener.accept()
            except OSError:
                return
            with self.lock:
                self.conns.append(client)
            if self.mode == "hang":
                continue  # accepted, never answered: a server that stopped responding
            try:
                upstream = socket.create_connection(self.target, timeout=5)
            except OSError:
                client.close()
                continue
            with self.lock:
                self.conns.append(upstream)
            for a, b in ((client, upstream), (upstream, client)):
                threading.Thread(target=self.pipe, args=(a, b), daemon=True).start()

    @staticmethod
    def pipe(src: socket.socket, dst: socket.socket) -> None:
        try:
            while data := src.recv(65536):
                dst.sendall(data)
        except OSError:
            pass
        finally:
            for s in (src, dst):
                with contextlib.suppress(OSError):
                    s.shutdown(socket.SHUT_RDWR)

    def cut(self) -> None:
        """Drop every open connection (the server's process is gone)."""
        with self.lock:
            conns, self.conns = self.conns, []
        for c in conns:
            with contextlib.suppress(OSError):
                c.shutdown(socket.SHUT_RDWR)
            c.close()

    def down(self) -> None:
        """Connections refused from now on, open ones dropped."""
        self.mode = "down"
        if self.listener:
            # shutdown first: on Linux a bare close() leaves the accept() of another thread
            # blocked, and the kernel keeps accepting on the port.
            with contextlib.suppress(OSError):
                self.listener.shutdown(socket.SHUT_RDWR)
            self.listener.close()
            self.listener = None
        self.cut()

    def hang(self) -> None:
        """Connections accepted but never answered, open ones dropped."""
        self.cut()
        self.mode = "hang"

    def close(self) -> None:
        self.down()
