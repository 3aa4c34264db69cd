"""`campfire print`: writes the kit, a progress line per component, one-line errors, exit 2."""

from __future__ import annotations

import pytest

from campfire.cli import main


def test_print_writes_the_kit_and_reports_each_component(tmp_path, capsys):
    out = tmp_path / "kit.pdf"
    assert main(["print", "lion-square", "--lang", "ja", "--paper", "letter",
                 "--duplex", "short", "--table", "https://x.example/t/1",
                 "--out", str(out)]) == 0
    assert out.read_bytes().startswith(b"%PDF-")
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("らいおんスクエア: カード")
    assert lines[1].startswith("らいおんスクエア: 群れカード")
    assert lines[2].startswith(f"wrote {out}")


def test_default_output_path(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert main(["print", "lion-square", "--ink-saver"]) == 0
    assert (tmp_path / "output" / "lion-square-en-a4.pdf").is_file()


@pytest.mark.parametrize(("argv", "message"), [
    (["print", "chess"], "error: argument GAME: invalid choice: 'chess'"),
    (["print", "bison", "--paper", "a3"], "error: argument --paper: invalid choice: 'a3'"),
    (["print", "bison", "--table", "ftp://x"],
     "error: the table URL must be an http:// or https:// URL, got 'ftp://x'"),
])
def test_bad_arguments_exit_2_with_one_line(argv, message, capsys, tmp_path):
    with pytest.raises(SystemExit) as exit_info:
        code = main([*argv, "--out", str(tmp_path / "x.pdf")])
        raise SystemExit(code)
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith(message)
    assert not (tmp_path / "x.pdf").exists()
