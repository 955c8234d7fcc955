#!/bin/bash
# Compile-check every fixture under dev/ and holdout/ (syntax/type check only, nothing is linked or run).
# usage: bash check.sh            (from any directory)
set -u
here="$(cd "$(dirname "$0")" && pwd)"
fail=0; n=0
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
while IFS= read -r -d '' f; do
  n=$((n + 1))
  case "$f" in
    *.c)   gcc -std=c11 -D_GNU_SOURCE -Wall -pthread -c "$f" -o /dev/null 2>"$tmp/err" ;;
    *.cpp) g++ -std=c++17 -Wall -pthread -c "$f" -o /dev/null 2>"$tmp/err" ;;
    *.rs)  if grep -q '^fn main' "$f"; then ct=bin; else ct=lib; fi
           rustc --edition 2021 --crate-type "$ct" --emit=metadata -o "$tmp/x.rmeta" "$f" 2>"$tmp/err" ;;
  esac
  if [ $? -ne 0 ]; then echo "FAIL $f"; cat "$tmp/err"; fail=$((fail + 1)); fi
done < <(find "$here/dev" "$here/holdout" -type f \( -name '*.c' -o -name '*.cpp' -o -name '*.rs' \) -print0 | sort -z)
echo "checked $n files, $fail failed"
[ "$fail" -eq 0 ]
