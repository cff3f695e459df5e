"""The nginx configuration of docs/deploy.md (and of benchmarks/server_setups.py): servers
behind nginx, round robin or by table, websockets upgraded, and nginx's own refusals (a
body over its limit, a malformed request, a server that cannot be reached) answered in
the protocol's JSON shape, worded in the client's language as the servers word theirs.

>>> "client_max_body_size 2m;" in config(["127.0.0.1:8001"], "80", "/var/lib/towerplay/nginx")
True
"""
from __future__ import annotations

import json

from towerplay.i18n import LANGUAGES
from towerplay.server.protocol import error_body, web

BODY_LIMIT = 2 * 1024 * 1024
"""nginx's ``client_max_body_size`` (2m): above any route's own limit (the servers refuse
smaller bodies themselves, in the same shape)."""

REFUSALS = {
    "bad_request": ("400 494", 400, "bad_message", web("bad_request"), {}),
    "too_large": ("413", 413, "bad_message", web("body_too_large", limit=BODY_LIMIT),
                  {"limit": BODY_LIMIT}),
    "unavailable": ("502 503 504", 503, "unavailable", web("unavailable"), {}),
    "not_found": ("403 404", 404, "not_found", web("no_route"), {}),
}
"""nginx's own answers, by name: the statuses each stands for, the status sent, and the
refusal (code, reason, parameters): a malformed request (400; 494: headers too large), a
body over :data:`BODY_LIMIT` (413), no server answering (nginx's 502 and 504) as the
servers' own ``unavailable``, and what nginx keeps to itself (``/metrics``) as no such
address."""

TEMPLATE = """\
# towerplay behind nginx: {balancing}, websockets upgraded, nginx's own
# refusals in the protocol's JSON shape.
worker_processes {workers};
pid {home}/nginx.pid;
error_log {home}/error.log warn;
events {{ worker_connections 16384; }}
http {{
    access_log off;
    client_body_temp_path {home}/body;
    proxy_temp_path {home}/proxy;
    fastcgi_temp_path {home}/fastcgi;
    uwsgi_temp_path {home}/uwsgi;
    scgi_temp_path {home}/scgi;
    # websockets: Upgrade passed on; plain requests: no Connection header, so that the
    # upstream keepalive connections are reused
    map $http_upgrade $connection_upgrade {{
        default upgrade;
        ''      '';
    }}
{refusal_maps}{table_map}    upstream towerplay {{
{balance}{servers}
        keepalive 64;
    }}
    server {{
        listen {listen};
        client_max_body_size 2m;
        charset utf-8;
{error_pages}        location / {{
            proxy_pass http://towerplay;
            proxy_http_version 1.1;
            proxy_set_header Upgrade $http_upgrade;
            proxy_set_header Connection $connection_upgrade;
            proxy_set_header Host $http_host;
            proxy_set_header X-Forwarded-For $remote_addr;
            proxy_set_header X-Forwarded-Proto $scheme;
            proxy_read_timeout 1h;
            proxy_send_timeout 1h;
        }}
        location = /metrics {{  # the operator's figures: not for the public
            return 404;
        }}
    }}
}}
"""

TABLE_MAP = """\
    # by table: a table's pages, API calls and websockets go to one server (any other
    # request: anywhere); a server that goes away hands its tables to the others
    map $uri $table_key {
        ~^(/api|/ws)?/tables/(?<table>[^/]+) $table;
        default $request_id;
    }
"""


def refusal_maps() -> str:
    """The ``map`` blocks: the client's language from Accept-Language as the servers choose
    it (the first one named that the catalogues have, else English), and each refusal's
    JSON body in that language."""
    ours = "|".join(LANGUAGES)
    lines = ["    # nginx's own refusals, worded in the client's language",
             "    map $http_accept_language $towerplay_lang {", "        default en;",
             f'        "~*^(?:\\s*(?!(?:{ours})\\b)[^,]*,)*\\s*(?<towerplay_first>{ours})\\b"'
             " $towerplay_first;", "    }"]
    for name, (_statuses, _status, code, reason, params) in REFUSALS.items():
        lines.append(f"    map $towerplay_lang $towerplay_{name} {{")
        for lang in ("default", *LANGUAGES):
            body = json.dumps(error_body(code, reason, "en" if lang == "default" else lang,
                                         **params), ensure_ascii=False, separators=(",", ":"))
            lines.append(f"        {lang} '{escaped(body)}';")
        lines.append("    }")
    return "\n".join(lines) + "\n"


def escaped(text: str) -> str:
    """``text`` inside an nginx single-quoted string (nginx has no escape for ``$``, which
    would start a variable: no body holds one).

    >>> escaped("it's") == "it\\\\'s"
    True
    """
    assert "$" not in text
    return text.replace("\\", "\\\\").replace("'", "\\'")


def error_pages() -> str:
    """The ``server`` block's directives that send nginx's refusals (:data:`REFUSALS`)."""
    lines = [f"        error_page {statuses} ={status} /.towerplay/{name};"
             for name, (statuses, status, *_rest) in REFUSALS.items()]
    for name, (_statuses, status, *_rest) in REFUSALS.items():
        # (a named location would not do: a request line nginx cannot read has no URI)
        lines += [f"        location = /.towerplay/{name} {{",
                  "            internal;",
                  "            default_type application/json;",
                  f"            return {status} $towerplay_{name};",
                  "        }"]
    return "\n".join(lines) + "\n"


def config(servers: list[str], listen: str, home: str, by_table: bool = False,
           workers: str = "1") -> str:
    """nginx's configuration in front of ``servers`` (``host:port`` each), listening on
    ``listen``, its files under ``home``: round robin, or (``by_table``) a consistent
    hash of the table id in the path."""
    return TEMPLATE.format(
        balancing="by table" if by_table else "round robin, no sticky sessions",
        workers=workers, home=home, listen=listen, refusal_maps=refusal_maps(),
        table_map=TABLE_MAP if by_table else "", error_pages=error_pages(),
        balance="        hash $table_key consistent;\n" if by_table else "",
        servers="\n".join(f"        server {server};" for server in servers))
