"""The Sukaku Explainer studies: serate's build step and output reading, the
agreement and speed tables, the resumable SE ratings and the rank
correlations of ER with solver effort (serate itself is never run here)."""

import csv
import gzip
import math

import numpy as np
import pandas as pd
import pytest
from scipy.stats import spearmanr

from benchmarks.difficulty import se_effort, se_ratings
from benchmarks.se_agreement import serate, tables
from benchmarks.se_agreement.__main__ import read_sample


def test_build_names_what_is_missing(tmp_path, monkeypatch):
    with pytest.raises(serate.SerateError, match="no Java sources under .*diuf"):
        serate.build(tmp_path, tmp_path / "work")
    monkeypatch.setattr(serate.shutil, "which", lambda name: None)
    with pytest.raises(serate.SerateError, match="javac not found"):
        serate.build(tmp_path, tmp_path / "work")


def test_command_line_refuses_a_folder_without_sources(tmp_path, capsys):
    with pytest.raises(SystemExit) as stop:
        serate.main(["--source", str(tmp_path)])
    assert stop.value.code == 2
    assert "no diuf/ folder" in capsys.readouterr().err


def _write(path, rows):
    with path.open("w", newline="") as handle:
        writer = csv.DictWriter(handle, serate.FIELDS)
        writer.writeheader()
        writer.writerows({key: row.get(key, "") for key in serate.FIELDS} for row in rows)


def _row(name, er, se_er, ep="1.2", se_ep="1.2", cpu="0.5", se_cpu="1.0", hardest="X-Wing",
         se_hardest="X-Wing"):
    return {"set": name, "puzzle": "." * 81, "er": er, "ep": ep, "ed": "1.2", "hardest": hardest,
            "cells_left": 0, "cpu_seconds": cpu, "se_er": se_er, "se_ep": se_ep, "se_ed": "1.2",
            "se_hardest": se_hardest, "se_cpu_seconds": se_cpu}


def test_agreement_counts_equal_near_and_unrated(tmp_path):
    path = tmp_path / "serate.csv"
    # a: equal; b: 0.1 apart; c: 0.3 apart (EP 0.1 apart); d: serate could not rate it
    _write(path, [_row("a", "3.2", "3.2"), _row("a", "7.2", "7.1"),
                  _row("b", "7.5", "7.2", ep="1.5", se_ep="1.4"), _row("b", "8.0", "20.0")])
    lines = tables.agreement(path).splitlines()
    cells = {line.split(" | ")[0].strip("| "): line.split(" | ")[1:] for line in lines[2:]}
    assert cells["a"][:4] == ["2", "50.0%", "100.0%", "100.0%"]
    assert cells["b"][:6] == ["2", "0.0%", "0.0%", "50.0%", "50.0%", "100.0%"]
    assert cells["all"][0] == "4" and cells["all"][-1] == "0 / 1 |"


def test_techniques_and_speed_tables(tmp_path):
    path = tmp_path / "serate.csv"
    _write(path, [_row("a", "2.6", "2.6", cpu="0.1", se_cpu="0.4", hardest="Pointing",
                       se_hardest="Pointing"),
                  _row("a", "7.1", "7.2", cpu="1.0", se_cpu="2.0", hardest="Forcing Chain",
                       se_hardest="Forcing Chain"),
                  _row("a", "7.3", "7.2", cpu="1.0", se_cpu="1.0", hardest="Forcing Chain",
                       se_hardest="Forcing Chain")])
    confusion = tables.techniques(path)
    assert "| Forcing Chain | Forcing Chain | 2 | 0 | 1 | 1 | 0 |" in confusion
    assert "| Pointing | Pointing | 1 | 1 | 0 | 0 | 0 |" in confusion
    assert tables.technique_name("WXYZ-Wing 126") == "WXYZ-Wing"
    assert tables.technique_name("3 Skyscrapers 0111") == "3 Skyscrapers"
    assert tables.technique_name("BUG type 1") == "BUG type 1"
    speed = tables.speed(path)
    assert "| 2.4-4.0 subsets, fish | 1 | 0.1 | 0.4 | 10.0 | 2.5 | 4.00 |" in speed
    assert "| 6.5-7.4 chains | 2 | 2.0 | 3.0 | 1.0 | 0.7 | 1.50 |" in speed
    assert speed.splitlines()[-1].startswith("| all | 3 | 2.1 | 3.4 |")


