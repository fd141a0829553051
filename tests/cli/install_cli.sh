#!/usr/bin/env bash
# install_cli.sh BUILD_DIR: `cmake --install` puts every command, the mars
# link, the man pages, the editors' grammars and the run-time data under a
# prefix; the tree still works after it is moved (nothing refers to the
# build or source tree); each man page renders without a warning and names
# every option its command's --help names; `cpack -G DEB` makes a package
# whose extracted commands run.
name=install_cli
tool=true
source "$(dirname "$0")/cli_lib.sh"
build=$1
commands="lc3as lc3sim lc3grade mipsas mipssim mars mipsgrade"

if cmake --install "$build" --prefix "$tmp/prefix" > "$tmp/install.log" 2>&1; then
    pass "cmake --install"
else
    fail "cmake --install"; cat "$tmp/install.log"; exit 1
fi
# Moved: the commands must find what they need from where they are now.
mv "$tmp/prefix" "$tmp/moved"
p=$tmp/moved
for c in $commands; do
    [[ -x $p/bin/$c ]] && pass "bin/$c installed" || fail "bin/$c missing"
    [[ -f $p/share/man/man1/$c.1 ]] && pass "man1/$c.1 installed" || fail "man1/$c.1 missing"
done
[[ $(readlink "$p/bin/mars") == mipssim ]] && pass "mars links to mipssim" ||
    fail "mars is not a link to mipssim"
[[ -f $p/share/asmtools/maps/map3.txt ]] && pass "maps installed" || fail "maps missing"
for g in mips lc3; do
    jq -e '.scopeName' "$p/share/asmtools/grammars/$g.tmLanguage.json" > /dev/null 2>&1 &&
        pass "the $g grammar installed" || fail "share/asmtools/grammars/$g.tmLanguage.json missing"
done

# The man pages: clean under groff's warnings, and in step with --help.
for c in $commands; do
    page=$p/share/man/man1/$c.1
    if groff -ww -z -man "$page" > "$tmp/groff" 2>&1 && [[ ! -s $tmp/groff ]]; then
        pass "$c.1 renders without warnings"
    else
        fail "$c.1: groff says:"; cat "$tmp/groff"
    fi
    # The page as text, with groff's hyphens and dashes made plain.
    groff -man -Tutf8 -P-c "$page" 2>/dev/null | sed -e 's/\x08.//g' -e 's/‐/-/g; s/−/-/g' > "$tmp/page"
    if [[ $c == mars ]]; then
        "$p/bin/mars" h > "$tmp/help" 2>&1
        # Words are the first field of the help's "word  -- meaning" lines.
        options=$(sed -n 's/^ *\([^ <]*\)\( *<[^>]*>\)* *-- .*/\1/p' "$tmp/help" | grep -v '^[$-]*$')
    else
        "$p/bin/$c" --help > "$tmp/help" 2>&1
        options=$(grep -oE '(^|[ ,\[])--?[a-z][a-z-]*' "$tmp/help" | sed 's/^[ ,[]//' | sort -u)
    fi
    missing=
    for o in $options; do
        grep -qF -- "$o" "$tmp/page" || missing="$missing $o"
    done
    [[ -z $missing ]] && pass "$c.1 names every option of its help" ||
        fail "$c.1 does not name:$missing"
done

# The moved commands run programs.
printf '\t.text\n\tli $v0, 1\n\tli $a0, 42\n\tsyscall\n' > "$tmp/p.asm"
[[ $("$p/bin/mipssim" "$tmp/p.asm") == 42 ]] && pass "moved mipssim runs" || fail "moved mipssim"
[[ $("$p/bin/mars" nc "$tmp/p.asm") == 42 ]] && pass "moved mars runs" || fail "moved mars"
printf '.ORIG x3000\nLEA R0, S\nPUTS\nHALT\nS .STRINGZ "hi"\n.END\n' > "$tmp/l.asm"
"$p/bin/lc3sim" "$tmp/l.asm" > "$tmp/lout" 2>/dev/null
grep -q '^hi' "$tmp/lout" && pass "moved lc3sim runs" || fail "moved lc3sim"
"$p/bin/lc3as" "$tmp/l.asm" && [[ -s $tmp/l.obj ]] && pass "moved lc3as" || fail "moved lc3as"
"$p/bin/mipsas" "$tmp/p.asm" && pass "moved mipsas" || fail "moved mipsas"
# A program that is no Nim is graded (exit 0), and loses points.
"$p/bin/lc3grade" nim "$tmp/l.asm" > "$tmp/gout" 2>&1; status=$?
[[ $status == 0 ]] && grep -q '^Total: .* / 100' "$tmp/gout" && ! grep -q '^Total: 100' "$tmp/gout" &&
    pass "moved lc3grade grades" || { fail "moved lc3grade (status $status)"; head -20 "$tmp/gout"; }

# The Debian package: built by cpack from the same install rules, extracted
# into a scratch root, its commands run.
if command -v dpkg-deb > /dev/null; then
    (cd "$tmp" && cpack -G DEB --config "$build/CPackConfig.cmake" -B "$tmp/pkg") \
        > "$tmp/cpack.log" 2>&1
    deb=$(ls "$tmp"/pkg/*.deb 2>/dev/null | head -1)
    if [[ -n $deb ]] && dpkg-deb -x "$deb" "$tmp/root"; then
        pass "cpack -G DEB, dpkg-deb -x"
        for c in lc3as lc3sim lc3grade mipsas mipssim mipsgrade; do
            "$tmp/root/usr/bin/$c" --help > /dev/null 2>&1 && pass "packaged $c --help" ||
                fail "packaged $c --help"
        done
        [[ $("$tmp/root/usr/bin/mars" nc "$tmp/p.asm") == 42 ]] && pass "packaged mars runs" ||
            fail "packaged mars"
        [[ -f $tmp/root/usr/share/man/man1/mipssim.1 ]] && pass "packaged man pages" ||
            fail "packaged man pages"
    else
        fail "cpack -G DEB"; cat "$tmp/cpack.log"
    fi
else
    echo "skip the package: no dpkg-deb"
fi
exit $failed
