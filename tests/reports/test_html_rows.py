"""The rows a site's pages repeat, built in Python (``reports.html``: a score card's rows, an
evening's story heads and list of boards), write exactly what the Jinja loops they replaced
wrote, kept here as the reference: whatever the values (markup in names and sentences, no
round, no score, sections, partners, leads, matchpoints or IMPs), in English and in French."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from bridgescore.languages import use
from bridgescore.reports.html import environment
from bridgescore.rules import CLUB

CARD_ROWS = """\
  <tbody>
  {% for r in rows %}
    <tr class="{{ r.percent_exact|band }}">
      {% if show_round %}<td class="num">{{ r.round|blank }}</td>{% endif %}
      <td class="num board"><a href="{{ r.page }}#r{{ r.row }}">{{ r.board }}</a></td>
      <td>{{ r.direction }}</td>
      {% if player %}<td class="num pair">{% for e in r.partners %}{{ e|who(e|number) }}\
{% endfor %}</td>{% endif %}
      <td class="pair opponents">{% for e in r.opponents %}{{ e|who(e|number) }}{% if e.name %} \
<span class="opp-names">{{ e.name }}</span>{% endif %}{% if not loop.last %}; {% endif %}\
{% endfor %}</td>
      <td class="contract">{{ r|result }}</td>
      <td>{{ r.declarer|blank }}</td>
      {% if show_lead %}<td class="lead opt">{{ r.lead|lead }}</td>{% endif %}
      <td class="num opt">{{ r.tricks|blank }}</td>
      <td class="num score">{{ r.score|blank }}</td>
      <td class="num value">{% if r.explanation %}<a href="{{ r.page }}#r{{ r.row }}-why" \
title="{{ r.explanation|tr }}">{{ r["imps_exact" if imps else "mp_exact"]|num }}</a>{% else %}\
{{ r["imps_exact" if imps else "mp_exact"]|num }}{% endif %}</td>
      {% if not imps %}<td class="num pct">{{ r.percent_exact|num }}</td>{% endif %}
      <td class="num running">{{ r.running_exact|num }}</td>
    </tr>
  {% endfor %}
  </tbody>"""

CARD_ROWS_NOW = """\
  <tbody>
{{ rows|card_rows(show_round, show_lead, player, imps) }}  </tbody>"""

EVENING = """\
  <ol>
  {% for b in rows %}
    <li><a href="#b{{ b.board }}{{ '-' ~ b.section if b.section else '' }}" \
class="{{ b.percent_exact|band }}">{{ b.board }}<span class="sr-only">: \
{{ b.percent_exact|num|percent if not imps else _("%(imps)s IMPs", imps=b.imps_exact|num) }}\
</span></a></li>
  {% endfor %}
  </ol>
{% for b in rows %}{% set anchor = "b" ~ b.board ~ ('-' ~ b.section if b.section else '') %}
<section class="story {{ b.percent_exact|band }}" id="{{ anchor }}" \
aria-labelledby="{{ anchor }}-title">
  <h2 id="{{ anchor }}-title">{{ b|heading }} <small>{{ b.direction }}\
{% if b.round is not none %}, {{ _("round %(round)s", round=b.round) }}{% endif %}</small></h2>
  <p class="story-result"><span class="contract">{{ b.result|symbols }}</span>\
{% if b.score is not none %} <span class="score">{{ b.score|points }}</span>{% endif %}
    · <a href="{{ b.page }}#r{{ b.row }}" \
