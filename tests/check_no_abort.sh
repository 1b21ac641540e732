#!/bin/bash
# One failure policy (DESIGN.md): allocation failure logs (base/log.h log_error) and returns
# NULL/false so the caller can take another path; programmer errors assert. No file under src/
# may call abort(). Usage: check_no_abort.sh SOURCE_DIR
set -u
root=${1:?usage: check_no_abort.sh SOURCE_DIR}
re='(^|[^[:alnum:]_])abort[[:space:]]*\('

# the pattern itself must catch a call and let names that only end in "abort" through
for bad in 'if (!p) abort();' 'abort ();' '    x = y; abort();' '{abort();}'; do
    grep -qE "$re" <<<"$bad" || { echo "check_no_abort: pattern misses '$bad'"; exit 1; }
done
for ok in 'script_abort(s);' 'bool should_abort = true;' 'g_abort_count++;' 'on_abort (x);'; do
    grep -qE "$re" <<<"$ok" && { echo "check_no_abort: pattern too wide ('$ok')"; exit 1; }
done

[ -d "$root/src" ] || { echo "check_no_abort: no $root/src"; exit 1; }
hits=$(grep -rnE --include='*.c' --include='*.h' --include='*.cpp' "$re" "$root/src")
if [ -n "$hits" ]; then
    echo "abort() in src/ (log_error and return NULL/false; assert for programmer errors):"
    echo "$hits"
    exit 1
fi
echo "check_no_abort: no abort() in src/"
