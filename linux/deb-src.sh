#!/usr/bin/env bash
# Derives deb-src entries from the machine's own apt sources, so that `apt-get source` uses
# whatever mirror and suites the machine already uses (no host is named in this repository).
#   linux/deb-src.sh [APT_ETC] OUT_DIR
# APT_ETC (default /etc/apt): every "deb" line of sources.list and sources.list.d/*.list becomes a
# "deb-src" line of OUT_DIR/sources.list (options such as [signed-by=...] kept); every deb822
# stanza of sources.list.d/*.sources whose Types include "deb" is copied to
# OUT_DIR/sources.list.d/ with "Types: deb-src". Files with other names (disabled ones) are
# skipped, as apt skips them. Exits 1 if no entry was found.
set -eu
if [ $# -eq 1 ]; then etc=/etc/apt out=$1; else etc=$1 out=$2; fi
mkdir -p "$out/sources.list.d"
: >"$out/sources.list"
rm -f "$out/sources.list.d/"*.sources
for f in "$etc/sources.list" "$etc"/sources.list.d/*.list; do
	[ -f "$f" ] || continue
	sed -n 's/^[[:space:]]*deb[[:space:]]\{1,\}/deb-src /p' "$f" >>"$out/sources.list"
done
for f in "$etc"/sources.list.d/*.sources; do
	[ -f "$f" ] || continue
	# One stanza at a time (blank-line separated); comments dropped.
	awk '
		function flush() { if (n && deb) { printf "%s", (printed++ ? "\n" : ""); for (i = 1; i <= n; i++) print line[i] } n = 0; deb = 0 }
		/^[[:space:]]*#/ { next }
		/^[[:space:]]*$/ { flush(); next }
		/^Types:/ { for (i = 2; i <= NF; i++) if ($i == "deb") deb = 1; line[++n] = "Types: deb-src"; next }
		{ line[++n] = $0 }
		END { flush() }
	' "$f" >"$out/sources.list.d/$(basename "$f")"
	[ -s "$out/sources.list.d/$(basename "$f")" ] || rm -f "$out/sources.list.d/$(basename "$f")"
done
if [ ! -s "$out/sources.list" ] && [ -z "$(ls "$out/sources.list.d")" ]; then
	echo "deb-src.sh: no deb entries in $etc/sources.list or $etc/sources.list.d" >&2
	exit 1
fi
