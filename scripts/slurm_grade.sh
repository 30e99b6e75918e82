#!/usr/bin/env bash
# One shard of a class per Slurm array task (README, "Grading a whole class"), tasks numbered
# from 1 as `searchlab grade --shard K/N` numbers its shards:
#
#   sbatch --array=1-8 scripts/slurm_grade.sh       # 8 shards, one per task
#   sbatch --array=1-8 scripts/slurm_grade.sh       # again: resumes, grades only who is left
#   searchlab grade merge graded-part-*/ --out graded/    # when every task has ended
#
# Settings come from the environment (sbatch --export=ALL,PUZZLE=...,CMD=...):
#   PUZZLE (digits | npuzzle), SUBMISSIONS (one folder or zip per student), CMD (the template),
#   CASES (a suite folder or a set name), OUT (the shards' folders are OUT-K), SEARCHLAB (the binary),
#   FLAGS (more options of `grade`, split at spaces: --timeout 20 --anonymize-key key.csv).
#SBATCH --job-name=searchlab-grade
#SBATCH --cpus-per-task=2
#SBATCH --mem=4G
#SBATCH --time=02:00:00
#SBATCH --output=slurm-%A_%a.out
set -euo pipefail

puzzle=${PUZZLE:-digits}
submissions=${SUBMISSIONS:-submissions}
cmd=${CMD:?set CMD to the command line that runs a student program, with its placeholders}
cases=${CASES:-all}
out=${OUT:-graded-part}
searchlab=${SEARCHLAB:-searchlab}
k=${SLURM_ARRAY_TASK_ID:?run as a Slurm array task (sbatch --array=1-N)}
n=${SLURM_ARRAY_TASK_COUNT:?run as a Slurm array task (sbatch --array=1-N)}

# A shard that a resubmission finds begun goes on where it stopped.
read -ra flags <<< "${FLAGS:-}"
resume=()
if [ -e "$out-$k/grade.json" ]; then
  resume=(--resume)
fi
exec "$searchlab" grade "$puzzle" "$submissions" --cmd "$cmd" --cases "$cases" \
  --jobs "${SLURM_CPUS_PER_TASK:-1}" --shard "$k/$n" --out "$out-$k" "${flags[@]}" "${resume[@]}"
