"""``bridgescore serve``: the club night in a browser -- set up, enter travellers, watch,
correct, publish -- over the club database (:mod:`bridgescore.store`), with the report's pages
and templates (:mod:`bridgescore.reports`). Imported only by ``bridgescore serve``: it pulls in
Starlette, Jinja2 and SQLAlchemy. See docs/serve.md."""

from __future__ import annotations

from bridgescore.web.app import create_app

__all__ = ["create_app"]
