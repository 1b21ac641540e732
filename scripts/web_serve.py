#!/usr/bin/env python3
"""web_serve.py DIR PORT — serves imprint's web build on 127.0.0.1 with the headers it needs.

Cross-origin isolation (COOP + COEP) lets a page use SharedArrayBuffer, which a threaded wasm
build needs; .wasm is served as application/wasm so it compiles while it streams. Test scripts
under tests/web/scripts/ are served at /scripts/ (the same origin, as the page requires).
"""
import functools
import http.server
import os
import sys


class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".wasm": "application/wasm", ".js": "text/javascript", ".data": "application/octet-stream"}

    def end_headers(self):
        self.send_header("Cross-Origin-Opener-Policy", "same-origin")
        self.send_header("Cross-Origin-Embedder-Policy", "require-corp")
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, fmt, *args):
        if os.environ.get("IMPRINT_WEB_SERVE_LOG"):
            super().log_message(fmt, *args)


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else "build-web/page"
    port = int(sys.argv[2]) if len(sys.argv) > 2 else 8642
    handler = functools.partial(Handler, directory=root)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)
    print(f"imprint: http://127.0.0.1:{server.server_address[1]}/", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
