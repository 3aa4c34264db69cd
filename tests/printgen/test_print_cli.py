"""`campfire print`: writes the kit, a progress line per component, one-line errors, exit 2."""

from __future__ import annotations

import pytest

from campfire.cli import main


def test_print_writes_the_kit_and_reports_each_component(tmp_path, capsys):
    out = tmp_path / "kit.pdf"
    assert (
        main(
            [
                "print",
                "lion-square",
                "--lang",
                "ja",
                "--paper",
                "letter",
                "--duplex",
                "short",
                "--table",
                "https://x.example/t/1",
                "--out",
                str(out),
            ]
        )
        == 0
    )
    assert out.read_bytes().startswith(b"%PDF-")
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("らいおんスクエア: カード")
    assert lines[1].startswith("らいおんスクエア: 群れカード")
    assert lines[2].startswith("らいおんスクエア: ルール要約とプレイヤーエイド")
    assert lines[3].startswith(f"wrote {out}")


@pytest.mark.parametrize(
    ("options", "name"),
    [
        ([], "lion-square-en-a4.pdf"),
        (["--ink-saver"], "lion-square-en-a4-ink-saver.pdf"),
        (
            ["--duplex", "fold", "--lang", "ja", "--paper", "letter"],
            "lion-square-ja-letter-fold.pdf",
        ),
    ],
)
def test_default_output_path_names_the_variant(options, name, tmp_path, monkeypatch, capsys):
    # Printing the plain and the ink-saver kit one after the other keeps both files.
    monkeypatch.chdir(tmp_path)
    assert main(["print", "lion-square", *options]) == 0
    assert [p.name for p in (tmp_path / "output").iterdir()] == [name]
    assert capsys.readouterr().out.splitlines()[-1].startswith(f"wrote output/{name} (")


def test_progress_lines_count_pieces_sheets_and_pages(tmp_path, capsys):
    assert main(["print", "lion-square", "--out", str(tmp_path / "k.pdf")]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[:2] == [
        "Lion Square: cards (30 carnivores, 2 gazelles): 32 pieces on 4 sheets, pages 5–12",
        "Lion Square: herd cards: 4 pieces on 1 sheet, page 13",
    ]


def test_out_dash_writes_the_pdf_to_stdout_and_progress_to_stderr(capsysbinary):
    assert main(["print", "lion-square", "--out", "-"]) == 0
    captured = capsysbinary.readouterr()
    assert captured.out.startswith(b"%PDF-") and captured.out.rstrip().endswith(b"%%EOF")
    assert captured.err.decode().splitlines()[0].startswith("Lion Square: cards")


def test_an_unwritable_output_is_one_line_exit_2(tmp_path, capsys):
    assert main(["print", "lion-square", "--out", str(tmp_path)]) == 2  # a directory
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith(f"error: cannot write {tmp_path}: ")


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["print", "chess"], "error: argument GAME: invalid choice: 'chess'"),
        (["print", "bison", "--paper", "a3"], "error: argument --paper: invalid choice: 'a3'"),
        (
            ["print", "bison", "--table", "ftp://x"],
            "error: the table URL must be an http:// or https:// URL, got 'ftp://x'",
        ),
    ],
)
def test_bad_arguments_exit_2_with_one_line(argv, message, capsys, tmp_path):
    with pytest.raises(SystemExit) as exit_info:
        code = main([*argv, "--out", str(tmp_path / "x.pdf")])
        raise SystemExit(code)
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith(message)
    assert not (tmp_path / "x.pdf").exists()


def test_only_help_lists_the_component_ids(capsys):
    assert main(["print", "lion-square", "--only", "help"]) == 0
    assert capsys.readouterr().out.splitlines() == [
        "cover",
        "lion-square.cards",
        "lion-square.herds",
        "lion-square.rules",
    ]
    # The whole kit: A Dog's Life's city poster and every game's rules and aids too.
    assert main(["print", "dogs-life", "--only", "help"]) == 0
    ids = capsys.readouterr().out.splitlines()
    assert ids[-2:] == ["dogs-life.city", "dogs-life.rules"]


def test_only_copies_and_back_offset_print_a_part(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    assert (
        main(
            [
                "print",
                "dogs-life",
                "--only",
                "den-3,newspapers",
                "--copies",
                "2",
                "--back-offset",
                "0.5,-1",
            ]
        )
        == 0
    )
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == (
        "A Dog's Life: newspapers (address on the back): 24 pieces on 1 sheet, pages 1–2"
    )
    assert lines[1] == "A Dog's Life: den cards: 2 pieces on 1 sheet, page 3"
    assert lines[2].startswith("wrote output/dogs-life-en-a4-den-3+newspapers.pdf (")


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (
            ["--only", "dice"],
            "error: unknown component 'dice' for lion-square: expected one of "
            "cover, lion-square.cards, lion-square.herds, lion-square.rules (or a "
            "piece id)",
        ),
        (["--copies", "0"], "error: copies must be a whole number (1–20), not 0"),
        (["--copies", "two"], "error: argument --copies: invalid int value: 'two'"),
        (["--back-offset", "1"], "error: back offset '1' must be two numbers in mm, X,Y"),
        (["--back-offset", "0,-12"], "error: back offset '0,-12' must be within ±10 mm"),
        (["--players", "Ann"], "error: --players takes NAME:COLOUR[,NAME:COLOUR…], got 'Ann'"),
        (
            ["--players", "Ann:pink,Ben:red,Cho:blue"],
            "error: player 1: colour must be one of red, blue,",
        ),
        (["--players", "Ann:red,Ben:red,Cho:blue"], "error: two players cannot share a colour"),
    ],
)
def test_bad_print_choices_exit_2_with_one_line(argv, message, capsys, tmp_path):
    with pytest.raises(SystemExit) as exit_info:
        raise SystemExit(main(["print", "lion-square", *argv, "--out", str(tmp_path / "x.pdf")]))
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith(message)
    assert not (tmp_path / "x.pdf").exists()


def test_players_print_each_seats_name_on_its_board(tmp_path, capsys):
    # Issue 24: the CLI prints for a table as the companion's "Print kit" does.
    from pdfcheck import reader

    out = tmp_path / "boards.pdf"
    argv = ["print", "bison", "--players", "Ann:red,Ben:blue", "--only", "board-red"]
    assert main([*argv, "--duplex", "fold", "--out", str(out)]) == 0
    (page,) = reader(out.read_bytes()).pages
    assert "Ann · Seat 1" in page.extract_text()
