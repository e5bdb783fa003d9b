#!/usr/bin/env bash
# Known answers of the stream benchmarks over Kafka, against `tare stream broker` (the mock
# cluster, on loopback): timing claims, so a bench script rather than a test (a loaded
# machine can break them; run it on a quiet one).
#  1. The model SUT at 200 µs per event (capacity 5,000/s) over Kafka: the sustainable
#     search's interval must contain 5,000/s.
#  2. The Kafka path's ceiling: the model SUT without a per-event cost (identity) at
#     200,000/s must be sustainable, complete, with the driver's lateness p99 under 1 ms.
# Prints each figure and PASS or FAIL; exits 1 when one failed.
# Usage: bench/kafka_known_answers.sh BUILD_DIR [TRIAL] [REPEATS]
set -euo pipefail
build=${1:?usage: kafka_known_answers.sh BUILD_DIR [TRIAL] [REPEATS]}
trial=${2:-5s}
repeats=${3:-3}
tare=$build/tools/tare
scratch=$(mktemp -d)
broker_pid=
cleanup() { [[ -n $broker_pid ]] && kill "$broker_pid" 2>/dev/null; rm -rf "$scratch"; }
trap cleanup EXIT

# A fresh mock cluster with the two topics; its bootstrap address is its first line.
start_broker() {
  [[ -n $broker_pid ]] && kill "$broker_pid" 2>/dev/null && wait "$broker_pid" 2>/dev/null || true
  "$tare" stream broker --partitions 2 --topic events --topic outputs > "$scratch/broker" &
  broker_pid=$!
  for _ in $(seq 100); do [[ -s $scratch/broker ]] && break; sleep 0.1; done
  bootstrap=$(head -1 "$scratch/broker")
  [[ -n $bootstrap ]] || { echo "the broker did not start" >&2; exit 1; }
}

json() { python3 -c "import json,sys; j=json.load(open(sys.argv[1])); print(eval(sys.argv[2]))" "$@"; }
failed=0
verdict() { if [[ $1 == True ]]; then echo "  PASS"; else echo "  FAIL"; failed=1; fi; }

kafka=(--in-topic events --out-topic outputs --group model)

start_broker
echo "1. model SUT at 200us/event over Kafka: sustainable throughput (trials of $trial, $repeats searches)"
"$tare" stream sustainable --kafka "$bootstrap" "${kafka[@]}" --sut-cost 200us --probe 10k --trial "$trial" \
  --repeats "$repeats" --json "$scratch/sustainable.json" > "$scratch/sustainable.out" 2>&1 || true
tail -4 "$scratch/sustainable.out"
low=$(json "$scratch/sustainable.json" "j['result'].get('ci_low')")
high=$(json "$scratch/sustainable.json" "j['result'].get('ci_high')")
echo "  interval $low .. $high events/s, expected to contain 5000"
verdict "$(json "$scratch/sustainable.json" "(j['result'].get('ci_low') or 1e18) <= 5000 <= (j['result'].get('ci_high') or 0)")"

start_broker
echo "2. the Kafka path's ceiling: identity at 200,000/s for $trial"
"$tare" stream run --kafka "$bootstrap" "${kafka[@]}" --query identity --rate 200k --duration "$trial" --quiet \
  --json "$scratch/ceiling.json" > "$scratch/ceiling.out" 2>&1 || true
grep -E "offered|lateness:|event-time|verdict|held by" "$scratch/ceiling.out" || cat "$scratch/ceiling.out"
echo "  verdict $(json "$scratch/ceiling.json" "j['verdict']"), complete $(json "$scratch/ceiling.json" "j['complete']"), lateness p99 $(json "$scratch/ceiling.json" "j['lateness_ns']['p99']") ns"
verdict "$(json "$scratch/ceiling.json" "j['verdict'] == 'sustainable' and j['complete'] and j['lateness_ns']['p99'] < 1e6")"
exit $failed
