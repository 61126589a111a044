"""Publishing with ``serve --publish-to`` is all or nothing: the results site is written by the
one writer (formats/outputs.py) beside its place and the session published last, so a folder
that cannot be written leaves the session live (or an earlier site as it was) and the director
is told why; a refusal from the database leaves no half-written site either."""

from __future__ import annotations

import hashlib
import json
import os
from datetime import timedelta
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from bridgescore.store import Store, StoreError
from bridgescore.store.live import LIVE, PUBLISHED
from bridgescore.web.app import create_app
from tests.helpers import unwritable
from tests.web.helpers import PLAYED, Console, fill, new_session


def publishing(store: Store, site: Path) -> tuple[Console, int]:
    console = Console(store)
    console.client = TestClient(create_app(store, publish_folder=site), base_url="http://127.0.0.1")
    console.login("dana")
    session = new_session(console)
    fill(console, session, PLAYED)
    return console, session


def everything(folder: Path) -> dict[str, str]:
    """Every file and folder under ``folder`` (hidden ones too), with its contents' digest."""
    found = {}
    for root, folders, files in os.walk(folder):
        for name in folders:
            found[os.path.relpath(os.path.join(root, name), folder) + "/"] = ""
        for name in files:
            path = Path(root, name)
            found[str(path.relative_to(folder))] = hashlib.sha256(path.read_bytes()).hexdigest()
    return found


def test_a_site_that_cannot_be_written_leaves_the_session_live(
    store: Store, tmp_path: Path
) -> None:
    site = tmp_path / "site"
    site.mkdir()
    console, session = publishing(store, site)
    with unwritable(site):
        answer = console.post(f"/director/sessions/{session}/publish.json", minutes="60")
    assert answer.status_code == 503, answer.text
    said = answer.json()["error"]["message"]
    assert said.startswith(f"cannot write {site / f'session-{session}'}: "), said
    assert said.endswith("nothing was published: the session is still live"), said
    assert store.live_info(session).status == LIVE
    assert everything(site) == {}
    # the folder usable again, the same request publishes, and the site is the one served
    answer = console.post(f"/director/sessions/{session}/publish.json", minutes="60")
    assert answer.status_code == 200, answer.text
    assert store.live_info(session).status == PUBLISHED
    written = site / f"session-{session}"
    served = console.get(f"/results/{session}/index.json").json()
    assert json.loads((written / "index.json").read_text(encoding="utf-8")) == served
    assert [p.name for p in site.iterdir()] == [f"session-{session}"]


def test_publishing_again_into_a_folder_that_cannot_be_written_keeps_the_earlier_site(
    store: Store, tmp_path: Path
) -> None:
    site = tmp_path / "site"
    console, session = publishing(store, site)
    first = console.post(f"/director/sessions/{session}/publish.json", minutes="60")
    assert first.status_code == 200, first.text
    published_at = store.live_info(session).published_at
    before = everything(site)
    assert f"session-{session}/index.json" in before
    with unwritable(site, site / f"session-{session}"):
        again = console.post(f"/director/sessions/{session}/publish.json", minutes="90")
    assert again.status_code == 503, again.text
    said = again.json()["error"]["message"]
    assert said.endswith("the results published before stand, and so does their site"), said
    assert everything(site) == before
    assert store.live_info(session).published_at == published_at


def test_a_publish_the_database_refuses_writes_no_site(store: Store, tmp_path: Path) -> None:
    site = tmp_path / "site"
    site.mkdir()
    console, session = publishing(store, site)
    # a correction period under 30 minutes is refused by the store, after the site was built
    answer = console.post(f"/director/sessions/{session}/publish.json", minutes="10")
    assert answer.status_code == 422, answer.text
    assert "30 minutes to 7 days" in answer.json()["error"]["message"]
    assert store.live_info(session).status == LIVE
    assert everything(site) == {}  # no site, and nothing half-built beside it


def test_a_result_stored_while_the_site_was_written_stops_the_publishing(
    store: Store, tmp_path: Path
) -> None:
    """The site shows the log as it stood; published only if the log is still that size."""
    site = tmp_path / "site"
    site.mkdir()
    _, session = publishing(store, site)
    shown = store.marks(session).log
    assert shown > 0
    with pytest.raises(StoreError, match="results arrived while"):
        store.publish(session, timedelta(hours=1), log=shown - 1)
    assert store.live_info(session).status == LIVE
    assert store.publish(session, timedelta(hours=1), log=shown).status == PUBLISHED


def _every_json(folder: Path) -> dict[str, object]:
    """Every page's JSON twin written in ``folder`` (not the writer's manifest)."""
    from bridgescore.formats.outputs import MANIFEST

    return {
        p.name: json.loads(p.read_text(encoding="utf-8"))
        for p in folder.glob("*.json")
        if p.name != MANIFEST
    }


@pytest.mark.parametrize("teams", [False, True], ids=["pairs", "teams"])
def test_the_site_written_on_publishing_is_the_one_served_with_double_dummy(
    tmp_path: Path, teams: bool
) -> None:
    """A session with deals: the site ``--publish-to`` writes, and the console's zip, have the
    served pages' double dummy, par and opening leads (each evening's analysis), every page's
    data the same as its served twin."""
    import io
    import zipfile

    from bridgescore.session import FieldStructure
    from bridgescore.store import open_store
    from tests.reports.helpers import LED, MINI
    from tests.web.players import Console as Players
    from tests.web.players import deals_night

    pytest.importorskip("endplay")
    site = tmp_path / "site"
    site.mkdir()
    store = open_store(str(tmp_path / "club.db"))
    try:
        structure = FieldStructure.TEAMS if teams else None
        session = deals_night(store, LED if teams else MINI, structure=structure, publish=False)
        web = Players(store, create_app(store, publish_folder=site))
        publish = f"/director/sessions/{session}/publish.json"
        answer = web.post(publish, minutes="60", anyway="yes")  # the entries as they stand
        assert answer.status_code == 200, answer.text
        written = _every_json(site / f"session-{session}")
        evenings = [name for name in written if name.endswith("-evening.json")]
        assert evenings and len(written) > len(evenings) + 1
        client = web.client()
        for name, data in written.items():
            assert client.get(f"/results/{session}/{name}").json() == data, name
        evening = written[evenings[0]]
        assert isinstance(evening, dict)
        assert evening["solved"]
        if teams:  # each board's makeable contracts and each table's lead against them
            boards = [b for m in evening["matches"] for b in m["boards"]]
            assert any(b["makeable_said"] and b["leads_said"] for b in boards)
        else:
            assert evening["leads"]
        zipped = web.get(f"/director/sessions/{session}/export.zip")
        assert zipped.status_code == 200
        with zipfile.ZipFile(io.BytesIO(zipped.content)) as archive:
            for name, data in written.items():
                inside = archive.read(f"session-{session}/{name}").decode("utf-8")
                assert json.loads(inside) == data, name
    finally:
        store.close()
