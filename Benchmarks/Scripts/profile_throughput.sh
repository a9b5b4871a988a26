#!/bin/bash
# Profiles one `partyload throughput` run (1,000 games, the relay floor first) and splits the
# floor's measuring window and the game's by where the CPU goes per move (docs/PERFORMANCE.md,
# "Tenth session"). Needs perf (Debian's linux-perf).
#
#   Scripts/profile_throughput.sh .build/release/partyload NAME     # writes /tmp/NAME.{data,txt,out}
set -eu
binary=$1; name=$2
here=$(cd "$(dirname "$0")" && pwd)
/work/shared/bin/offline perf record -e cpu-clock -F 999 -g -o "/tmp/$name.data" "$binary" throughput --games 1000 --seconds 10 --time-limit 280 > "/tmp/$name.out" 2>&1
perf script -i "/tmp/$name.data" -F comm,tid,time,ip,sym,dso > "/tmp/$name.txt" 2>/dev/null
# The floor's window ends with its last sample in RelayFloor; the game's starts at the first in PartyServer.
read -r floorEnd gameStart <<< "$(python3 - "/tmp/$name.txt" <<'PY'
import re, sys
last = first = t = None
for line in open(sys.argv[1], errors="replace"):
    if line and line[0] not in "\t \n":
        m = re.search(r"(\d+\.\d+):", line)
        t = float(m.group(1)) if m else t
    elif "RelayFloor" in line:
        last = t
    elif "PartyServer" in line and first is None:
        first = t
print(last, first)
PY
)"
floorRate=$(grep -oP 'no game\): \K[0-9]+' "/tmp/$name.out")
gameRate=$(grep -oP 'moves: [0-9]+ → \K[0-9]+' "/tmp/$name.out")
grep -E "relay floor|moves:|CPU" "/tmp/$name.out"
# The floor measures the 10 s before its end; the game's window starts after its 3 s warm-up and the seating.
echo "== relay floor ($floorRate moves/s)"
python3 "$here/throughput_split.py" "/tmp/$name.txt" "$(python3 -c "print($floorEnd - 11)")" "$(python3 -c "print($floorEnd - 1)")" "$floorRate"
echo "== game ($gameRate moves/s)"
python3 "$here/throughput_split.py" "/tmp/$name.txt" "$(python3 -c "print($gameStart + 6)")" "$(python3 -c "print($gameStart + 16)")" "$gameRate"
