#!/usr/bin/env bash
# Typesets every formula of FILE (one per line; empty lines skipped) in one pdflatex
# document, as the report does: in \[ ... \], in the report's \fitformula (display style,
# \resizebox{\linewidth}{!} when wider than the line) and inline in $ ... $, with the
# report's fonts and packages (T1, lmodern, amsmath, amssymb, graphicx). Exit 0 iff the
# document compiles; otherwise the log's first error and the formula it came from.
#
#   tests/typeset_formulas.sh FILE [--force-resize]
#
# --force-resize also puts each formula in \resizebox{\linewidth}{!}{$...$} whatever its
# width, which the report never does: a formula with no width ({} or \mathbf{}) then fails
# with "Division by 0", one of almost no width (1\!\!\!) with "Arithmetic overflow", a tall
# narrow one (nested \sum\limits_{...}) with "Dimension too large".
set -euo pipefail

file=${1:?usage: typeset_formulas.sh FILE [--force-resize]}
force=${2:-}
command -v pdflatex >/dev/null || { echo "typeset_formulas.sh: pdflatex not found" >&2; exit 2; }
dir=$(mktemp -d "${TMPDIR:-/tmp}/typeset-formulas.XXXXXX")
trap 'rm -rf "$dir"' EXIT

preamble='\documentclass[10pt]{article}
\usepackage[a4paper,margin=2cm]{geometry}
\usepackage[T1]{fontenc}
\usepackage{lmodern}
\usepackage{textcomp}
\usepackage{amsmath,amssymb}
\usepackage{graphicx}
\setlength{\parindent}{0pt}
\sloppy
% the nested accents of amsmath read \macc@kerna, defined by the innermost accent: forget it before
% each formula, so that the accents of one formula cannot hide an error in another
\makeatletter\newcommand{\forgetaccents}{\global\let\macc@kerna\@undefined}\makeatother
\newsavebox{\avformulabox}
\newcommand{\fitformula}[1]{\sbox{\avformulabox}{$\displaystyle #1$}%
  \ifdim\wd\avformulabox>\linewidth\resizebox{\linewidth}{!}{\usebox{\avformulabox}}\else\usebox{\avformulabox}\fi}
\begin{document}'
header_lines=$(($(printf '%s\n' "$preamble" | wc -l)))

# one formula per line of the document, so that the log's l.NNN names the formula
count=0
{
  printf '%s\n' "$preamble"
  while IFS= read -r f || [ -n "$f" ]; do
    [ -z "$f" ] && continue
    count=$((count + 1))
    line="\\forgetaccents\\[ $f \\] \\forgetaccents\\fitformula{$f} \\par \\forgetaccents Inline \$$f\$ text."
    [ "$force" = --force-resize ] && line="$line \\par\\resizebox{\\linewidth}{!}{\$$f\$}"
    printf '%s \\par %% formula %d\n' "$line" "$count"
  done <"$file"
  printf '%s\n' '\end{document}'
} >"$dir/formulas.tex"

if (cd "$dir" && timeout 900 pdflatex -interaction=nonstopmode -halt-on-error -no-shell-escape formulas.tex \
  >/dev/null 2>&1); then
  echo "typeset_formulas.sh: all $count formulas typeset"
  exit 0
fi
echo "typeset_formulas.sh: pdflatex failed on $file ($count formulas)" >&2
grep -m1 -A3 '^!' "$dir/formulas.log" >&2 || tail -5 "$dir/formulas.log" >&2
at=$(grep -m1 -o '^l\.[0-9]*' "$dir/formulas.log" | tr -d l.) || true
if [ -n "$at" ] && [ "$at" -gt "$header_lines" ]; then
  n=$((at - header_lines))
  echo "in formula $n: $(grep -v '^$' "$file" | sed -n "${n}p")" >&2
fi
exit 1
