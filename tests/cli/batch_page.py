#!/usr/bin/env python3
"""batch_page.py: checks a batch's outputs against each other (batch_report.sh,
batch_chromium.sh).

  batch_page.py csv CSV SUMMARY      each row's part columns add up to its total;
                                     the summary's counts are the CSV's
  batch_page.py page PAGE CSV        the report page: well-formed XML (a strict
                                     parser), no element or attribute but the
                                     page's own, every row of the CSV, the
                                     histogram's heights and the parts' widths
                                     in proportion to the CSV's counts
  batch_page.py png PNG WIDTH HEIGHT a screenshot of that size, not blank, with
                                     the plots' colours in it

Part maxima are the highest score in each column: batches hold a submission
with full marks. A part worth no points (the LC-3 Nim's checks) has no count
the CSV could tell: its counts are not compared. Exit 1 with the reason on a
failure."""
import csv
import re
import struct
import sys
import xml.etree.ElementTree as ET
import zlib

XHTML = '{http://www.w3.org/1999/xhtml}'
SVG = '{http://www.w3.org/2000/svg}'


def fail(why):
    print('batch_page.py: ' + why)
    sys.exit(1)


def read_csv(path):
    with open(path, newline='', encoding='utf-8', errors='surrogateescape') as f:
        rows = list(csv.reader(f))
    head, body = rows[0], rows[1:]
    first = 5 if 'report' in head[:5] else 4
    parts = head[first:]
    return head, body, first, parts


def part_counts(body, first, parts):
    """Per part: (full, partial, zero) over the graded rows."""
    graded = [r for r in body if r[3] == 'graded']
    tops = [max(float(r[first + p]) for r in graded) for p in range(len(parts))] if graded else []
    counts = []
    for p in range(len(parts)):
        scores = [float(r[first + p]) for r in graded]
        if tops[p] == 0:
            counts.append(None)
            continue
        full = sum(1 for s in scores if abs(s - tops[p]) < 0.005 and tops[p] > 0)
        zero = sum(1 for s in scores if s < 0.005 and tops[p] > 0)
        counts.append((full, len(scores) - full - zero, zero))
    return graded, counts


def check_csv(csv_path, summary_path):
    head, body, first, parts = read_csv(csv_path)
    for r in body:
        if len(r) != len(head):
            fail('a row of %d fields under a header of %d: %r' % (len(r), len(head), r))
        if r[3] != 'graded':
            if r[1] != '' or any(r[first:]):
                fail('a row not graded with points: %r' % r)
            continue
        total = sum(float(x) for x in r[first:])
        if parts and abs(total - float(r[1])) > 0.006 * len(parts):
            fail('the parts of %r add up to %.2f' % (r[0], total))
    graded, counts = part_counts(body, first, parts)
    with open(summary_path, encoding='utf-8', errors='replace') as f:
        summary = f.read()
    m = re.search(r': (\d+) submissions?: (\d+) graded, (\d+) not graded', summary)
    if not m or (int(m[1]), int(m[2]), int(m[3])) != (len(body), len(graded), len(body) - len(graded)):
        fail('the summary\'s counts are not the CSV\'s (%d rows, %d graded):\n%s'
             % (len(body), len(graded), summary))
    reasons = {}
    for r in body:
        if r[3] != 'graded':
            reasons[r[3][len('error: '):]] = reasons.get(r[3][len('error: '):], 0) + 1
    for why, n in reasons.items():
        if '  not graded (%d): %s\n' % (n, why) not in summary:
            fail('the summary does not say "not graded (%d): %s"' % (n, why))
    for p, name in enumerate(parts):
        if counts[p] is None:
            continue
        want = '%d full, %d partial, %d zero' % counts[p]
        if not re.search(r'^  %s: *%s' % (re.escape(name), want), summary, re.M):
            fail('the summary does not say "%s: %s":\n%s' % (name, want, summary))
    print('ok   %d rows add up, the summary counts them' % len(body))


def text(e):
    return ''.join(e.itertext())


ELEMENTS = {'html', 'head', 'meta', 'title', 'style', 'script', 'body', 'h1', 'h2', 'p', 'span',
            'ul', 'li', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'a', 'svg', 'rect', 'text'}
ATTRIBUTES = {'lang', 'charset', 'id', 'class', 'href', 'onclick', 'width', 'height', 'x', 'y',
              'role', 'data-count', 'data-part', 'data-v'}


