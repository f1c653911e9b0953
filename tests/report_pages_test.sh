#!/usr/bin/env bash
# The standard suite's report within the page budget of docs/history.md, issue 28: at most
# 30 pages in all, no overfull box, and the ledger on pages 1-3: every published statement of
# results.json's ledger named there. Typesets the report.tex that standard_suite_test wrote.
# Usage: report_pages_test.sh DIR_WITH_REPORT_TEX
set -euo pipefail
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp "$1/report.tex" "$1/results.json" "$work/"
cd "$work"
latexmk -pdf -interaction=nonstopmode -halt-on-error -quiet report.tex >/dev/null 2>&1 || {
  echo "FAIL report.tex does not typeset"; exit 1; }
pages=$(pdfinfo report.pdf | awk '/^Pages:/ {print $2}')
overfull=$(grep -c '^Overfull' report.log || true)
pdftotext -f 1 -l 3 report.pdf front.txt
missing=$(/usr/bin/python3 -c "
import json
front = open('front.txt').read()
ledger = json.load(open('results.json'))['ledger']
ids = [i for e in ledger if e['role'] == 'claim' for i in e['ids']]
print(' '.join(i for i in ids if i not in front))")
# a statement that holds only as corrected (wrong_as_written) is said to on page 1, by id
uncounted=$(/usr/bin/python3 -c "
import json, re
front = ' '.join(open('front.txt').read().split())
ledger = json.load(open('results.json'))['ledger']
said = re.search(r'only as corrected \(([^)]*)\)', front)
named = said.group(1).split(', ') if said else []
print(' '.join(e['ids'][0] for e in ledger if e.get('wrong_as_written') and e['verdict'] == 'agree' and e['ids'][0] not in named))")
echo "report.pdf: $pages pages, $overfull overfull boxes; published statements not on pages 1-3: ${missing:-none}; holding only as corrected but not said so: ${uncounted:-none}"
[ "$pages" -le 30 ] && [ "$overfull" -eq 0 ] && [ -z "$missing" ] && [ -z "$uncounted" ]
