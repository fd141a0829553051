#!/usr/bin/env bash
# batch_hostile.sh MIPSGRADE LC3GRADE PROJECT_DIR: a batch's summary and
# report page against hostile names and outputs (tests/hostile/batch):
# every byte from a submission escaped for where it goes.
mipsgrade=$1 lc3grade=$2 project=$3 name=batch_hostile tool=$1
here=$(cd "$(dirname "$0")" && pwd)
source "$here/cli_lib.sh"
hostile=$project/tests/hostile/batch

# clean WHAT FILE: no control byte but \n, valid UTF-8, no C1 control.
clean() {
    local bad
    bad=$(LC_ALL=C tr -d '\n\040-\176\200-\377' < "$2" | wc -c)
    if (( bad > 0 )); then fail "$1: $bad control bytes:"; LC_ALL=C cat -v "$2" | head -20
    elif ! iconv -f UTF-8 -t UTF-8 "$2" > /dev/null 2>&1; then fail "$1: not UTF-8"
    elif LC_ALL=C grep -qP '\xc2[\x80-\x9f]' "$2"; then fail "$1: a C1 control"
    else pass "$1: clean"; fi
}
# page WHAT PAGE CSV: well-formed, only its own elements, the markup as text.
page() {
    if python3 "$here/batch_page.py" page "$2" "$3" > "$tmp/check" 2>&1; then
        pass "$1: $(cat "$tmp/check")"; else fail "$1: $(cat "$tmp/check")"; fi
    clean "$1: the page" "$2"
    grep -qF '&lt;script&gt;alert(1)&lt;/script&gt;' "$2" && pass "$1: <script> shown as text" ||
        fail "$1: no escaped <script> in the page"
    grep -qF '\xff\xfe' "$2" && pass "$1: bytes not UTF-8 shown as \\xNN" ||
        fail "$1: no \\xff\\xfe in the page"
}

# Names: markup across a folder and its file, quotes, &, 0xff 0xfe, ESC.
names() {
    local dir=$1 from=$2
    mkdir -p "$dir/<script>alert(1)<" "$dir/a\" onmouseover=\"x"
    cp "$from" "$dir/<script>alert(1)</script>&\"q'.asm"
    cp "$from" "$dir/a\" onmouseover=\"x/x.asm"
    cp "$from" "$dir/"$'bytes\xff\xfe\e[31m.asm'
    printf '%s\n' "$dir/<script>alert(1)</script>&\"q'.asm" "$dir/a\" onmouseover=\"x/x.asm" \
        "$dir/"$'bytes\xff\xfe\e[31m.asm'
}

# ---- hw4: hostile names, one a file that does not assemble ----------------
mkdir -p "$tmp/hw4" "$tmp/hw4/reports"
{
    echo "$project/reference-asm/mips/hw4.asm"
    names "$tmp/hw4" "$project/tests/hostile/grader/not_assembling.asm"
} > "$tmp/hw4.list"
expect "hw4: hostile names" 0 -- hw4 --list "$tmp/hw4.list" --only get_cell --csv "$tmp/hw4.csv" \
    --reports "$tmp/hw4/reports" --html "$tmp/hw4.html"
clean "hw4: the summary" "$tmp/err"
page "hw4" "$tmp/hw4.html" "$tmp/hw4.csv"

# ---- the LC-3 Nim: hostile names and output --------------------------------
tool=$lc3grade
nim=$project/tests/grader/lc3-nim
mkdir -p "$tmp/nim"
sed -f "$hostile/nim_html.sed" "$nim/table_rows.asm" > "$tmp/nim/html.asm"
cmp -s "$tmp/nim/html.asm" "$nim/table_rows.asm" && fail "nim_html.sed changed nothing"
{
    echo "$nim/table_rows.asm"
    echo "$tmp/nim/html.asm"
    names "$tmp/nim" "$tmp/nim/html.asm"
} > "$tmp/nim.list"
expect "nim: hostile names and output" 0 -- nim --list "$tmp/nim.list" --csv "$tmp/nim.csv" \
    --html "$tmp/nim.html"
clean "nim: the summary" "$tmp/err"
grep -qF 'got "<script>alert(N)</script>&'"'"'\"\xff\xfe\x1b[N Play' "$tmp/err" &&
    pass "nim: the summary quotes the output, escaped" || { fail "nim: the summary:"; cat -v "$tmp/err"; }
page "nim" "$tmp/nim.html" "$tmp/nim.csv"
grep -qF 'got &quot;&lt;script&gt;alert(N)&lt;/script&gt;&amp;&#39;\&quot;\xff\xfe\x1b[N Play' \
    "$tmp/nim.html" && pass "nim: the page's findings quote the output, escaped" ||
    fail "nim: the output is not in the page's findings"
exit $failed
