#!/usr/bin/env bash
# The standard suite's report within the page budget of docs/history.md, issue 28: at most
# 30 pages in all and no overfull box. Typesets the report.tex that standard_suite_test wrote.
# Usage: report_pages_test.sh DIR_WITH_REPORT_TEX
set -euo pipefail
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp "$1/report.tex" "$work/"
cd "$work"
latexmk -pdf -interaction=nonstopmode -halt-on-error -quiet report.tex >/dev/null 2>&1 || {
  echo "FAIL report.tex does not typeset"; exit 1; }
pages=$(pdfinfo report.pdf | awk '/^Pages:/ {print $2}')
overfull=$(grep -c '^Overfull' report.log || true)
echo "report.pdf: $pages pages, $overfull overfull boxes"
[ "$pages" -le 30 ] && [ "$overfull" -eq 0 ]
