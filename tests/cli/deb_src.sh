#!/usr/bin/env bash
# linux/deb-src.sh: deb-src entries derived from an apt configuration (one-line and deb822
# forms, options kept, disabled files and non-deb stanzas skipped), so that linux/build.sh names
# no package mirror itself.
# shellcheck source=tests/cli/lib.sh
source "$(dirname "$0")/lib.sh"

etc=$TMP/etc out=$TMP/apt
mkdir -p "$etc/sources.list.d"
cat >"$etc/sources.list" <<'X'
# a comment
deb [signed-by=/k.gpg] http://mirror.example/debian bookworm main contrib
deb-src http://mirror.example/debian bookworm main
X
echo "deb http://other.example/x stable main" >"$etc/sources.list.d/other.list"
echo "deb http://disabled.example/x stable main" >"$etc/sources.list.d/off.list.disabled"
cat >"$etc/sources.list.d/debian.sources" <<'X'
Types: deb
# a comment
URIs: http://m.example/debian
Suites: bookworm bookworm-updates
Components: main
Signed-By: /usr/share/keyrings/k.gpg

Types: deb-src
URIs: http://src-only.example/debian
Suites: bookworm
Components: main
X
bash linux/deb-src.sh "$etc" "$out"
check_eq "deb-src.sh: status" "$?" 0
check_eq "deb-src.sh: one-line sources" "$(cat "$out/sources.list")" \
  "deb-src [signed-by=/k.gpg] http://mirror.example/debian bookworm main contrib
deb-src http://other.example/x stable main"
check_eq "deb-src.sh: deb822 sources" "$(cat "$out/sources.list.d/debian.sources")" \
  "Types: deb-src
URIs: http://m.example/debian
Suites: bookworm bookworm-updates
Components: main
Signed-By: /usr/share/keyrings/k.gpg"
rm -rf "$etc" "$out"
mkdir -p "$etc/sources.list.d"
bash linux/deb-src.sh "$etc" "$out" 2>"$TMP/err"
check_eq "deb-src.sh: no sources: status 1 and a message" "$?:$(grep -c 'no deb entries' "$TMP/err")" "1:1"
# linux/build.sh names no mirror host of its own.
check_eq "linux/build.sh names no host" "$(grep -Ec 'https?://' linux/build.sh)" 0
