#!/usr/bin/env bash
# Step 2 of action.yml: runs `contract-kit test` with the action's inputs (INPUT_* variables, API_KEY) and
# records its exit code, verdict and report folder as step outputs. It always exits 0, so that the
# reports are uploaded before the action's last step fails the job on the recorded exit code.
set -euo pipefail
: "${INPUT_TARGET:?the target input is required}"
: "${API_KEY:?the api-key input is required (pass a secret)}"
: "${KIT_DIR:?KIT_DIR must be the folder of the action}"
# GitHub masks secrets already; this also masks a key that did not come from one.
echo "::add-mask::$API_KEY"

report_dir="${INPUT_REPORT_DIR:-conformance-reports}"
case "$report_dir" in
  /*) ;;
  *) report_dir="${GITHUB_WORKSPACE:-$PWD}/$report_dir" ;;
esac
mkdir -p "$report_dir"

args=(--target "$INPUT_TARGET" --junit "$report_dir/junit.xml" --html "$report_dir/certificate.html" --json "$report_dir/report.json")
[ -n "${INPUT_SPEC:-}" ] && args+=(--spec "$INPUT_SPEC")
[ -n "${INPUT_SEED:-}" ] && args+=(--seed "$INPUT_SEED")
[ -n "${INPUT_RUNS:-}" ] && args+=(--runs "$INPUT_RUNS")
[ -n "${INPUT_ONLY:-}" ] && args+=(--only "$INPUT_ONLY")
[ -n "${INPUT_SKIP:-}" ] && args+=(--skip "$INPUT_SKIP")
[ -n "${INPUT_RATE:-}" ] && args+=(--rate "$INPUT_RATE")
[ -n "${INPUT_TIMEOUT:-}" ] && args+=(--timeout "$INPUT_TIMEOUT")
[ "${INPUT_READ_ONLY:-false}" = true ] && args+=(--read-only)
[ "${INPUT_STRICT:-false}" = true ] && args+=(--strict)

# The key reaches the kit through API_KEY, never on its command line.
set +e
node "$KIT_DIR/bin/contract-kit.mjs" test "${args[@]}"
code=$?
set -e

# verdict and seed from the JSON report; "error" when the kit could not write one (exit 2).
read -r verdict seed < <(node -e '
  try {
    const r = JSON.parse(require("node:fs").readFileSync(process.argv[1], "utf8"));
    console.log(r.verdict, r.seed);
  } catch {
    console.log("error -");
  }' "$report_dir/report.json")

{
  echo "exit-code=$code"
  echo "verdict=$verdict"
  echo "report-dir=$report_dir"
} >> "${GITHUB_OUTPUT:-/dev/null}"
if [ -n "${GITHUB_STEP_SUMMARY:-}" ]; then
  echo "### Contract conformance: $verdict (exit $code, seed $seed)" >> "$GITHUB_STEP_SUMMARY"
  echo "Reports: junit.xml, certificate.html, report.json in the artifact. Replay locally with --seed $seed." >> "$GITHUB_STEP_SUMMARY"
fi
echo "conformance: $verdict (exit $code, seed $seed)"
