#!/usr/bin/env python3
"""term_shot.py: a terminal's screen as a browser draws it, for a picture of
a game played in a terminal (tests/cli/mipssim_tmux.sh).

  term_shot.py html PANE        PANE (tmux capture-pane -p -e) as an HTML page
  term_shot.py size PANE        "WIDTH HEIGHT": the page's size in pixels
  term_shot.py check PNG PANE   the page's screenshot shows PANE's cells

Each cell is drawn CELL_W x CELL_H pixels; a half block (U+2580, U+2584),
as mipssim draws a display, is two solid halves, so the screenshot holds
exactly the pixels the terminal lit and can be counted against the pane.
"""
import html
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from batch_page import fail, png_pixels  # noqa: E402

CELL_W, CELL_H = 10, 20
UPPER, LOWER = '\u2580', '\u2584'
SGR = re.compile(r'\x1b\[([0-9;]*)m')
DEFAULT_FG, DEFAULT_BG = (204, 204, 204), (0, 0, 0)


def cells(path):
    """Rows of (char, fg, bg) from a capture with colour escapes."""
    rows, fg, bg = [], DEFAULT_FG, DEFAULT_BG
    # tmux writes a colour where it changes, so one runs on across lines.
    for line in open(path, encoding='utf-8').read().split('\n'):
        row, pos = [], 0
        for m in list(SGR.finditer(line)) + [None]:
            end = m.start() if m else len(line)
            row += [(c, fg, bg) for c in line[pos:end]]
            if not m:
                break
            pos = m.end()
            codes = [int(c) for c in m.group(1).split(';') if c] or [0]
            i = 0
            while i < len(codes):
                c = codes[i]
                if c in (38, 48) and i + 4 < len(codes) and codes[i + 1] == 2:
                    rgb = tuple(codes[i + 2:i + 5])
                    fg, bg = (rgb, bg) if c == 38 else (fg, rgb)
                    i += 5
                    continue
                if c == 0:
                    fg, bg = DEFAULT_FG, DEFAULT_BG
                elif c == 39:
                    fg = DEFAULT_FG
                elif c == 49:
                    bg = DEFAULT_BG
                i += 1
        while row and row[-1][0] == ' ' and row[-1][2] == DEFAULT_BG:
            row.pop()  # blank to the right: not drawn
        rows.append(row)
    while rows and not rows[-1]:
        rows.pop()
    return rows


def size(rows):
    return max((len(r) for r in rows), default=0) * CELL_W, len(rows) * CELL_H


def css(rgb):
    return 'rgb(%d,%d,%d)' % rgb


def page(path):
    rows = cells(path)
    width = max((len(r) for r in rows), default=0)
    out = ['<!DOCTYPE html><html><head><meta charset="utf-8"><style>',
           'body{margin:0;background:%s}div{height:%dpx;white-space:nowrap}' % (css(DEFAULT_BG), CELL_H),
           'i{display:inline-block;vertical-align:top;width:%dpx;height:%dpx;overflow:hidden;'
           'font:normal %dpx/%dpx monospace;text-align:center}' % (CELL_W, CELL_H, CELL_H - 4, CELL_H),
           '</style></head><body>']
    for row in rows:
        out.append('<div>')
        for c, fg, bg in row + [(' ', DEFAULT_FG, DEFAULT_BG)] * (width - len(row)):
            if c in (UPPER, LOWER):
                top, bottom = (fg, bg) if c == UPPER else (bg, fg)
                out.append('<i style="background:linear-gradient(%s 0 50%%,%s 50%% 100%%)"></i>'
                           % (css(top), css(bottom)))
            else:
                out.append('<i style="color:%s;background:%s">%s</i>'
                           % (css(fg), css(bg), html.escape(c)))
        out.append('</div>')
    out.append('</body></html>')
    print(''.join(out))


def lit_halves(rows, rgb):
    """How many half cells of the pane are colour rgb."""
    n = 0
    for row in rows:
        for c, fg, bg in row:
            if c == UPPER or c == LOWER:
                n += (fg == rgb) + (bg == rgb)
            elif c == ' ':
                n += 2 * (bg == rgb)
    return n


def check(png, pane):
    rows = cells(pane)
    w, h, bpp, lines = png_pixels(png)
    if (w, h) != size(rows):
        fail('the screenshot is %dx%d, the pane %dx%d' % ((w, h) + size(rows)))
    counts = {}
    for line in lines:
        for x in range(0, len(line), bpp):
            rgb = (line[x], line[x + 1], line[x + 2])
            counts[rgb] = counts.get(rgb, 0) + 1
    colours = {(fg if c != ' ' else bg) for row in rows for c, fg, bg in row if c in (UPPER, LOWER, ' ')}
    colours |= {bg for row in rows for c, fg, bg in row if c in (UPPER, LOWER)}
    colours.discard(DEFAULT_BG)
    if not colours:
        fail('the pane has no coloured cells')
    for rgb in sorted(colours):
        want = lit_halves(rows, rgb) * CELL_W * CELL_H // 2
        got = counts.get(rgb, 0)
        if abs(got - want) > want // 20:
            fail('colour %r: %d pixels in the screenshot, %d in the pane' % (rgb, got, want))
    print('ok   a %dx%d screenshot with the pane\'s %d colours, each in its cells' % (w, h, len(colours)))


if __name__ == '__main__':
    if len(sys.argv) == 3 and sys.argv[1] == 'html':
        page(sys.argv[2])
    elif len(sys.argv) == 3 and sys.argv[1] == 'size':
        print('%d %d' % size(cells(sys.argv[2])))
    elif len(sys.argv) == 4 and sys.argv[1] == 'check':
        check(sys.argv[2], sys.argv[3])
    else:
        fail('usage: term_shot.py html PANE | size PANE | check PNG PANE')