def test_se_ratings_resume_and_agree_with_the_published_rating(tmp_path):
    sample = read_sample()[:3]
    out = tmp_path / "ratings.csv.gz"
    assert se_ratings.run(out, {"bank": [text for text, _ in sample[:2]]}, 1, None) == 2
    assert se_ratings.run(out, {"bank": [text for text, _ in sample]}, 1, None) == 1
    with gzip.open(out, "rt") as handle:
        rows = list(csv.DictReader(handle))
    assert [row["puzzle"] for row in rows] == [text for text, _ in sample]
    # the bank's published SE rating is the independent check (these three agree)
    assert [float(row["er"]) for row in rows] == [published for _, published in sample]


def test_se_ratings_refuses_an_unknown_collection(capsys):
    with pytest.raises(SystemExit):
        se_ratings.main(["--sets", "top95,nonesuch"])
    assert "unknown collection 'nonesuch'" in capsys.readouterr().err


def test_spearman_interval_matches_scipy_and_brackets_rho():
    rng = np.random.default_rng(3)
    x = rng.integers(0, 8, 60).astype(float)
    y = x + rng.normal(0, 3, 60)
    rho, low, high = se_effort.spearman_interval(x, y, resamples=300)
    assert rho == pytest.approx(spearmanr(x, y).statistic)
    assert low < rho < high
    assert all(math.isnan(v) for v in se_effort.spearman_interval(np.ones(9), y[:9]))


def test_joined_tables_by_collection(tmp_path):
    puzzles = [f"{i:081d}" for i in range(8)]
    effort = pd.DataFrame({"set": ["top95"] * 4 + ["17clue (4 sampled)"] * 4, "order": 3,
                           "puzzle": puzzles, "sat-extended conflicts": [1, 2, 3, 9, 0, 0, 0, 0]})
    for column, _, _ in se_effort.MEASURES:
        if column not in effort:
            effort[column] = effort["sat-extended conflicts"]
    effort.to_csv(tmp_path / "effort.csv", index=False)
    # the last puzzle is not rated; the one before it the ladder could not finish
    pd.DataFrame({"set": "x", "puzzle": puzzles[:7], "er": [2.0, 3.0, 4.0, 8.0, 1.2, 1.5, None]}
                 ).to_csv(tmp_path / "se.csv", index=False)
    coverage = se_effort.coverage(tmp_path / "se.csv", tmp_path / "effort.csv")
    assert "| 17clue | 4 | 2 | 1 | 1 | 1.2-1.5 |" in coverage
    assert "| top95 | 4 | 4 | 0 | 0 | 2.0-8.0 |" in coverage
    table = se_effort.spearman_by_collection(tmp_path / "se.csv", tmp_path / "effort.csv")
    assert "| SAT | CaDiCaL conflicts | constant | 1.00 [" in table


def test_se_ratings_refuses_a_shard_outside_its_count(capsys):
    with pytest.raises(SystemExit):
        se_ratings.main(["--shard", "3/3"])
    assert "--shard 3/3: expected K/N with 0 <= K < N" in capsys.readouterr().err


def test_serate_reads_the_generated_puzzles_it_recorded():
    """The generated puzzles moved beside the study are the ones its recorded
    run rated, level by level and in order."""
    recorded = pd.read_csv(serate.OUT)
    generated = recorded[recorded["set"].str.startswith("generated ")]
    sets = serate.collections(sample=1, per_level=10)
    assert sorted(generated["set"].unique()) == sorted(s for s in sets if s.startswith("generated "))
    for name, group in generated.groupby("set"):
        assert list(group["puzzle"]) == [line for line, _ in sets[name]]