def check_page(page, csv_path):
    try:
        root = ET.parse(page).getroot()
    except ET.ParseError as e:
        fail('%s is not well-formed: %s' % (page, e))
    scripts = 0
    for e in root.iter():
        tag = e.tag.replace(XHTML, '').replace(SVG, '')
        if tag not in ELEMENTS:
            fail('an element the page does not make: %s' % e.tag)
        scripts += tag == 'script'
        for a, v in e.attrib.items():
            if a not in ATTRIBUTES:
                fail('an attribute the page does not make: %s="%s"' % (a, v))
            if a == 'onclick' and (tag != 'th' or v != 'sortBy(this)'):
                fail('an onclick of its own: %s' % v)
            if a == 'href' and (':' in v or v.startswith('//')):
                fail('a link off the page\'s folder tree: %s' % v)
    if scripts != 1:
        fail('%d script elements, expected the page\'s one' % scripts)
    for e in root.iter():
        if e.tag in (XHTML + 'link', XHTML + 'img', XHTML + 'iframe'):
            fail('the page loads something: %s' % e.tag)
    head, body, first, parts = read_csv(csv_path)
    graded, counts = part_counts(body, first, parts)
    table = [t for t in root.iter(XHTML + 'table') if t.get('id') == 'students'][0]
    titles = [text(th) for th in table.iter(XHTML + 'th')]
    if titles != ['#', 'submission', 'total', 'status'] + parts:
        fail('the table\'s columns: %r' % titles)
    rows = [tr for tr in table.iter(XHTML + 'tr') if tr.get('class') == 'student']
    if len(rows) != len(body):
        fail('%d rows in the table, %d in the CSV' % (len(rows), len(body)))
    for i, (tr, r) in enumerate(zip(rows, body)):
        cells = [text(td) for td in tr.iter(XHTML + 'td')]
        plain = r[0].isprintable() and r[0].encode('utf-8', 'surrogateescape').decode('utf-8', 'replace') == r[0]
        if cells[0] != str(i + 1) or (plain and cells[1] != r[0]) or cells[2] != r[1] \
                or cells[3] != r[3] or cells[4:] != r[first:]:
            fail('row %d of the table %r is not the CSV\'s %r' % (i + 1, cells, r))
    bins = [e for e in root.iter(SVG + 'rect') if e.get('class') == 'bin']
    top = max(float(r[2]) for r in body)
    want = [0] * 10
    for r in graded:
        want[min(9, max(0, int(float(r[1]) / top * 10 + 1e-9)))] += 1
    got = [int(b.get('data-count')) for b in bins]
    if got != want:
        fail('the histogram counts %r, the CSV %r' % (got, want))
    scale = 180.0 / max(1, max(got))
    for b in bins:
        if abs(float(b.get('height')) - int(b.get('data-count')) * scale) > 0.01:
            fail('a bar of %s is %s high, not in proportion' % (b.get('data-count'), b.get('height')))
    for p in range(len(parts)):
        bars = [e for e in root.iter(SVG + 'rect') if e.get('data-part') == str(p)]
        got = tuple(int(b.get('data-count')) for b in bars)
        if counts[p] is not None and got != counts[p] or [b.get('class') for b in bars] != ['full', 'partial', 'zero']:
            fail('%s: the bar counts %r, the CSV %r' % (parts[p], got, counts[p]))
        for b in bars:
            if abs(float(b.get('width')) - int(b.get('data-count')) * 400.0 / sum(got)) > 0.01:
                fail('%s: a bar of %s is %s wide' % (parts[p], b.get('data-count'), b.get('width')))
    print('ok   the page parses; %d rows, %d bins and %d part bars match the CSV'
          % (len(rows), len(bins), len(parts)))


def png_pixels(path):
    data = open(path, 'rb').read()
    if data[:8] != b'\x89PNG\r\n\x1a\n':
        fail('%s is no PNG' % path)
    pos, idat, width = 8, b'', 0
    while pos < len(data):
        n, kind = struct.unpack('>I4s', data[pos:pos + 8])
        chunk = data[pos + 8:pos + 8 + n]
        if kind == b'IHDR':
            width, height, depth, colour = struct.unpack('>IIBB', chunk[:10])
            if depth != 8 or colour not in (2, 6):
                fail('a PNG of depth %d, colour type %d' % (depth, colour))
            bpp = 3 if colour == 2 else 4
        elif kind == b'IDAT':
            idat += chunk
        pos += 12 + n
    raw, stride = zlib.decompress(idat), width * bpp
    rows, prev = [], bytearray(stride)
    for y in range(height):
        f, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for x in range(stride):
            a = line[x - bpp] if x >= bpp else 0
            b, c = prev[x], prev[x - bpp] if x >= bpp else 0
            if f == 1:
                line[x] = (line[x] + a) & 255
            elif f == 2:
                line[x] = (line[x] + b) & 255
            elif f == 3:
                line[x] = (line[x] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(line)
        prev = line
    return width, height, bpp, rows


def check_png(path, width, height):
    w, h, bpp, rows = png_pixels(path)
    if (w, h) != (width, height):
        fail('the screenshot is %dx%d, expected %dx%d' % (w, h, width, height))
    ink, colours = 0, {'bin': 0, 'full': 0}
    for line in rows:
        for x in range(0, len(line), bpp):
            r, g, b = line[x], line[x + 1], line[x + 2]
            ink += (r, g, b) != (255, 255, 255)
            colours['bin'] += abs(r - 0x15) + abs(g - 0x65) + abs(b - 0xc0) < 30
            colours['full'] += abs(r - 0x2e) + abs(g - 0x7d) + abs(b - 0x32) < 30
    share = ink / (w * h)
    if share < 0.03:
        fail('the screenshot is blank: %.1f%% of its pixels are not white' % (100 * share))
    if min(colours.values()) < 200:
        fail('the plots are not drawn: %r pixels of their colours' % colours)
    print('ok   a %dx%d screenshot, %.1f%% not white, %d histogram and %d full-bar pixels'
          % (w, h, 100 * share, colours['bin'], colours['full']))


if __name__ == '__main__':
    if len(sys.argv) == 4 and sys.argv[1] == 'csv':
        check_csv(sys.argv[2], sys.argv[3])
    elif len(sys.argv) == 4 and sys.argv[1] == 'page':
        check_page(sys.argv[2], sys.argv[3])
    elif len(sys.argv) == 5 and sys.argv[1] == 'png':
        check_png(sys.argv[2], int(sys.argv[3]), int(sys.argv[4]))
    else:
        fail('usage: batch_page.py csv CSV SUMMARY | page PAGE CSV | png PNG WIDTH HEIGHT')
