"""Chat lines lose control and invisible characters (and terminal escapes), and are one line;
nicknames holding such characters are refused."""

from __future__ import annotations

import pytest

from saboteur.server.names import check_name
from saboteur.server.text import clean_line
from tests.server.helpers import LiveServer, clients

BIDI = [chr(c) for c in (*range(0x202A, 0x202F), *range(0x2066, 0x206A))]
ZERO_WIDTH = ["\u200b", "\u200c", "\u200d", "\u2060", "\ufeff"]
CONTROLS = ["\x00", "\x07", "\x08", "\x7f", "\x90", "\u00ad", "\U000e0041"]
HIDDEN = BIDI + ZERO_WIDTH + CONTROLS
ESCAPES = [
    "\x1b[31m",
    "\x1b[2J\x1b[H",
    "\x1b]0;title\x07",
    "\x1b]8;;http://x\x1b\\",
    "\x1bc",
    "\x9b1m",
]


@pytest.mark.parametrize("char", HIDDEN, ids=[f"U+{ord(c):04X}" for c in HIDDEN])
def test_hidden_characters_leave_a_chat_line_and_refuse_a_nickname(char: str) -> None:
    assert clean_line(f"gl{char}hf") == "glhf"
    assert clean_line(char * 3) == ""
    with pytest.raises(ValueError, match="control or invisible"):
        check_name(f"Bob{char}by")


@pytest.mark.parametrize("escape", ESCAPES, ids=repr)
def test_terminal_escape_sequences_go_whole(escape: str) -> None:
    assert clean_line(f"{escape}red{escape} alert{escape}") == "red alert"
    assert clean_line(f"red alert \x1b{escape}\x1b") == "red alert"  # and a lone ESC


@pytest.mark.parametrize("brk", ["\n", "\r\n", "\t", "\u2028", "\u2029", "\x85", "\v"], ids=repr)
def test_a_chat_line_is_one_line(brk: str) -> None:
    assert clean_line(f"one{brk}two") == "one two"


def test_what_shows_is_kept() -> None:
    line = "Glück auf! 李小龍 🙂 👍🏽 a\u0301 <b>x</b> \u00a0ok"
    assert clean_line(line) == line


@pytest.mark.anyio
async def test_the_server_cleans_chat_lines_and_refuses_invisible_ones(server: LiveServer) -> None:
    async with clients(server.ws, "Ann", "Bob") as [ann, bob]:
        text = "\x1b[31mhi\u202e\u200b Bob\nhow are\tyou"
        await ann.send({"type": "chat", "channel": "global", "text": text})
        assert (await bob.expect("chat"))["text"] == "hi Bob how are you"
        for text in ("\u200b", "\u202e\u2066\ufeff", "\x1b[2J", " \u200d\n"):
            error = await ann.error({"type": "chat", "channel": "global", "text": text, "id": 5})
            assert error["code"] == "empty" and "invisible" in error["message"], error
            assert error["ref"] == 5
        for name in ("Bob\u202eby", "Ann\u200b", "Tab\tby", "Line\nby"):
            error = await ann.error({"type": "rename", "name": name})
            assert error["code"] == "bad-name" and "invisible" in error["message"], (name, error)
        assert server.get("/api/online") == ["Ann", "Bob"]
