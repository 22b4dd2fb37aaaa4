"""The url_fetcher answers files inside the allowed roots and data: URLs, nothing else."""

from __future__ import annotations

from pathlib import Path

import pytest
import weasyprint
from weasyprint.urls import URLFetcher

from cardforge.render.layout.safe_fetcher import make_url_fetcher
from cardforge.render.layout.url_fetcher import Refusal, URLRefused, refused_in

SVG = b'<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"/>'


@pytest.fixture
def root(tmp_path: Path) -> Path:
    inside = tmp_path / "workspace"
    (inside / "art").mkdir(parents=True)
    (inside / "art" / "hero.svg").write_bytes(SVG)
    (tmp_path / "secret.txt").write_text("top secret", encoding="utf-8")
    return inside


def test_serves_a_file_inside_a_root(root):
    fetcher = make_url_fetcher([root])
    response = fetcher.fetch((root / "art" / "hero.svg").as_uri())
    assert response.read() == SVG
    assert response.content_type == "image/svg+xml"
    assert fetcher.refusals == []


def test_serves_data_urls(root):
    response = make_url_fetcher([root]).fetch("data:text/plain;base64,aGk=")
    assert response.read() == b"hi"


@pytest.mark.parametrize("url", ["http://example.com/x.png", "https://example.com/x.png",
                                 "ftp://example.com/x.png", "gopher://example.com/"])
def test_refuses_network_urls_without_touching_the_network(root, url, monkeypatch):
    def no_network(*args, **kwargs):  # the parent fetcher is what would open a socket
        raise AssertionError(f"network fetch attempted for {url}")

    monkeypatch.setattr(URLFetcher, "fetch", no_network)
    fetcher = make_url_fetcher([root])
    with pytest.raises(URLRefused):
        fetcher.fetch(url)
    assert fetcher.refusals[0].url == url
    assert "not fetched" in fetcher.refusals[0].reason


def test_refuses_a_file_outside_the_roots(root):
    fetcher = make_url_fetcher([root])
    outside = root.parent / "secret.txt"
    with pytest.raises(URLRefused):
        fetcher.fetch(outside.as_uri())
    assert fetcher.refusals == [Refusal(outside.as_uri(),
                                        f"{outside} is outside the workspace and the built-in templates")]


def test_refuses_dot_dot_traversal(root):
    fetcher = make_url_fetcher([root])
    with pytest.raises(URLRefused):
        fetcher.fetch(f"file://{root}/art/../../secret.txt")


def test_refuses_a_symlink_pointing_out(root):
    (root / "art" / "link.txt").symlink_to(root.parent / "secret.txt")
    fetcher = make_url_fetcher([root])
    with pytest.raises(URLRefused):
        fetcher.fetch((root / "art" / "link.txt").as_uri())
    assert "outside" in fetcher.refusals[0].reason


def test_a_symlink_staying_inside_is_fine(root):
    (root / "alias.svg").symlink_to(root / "art" / "hero.svg")
    assert make_url_fetcher([root]).fetch((root / "alias.svg").as_uri()).read() == SVG


def test_refuses_file_urls_on_another_host(root):
    fetcher = make_url_fetcher([root])
    with pytest.raises(URLRefused):
        fetcher.fetch(f"file://fileserver{root}/art/hero.svg")
    assert "another host" in fetcher.refusals[0].reason


def test_records_a_missing_file_inside_a_root(root):
    fetcher = make_url_fetcher([root])
    with pytest.raises(URLRefused):
        fetcher.fetch((root / "art" / "nope.png").as_uri())
    assert "cannot read" in fetcher.refusals[0].reason


def test_weasyprint_uses_it_and_the_refusals_are_visible(root):
    fetcher = make_url_fetcher([root])
    html = ('<img src="art/hero.svg"><img src="http://example.com/tracker.png">'
            '<img src="../secret.txt">')
    weasyprint.HTML(string=html, base_url=root.as_uri() + "/", url_fetcher=fetcher).write_pdf()
    assert [r.url for r in fetcher.refusals] == ["http://example.com/tracker.png",
                                                  (root.parent / "secret.txt").as_uri()]


def test_refused_in_finds_the_fragment_that_used_the_url(root):
    fragments = {"card a": '<img src="art/a.png">', "card b": '<img src="http://x.test/b?q=1&amp;r=2">'}
    assert refused_in(Refusal("http://x.test/b?q=1&r=2", "no"), fragments, root) == ["card b"]
    assert refused_in(Refusal((root / "art" / "a.png").as_uri(), "no"), fragments, root) == ["card a"]
    assert refused_in(Refusal("http://elsewhere.test/", "no"), fragments, root) == []
