#!/usr/bin/env bash
# One shard of a `searchlab bench` suite per Slurm array task (docs/solver.md, "Batches").
#
#   sbatch --array=0-3 scripts/slurm_bench.sh             # 4 shards, one per task
#   sbatch --array=0-3 scripts/slurm_bench.sh             # again: resumes, skips what is done
#   cat results/shard-*.jsonl > results/all.jsonl          # then merge (prints, solves nothing):
#   searchlab bench korf50-24 --heuristic pdb-6-6-6-6 --time-limit 300 --resume results/all.jsonl
#
# Settings come from the environment (sbatch --export=SUITE=...,HEURISTIC=...):
#   SUITE (korf50-24 | korf100 | a file of boards), HEURISTIC, TIME_LIMIT (seconds per instance),
#   OUT (folder of the shards' files), SEARCHLAB (the binary).
#SBATCH --job-name=searchlab-bench
#SBATCH --cpus-per-task=2
#SBATCH --mem=4G
#SBATCH --time=12:00:00
#SBATCH --output=slurm-%A_%a.out
set -euo pipefail

suite=${SUITE:-korf50-24}
heuristic=${HEURISTIC:-pdb-6-6-6-6}
time_limit=${TIME_LIMIT:-300}
out=${OUT:-results}
searchlab=${SEARCHLAB:-searchlab}
k=${SLURM_ARRAY_TASK_ID:?run as a Slurm array task (sbatch --array=0-N)}
n=${SLURM_ARRAY_TASK_COUNT:?run as a Slurm array task (sbatch --array=0-N)}
mkdir -p "$out"

# K/N is 0-based, as Slurm numbers the tasks of --array=0-(N-1). Each finished instance is
# appended to the shard's JSON Lines file at once; a killed task loses only the ones in flight.
status=0
"$searchlab" bench "$suite" --heuristic "$heuristic" --shard "$k/$n" \
  --jobs "${SLURM_CPUS_PER_TASK:-1}" --time-limit "$time_limit" \
  --resume "$out/shard-$k.jsonl" --json > "$out/shard-$k.json" || status=$?
# 3 = some instance reached the time limit: the shard's results are complete, not an error.
if [ "$status" -ne 0 ] && [ "$status" -ne 3 ]; then
  exit "$status"
fi