title="{{ _("This result on the board's traveller, with the reason") }}">{% if imps %}\
{{ _("%(imps)s IMPs", imps=b.imps_exact|num) }}{% else %}\
{{ _("%(mp)s of %(top)s MP", mp=b.mp_exact|num, top=b.top_exact|num) }}\
{% if b.percent_exact is not none %} ({{ b.percent_exact|num|percent }}){% endif %}{% endif %}\
</a></p>
  STORY</section>
{% endfor %}"""

EVENING_NOW = """\
  <ol>
{{ rows|jump_list(imps) }}  </ol>
{% for b in rows %}
{{ b|story_head(imps) }}STORY</section>
{% endfor %}"""

TEXT = st.sampled_from(["", "Smith & Jones", '<b>"O\'Neil"</b>', "Ève", "A-12", "x"])
EXACT = st.sampled_from(["0", "1", "979", "1209100/25953", "-3", "7/2", "48950/999", "100"])


def _who(draw: st.DrawFn, player: bool) -> dict[str, Any]:
    number = draw(st.integers(1, 40))
    line = draw(st.sampled_from([None, "NS", "EW"]))
    who: dict[str, Any] = {"player" if player else "pair": number, "line": line}
    who |= {"section": None, "label": f"{number}{line or ''}", "name": draw(st.none() | TEXT)}
    return who | {"page": draw(st.none() | st.sampled_from(["pair-1ns.html", "a&b.html"]))}


@st.composite
def rows(draw: st.DrawFn) -> dict[str, Any]:
    player = draw(st.booleans())
    contract = draw(st.sampled_from([None, "", "PASS", "4HX", "3NT", "7S", "1C"]))
    return {
        "board": draw(st.integers(1, 36)),
        "section": draw(st.none() | st.sampled_from(["A", "<B>"])),
        "page": draw(st.sampled_from(["board-1.html", "board-&2.html"])),
        "row": draw(st.integers(1, 500)),
        "round": draw(st.none() | st.integers(1, 13)),
        "direction": draw(st.sampled_from(["NS", "EW", "<N>"])),
        "partners": [_who(draw, player) for _ in range(draw(st.integers(0, 1)))],
        "opponents": [_who(draw, player) for _ in range(draw(st.integers(0, 2)))],
        "kind": draw(st.sampled_from(["played", "not played", "artificial"])),
        "entry": draw(st.sampled_from(["A", "Ave+/Ave-", "<x>", "60% 4S N ="])),
        "contract": contract,
        "result": draw(st.sampled_from(["4♠ by N", "passed out", "<3♥> & 2♣"])),
        "declarer": draw(st.none() | st.sampled_from(["N", "W"])),
        "tricks": draw(st.none() | st.integers(0, 13)),
        "lead": draw(st.none() | st.sampled_from(["C5", "HT", "??", ""])),
        "score": draw(st.none() | st.integers(-2000, 2000)),
        "ns_score": draw(st.none() | st.integers(-2000, 2000)),
        "mp_exact": draw(EXACT),
        "top_exact": draw(EXACT),
        "imps_exact": draw(EXACT),
        "percent_exact": draw(st.none() | EXACT),
        "running_exact": draw(EXACT),
        "explanation": draw(st.none() | TEXT),
    }


@settings(max_examples=150, deadline=None)
@given(
    st.lists(rows(), max_size=4),
    st.booleans(),
    st.booleans(),
    st.booleans(),
    st.booleans(),
    st.sampled_from(["en", "fr"]),
)
def test_rows_written_as_the_loops_wrote_them(
    shown: list[dict[str, Any]],
    show_round: bool,
    show_lead: bool,
    player: bool,
    imps: bool,
    language: str,
) -> None:
    env = environment(CLUB)
    values = {"rows": shown, "show_round": show_round, "show_lead": show_lead}
    values |= {"player": player, "imps": imps}
    with use(language):
        for before, now in ((CARD_ROWS, CARD_ROWS_NOW), (EVENING, EVENING_NOW)):
            expected = env.from_string(before).render(values)
            assert env.from_string(now).render(values) == expected
            assert env.from_string(now).render(values) == expected  # made once, then repeated


def test_the_reference_shows_the_rows() -> None:
    """The comparison above compares something: the reference writes each row's values."""
    env = environment(CLUB)
    shown = {
        "board": 7, "section": "A", "page": "board-7.html", "row": 3, "round": 2,
        "direction": "NS", "partners": [], "kind": "played", "entry": "4H N =",
        "opponents": [{"pair": 5, "line": "EW", "section": None, "label": "5EW",
                       "name": "Smith & Jones", "page": "pair-5ew.html"}],
        "contract": "4H", "result": "4♥ by N", "declarer": "N", "tricks": 10, "lead": "C5",
        "score": 420, "mp_exact": "7/2", "top_exact": "8", "imps_exact": "0",
        "percent_exact": "175/4", "running_exact": "12", "explanation": "beat <3>",
    }  # fmt: skip
    values = {"rows": [shown], "show_round": True, "show_lead": True, "player": False}
    card = env.from_string(CARD_ROWS_NOW).render(values | {"imps": False})
    assert 'href="board-7.html#r3"' in card and "Smith &amp; Jones" in card
    assert 'title="beat &lt;3&gt;">3.50</a>' in card and "43.75" in card
    evening = env.from_string(EVENING_NOW).render(values | {"imps": False})
    assert 'id="b7-A"' in evening and "Board 7 (section A) <small>NS, round 2</small>" in evening
    assert "3.50 of 8.00 MP (43.75%)" in evening and '<span class="score">+420</span>' in evening
