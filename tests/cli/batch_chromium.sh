#!/usr/bin/env bash
# batch_chromium.sh MIPSGRADE PROJECT_DIR: the report page of a batch
# (--html, issue 34) as a browser shows it, opened from disk with the
# network closed: headless Chromium (Debian's chromium, which
# scripts/setup-deps.sh and .ci/run install) takes a screenshot, whose size
# and pixels batch_page.py checks: not blank, the histogram's and the bars'
# colours drawn; then clicks a column's title and checks the table sorts. A Chromium that is missing or cannot start FAILS this
# test: it is never skipped. BATCH_PNG=FILE keeps the screenshot (the
# README's picture, docs/batch-report.png, was made so).
mipsgrade=$1 project=$2 name=batch_chromium tool=$1
here=$(cd "$(dirname "$0")" && pwd)
source "$here/cli_lib.sh"

ref=$project/reference-asm/mips/hw4.asm
mkdir -p "$tmp/subs" "$tmp/reports"
echo "$ref" > "$tmp/list"
for v in turn_wall_moves init_health_tens no_get_cell attack_door_hurts; do
    sed -e "$(grep -v '^#' "$project/tests/grader/broken/$v.sed")" "$ref" > "$tmp/subs/$v.asm"
    echo "$tmp/subs/$v.asm" >> "$tmp/list"
done
echo "$project/tests/hostile/grader/not_assembling.asm" >> "$tmp/list"
expect "a batch with its page" 0 -- hw4 --list "$tmp/list" --seed 1 --csv "$tmp/scores.csv" \
    --reports "$tmp/reports" --html "$tmp/page.html" --quiet

browser=$(command -v chromium || command -v chromium-browser)
if [[ -z $browser ]]; then
    fail "no chromium: scripts/setup-deps.sh installs it (apt-get install chromium)"
    exit 1
fi
# --no-sandbox: CI runs as root, where Chromium's sandbox will not start.
# Every host name resolves to nothing: the page must need no network.
width=800 height=1000
timeout 60 "$browser" --headless --no-sandbox --disable-gpu --hide-scrollbars --no-first-run \
    --user-data-dir="$tmp/profile" --host-resolver-rules='MAP * ~NOTFOUND' \
    --window-size=$width,$height --screenshot="$tmp/shot.png" "file://$tmp/page.html" \
    > "$tmp/chromium.log" 2>&1
status=$?
if [[ $status == 0 && -s $tmp/shot.png ]]; then pass "chromium took a screenshot"
else fail "chromium could not start or take a screenshot (exit $status):"; tail -20 "$tmp/chromium.log"
    exit 1; fi
if python3 "$here/batch_page.py" png "$tmp/shot.png" $width $height > "$tmp/check" 2>&1; then
    pass "the screenshot: $(cat "$tmp/check")"
else fail "the screenshot: $(cat "$tmp/check")"; fi
[[ -n ${BATCH_PNG:-} ]] && cp "$tmp/shot.png" "$BATCH_PNG"

# The table sorts in the browser: a copy of the page clicks the "total"
# column's title twice, as a TA would, and leaves the rows' totals after
# each click in an attribute; --dump-dom prints the page after its scripts.
sed 's|</body>|<script>\
var th = document.querySelectorAll("#students th")[2], order = [];\
function totals() { return Array.prototype.map.call(document.querySelectorAll("#students tbody tr"),\
  function (r) { return r.cells[2].getAttribute("data-v"); }); }\
order.push(totals()); th.click(); order.push(totals()); th.click(); order.push(totals());\
document.body.setAttribute("data-orders", JSON.stringify(order));\
</script></body>|' "$tmp/page.html" > "$tmp/sorting.html"
timeout 60 "$browser" --headless --no-sandbox --disable-gpu --no-first-run \
    --user-data-dir="$tmp/profile" --host-resolver-rules='MAP * ~NOTFOUND' \
    --dump-dom "file://$tmp/sorting.html" > "$tmp/dom.html" 2> "$tmp/chromium.log"
if python3 - "$tmp/dom.html" > "$tmp/check" 2>&1 << 'EOF'
import html, json, re, sys
found = re.search(r'data-orders="([^"]*)"', open(sys.argv[1]).read())
assert found, "the page's script did not run: no data-orders"
given, up, down = ([float(v) for v in o] for o in json.loads(html.unescape(found.group(1))))
assert given != sorted(given), "the batch's rows came sorted: the test proves nothing"
assert up == sorted(given), f"one click: {up}, not ascending"
assert down == sorted(given, reverse=True), f"two clicks: {down}, not descending"
print(f"{len(up)} rows sorted up, then down")
EOF
then pass "clicking a column's title sorts the table: $(cat "$tmp/check")"
else fail "sorting in the browser: $(cat "$tmp/check")"; tail -5 "$tmp/chromium.log"; fi
exit $failed
