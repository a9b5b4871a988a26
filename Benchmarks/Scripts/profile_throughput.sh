#!/bin/bash
# Profiles one `partyload throughput --protocol-floor` run (1,000 games: the relay floor, then the
# protocol floor, then the games) and splits each measuring window by where the CPU goes per move
# (docs/PERFORMANCE.md, "Where a move's CPU goes"). Needs perf (Debian's linux-perf) and root (the
# run is inside Scripts/offline: loopback only).
#
#   Scripts/profile_throughput.sh .build/release/partyload NAME     # writes /tmp/NAME.{data,txt,out}
set -eu
binary=$1; name=$2
here=$(cd "$(dirname "$0")" && pwd)
"$here/../../Scripts/offline" perf record -e cpu-clock -F 999 -g -o "/tmp/$name.data" "$binary" throughput --games 1000 --seconds 10 --protocol-floor --time-limit 400 > "/tmp/$name.out" 2>&1
perf script -i "/tmp/$name.data" -F comm,tid,time,ip,sym,dso > "/tmp/$name.txt" 2>/dev/null
# Each floor's window ends with its last sample in its own code; the game's starts at the first in PartyServer.
read -r relayEnd protocolEnd gameStart <<< "$(python3 - "/tmp/$name.txt" <<'PY'
import re, sys
relay = protocol = first = t = None
for line in open(sys.argv[1], errors="replace"):
    if line and line[0] not in "\t \n":
        m = re.search(r"(\d+\.\d+):", line)
        t = float(m.group(1)) if m else t
    elif "RelayFloor" in line:
        relay = t
    elif "ProtocolFloor" in line:
        protocol = t
    elif "PartyServer" in line and first is None:
        first = t
print(relay, protocol, first)
PY
)"
relayRate=$(grep -oP 'no game\): \K[0-9]+' "/tmp/$name.out")
protocolRate=$(grep -oP 'no session\): \K[0-9]+' "/tmp/$name.out")
gameRate=$(grep -oP 'moves: [0-9]+ → \K[0-9]+' "/tmp/$name.out")
grep -E "floor|moves:|CPU" "/tmp/$name.out"
# A floor measures the 10 s before its end; the game's window starts after its 3 s warm-up and the seating.
echo "== relay floor ($relayRate moves/s)"
python3 "$here/throughput_split.py" "/tmp/$name.txt" "$(python3 -c "print($relayEnd - 11)")" "$(python3 -c "print($relayEnd - 1)")" "$relayRate"
echo "== protocol floor ($protocolRate moves/s)"
python3 "$here/throughput_split.py" "/tmp/$name.txt" "$(python3 -c "print($protocolEnd - 11)")" "$(python3 -c "print($protocolEnd - 1)")" "$protocolRate"
echo "== game ($gameRate moves/s)"
python3 "$here/throughput_split.py" "/tmp/$name.txt" "$(python3 -c "print($gameStart + 6)")" "$(python3 -c "print($gameStart + 16)")" "$gameRate"
