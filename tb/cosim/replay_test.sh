#!/bin/sh
# tsu regress --dump-stimulus and tsu replay (CTest cosim.dump_and_replay): a run's record replays
# with the same verdict on the RTL (other timing: another seed) and on the model behind its
# shim; a record whose expected response was changed fails at that transaction; malformed
# records and records for another configuration are usage errors (exit 2, one line).
# Usage: replay_test.sh TSU WORKDIR
set -u
tsu=$1
dir=$2
rm -rf "$dir" && mkdir -p "$dir" || exit 1
fail() { echo "FAIL: $*"; exit 1; }

"$tsu" regress -q --seed 4 --ops 20000 --dump-stimulus "$dir/run.jsonl" --artifacts "$dir/a" \
  > "$dir/run.txt" 2>&1 || fail "the recorded run failed: $(tail -3 "$dir/run.txt")"
grep -q '^PASS' "$dir/run.txt" || fail "the recorded run did not pass"
head -1 "$dir/run.jsonl" | grep -q '"format":"tsu-stimulus","version":1' || fail "no versioned header"
n=$(grep -c '"txn":' "$dir/run.jsonl")
[ "$n" -eq 20000 ] || fail "the record holds $n requests, not 20000"

for how in "--seed 9" "--unit model --seed 2"; do
  # shellcheck disable=SC2086
  "$tsu" replay "$dir/run.jsonl" -q $how --artifacts "$dir/a" > "$dir/replay.txt" 2>&1 ||
    fail "replay $how: $(tail -4 "$dir/replay.txt")"
  grep -q '| all | 20000 | 0 |' "$dir/replay.txt" || fail "replay $how did not check 20000 requests"
done

# A changed expectation: request 1234's trap becomes another cause.
sed '/^{"txn":1234,/s/"trap":"[a-z_]*"/"trap":"invalid_handle"/;/^{"txn":1234,/s/"trap":"invalid_handle","count"/"trap":"illegal_instruction","count"/' \
  "$dir/run.jsonl" > "$dir/changed.jsonl"
cmp -s "$dir/run.jsonl" "$dir/changed.jsonl" && fail "the edit changed nothing"
"$tsu" replay "$dir/changed.jsonl" -q --unit model --artifacts "$dir/a" > "$dir/changed.txt" 2>&1
rc=$?
[ $rc -eq 1 ] || fail "a changed expectation: exit $rc, not 1"
grep -q "transaction #1234 .*differs from the record's" "$dir/changed.txt" || fail "no report of #1234: $(grep FAIL "$dir/changed.txt")"

# Malformed records: exit 2 with one line naming the line.
head -1 "$dir/run.jsonl" > "$dir/h"
bad() {  # name, file
  "$tsu" replay "$2" -q > "$dir/bad.txt" 2>&1
  rc=$?
  [ $rc -eq 2 ] || fail "$1: exit $rc, not 2"
  [ "$(grep -c error "$dir/bad.txt")" -eq 1 ] || fail "$1: not one error line: $(cat "$dir/bad.txt")"
}
: > "$dir/empty.jsonl"; bad "an empty file" "$dir/empty.jsonl"
echo '{"format":"something-else"}' > "$dir/foreign.jsonl"; bad "a foreign file" "$dir/foreign.jsonl"
sed 's/"version":1/"version":7/' "$dir/h" > "$dir/v7.jsonl"; bad "version 7" "$dir/v7.jsonl"
cp "$dir/h" "$dir/noreq.jsonl"; bad "no requests" "$dir/noreq.jsonl"
{ cat "$dir/h"; sed -n '2p' "$dir/run.jsonl" | cut -c1-40; } > "$dir/cut.jsonl"; bad "a cut line" "$dir/cut.jsonl"
{ cat "$dir/h"; echo '{"mem":"0x100","bytes":"abc"}'; } > "$dir/odd.jsonl"; bad "odd hex" "$dir/odd.jsonl"
{ cat "$dir/h"; echo '{"bind":"surface"}'; } > "$dir/nohandle.jsonl"; bad "a missing field" "$dir/nohandle.jsonl"
{ cat "$dir/h"; echo '{"cfg":"reboot","data":"0x0"}'; } > "$dir/cfg.jsonl"; bad "an unknown command" "$dir/cfg.jsonl"
{ cat "$dir/h"; echo '{"what":1}'; } > "$dir/event.jsonl"; bad "an unknown event" "$dir/event.jsonl"
{ cat "$dir/h"; grep -m1 '"txn":' "$dir/run.jsonl" | sed 's/"geom":"[a-z0-9]*"/"geom":"5d"/'; } > "$dir/geom.jsonl"
bad "an unknown geometry" "$dir/geom.jsonl"
# The default unit's traits without .grad: no configuration has them.
sed '1s/"grad":true/"grad":false/' "$dir/run.jsonl" > "$dir/texrec.jsonl"
cmp -s "$dir/run.jsonl" "$dir/texrec.jsonl" && fail "the traits edit changed nothing"
bad "traits of no configuration named" "$dir/texrec.jsonl"
"$tsu" replay "$dir/nonexistent.jsonl" -q > "$dir/bad.txt" 2>&1; [ $? -eq 2 ] || fail "a missing file: not exit 2"
echo "PASS: 20000 recorded requests replayed on the RTL and the model; a changed expectation caught; 13 bad inputs exit 2"
