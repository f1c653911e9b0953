// checks.csv: the run's check records as one flat table for data analysis (pandas, R, a
// spreadsheet), written beside results.json. One row per record of results.json's `checks`, in the
// same order; RFC 4180 (comma-separated, a field with a comma, quote or line break in double quotes,
// a quote doubled; "\n" line ends), UTF-8, a header row. Columns:
//   variant, kind, law        the variant, its kind, its score law (Kind::score_law_name; "" for
//                             sequences, measures and facts)
//   check, claim              the check kind (closed-vs-quadrature, claim, property, ...) and the
//                             claim or property id ("" for grid and sampled checks)
//   point                     the point as results.json's text, "beta=-1; gamma=1/2" ("" if none)
//   point_<name>              one column per coordinate name that is a number somewhere in the
//                             run (beta, gamma, lambda, n, ...), as a double; "" where the record's
//                             point has no such number
//   n, d                      a sampled check's keys per sample and dimension
//   verdict, expected         as in results.json
//   evidence                  the evidence level (src/verdicts/evidence.hpp)
//   digits                    as in results.json (docs/spec-format.md, "Digits of agreement")
//   value_name, value         the record's first named value and its decimal string (grid checks:
//                             `closed`, S from the closed form, or the numeric route's value where
//                             there is none; sampled: `sampled`; claims: `claim`)
//   value_number              that value as the nearest double; "" where a double cannot hold it
//                             (double_of_number_text, src/verdicts/check_record.hpp)
//   certified                 true or false as in results.json, "" where results.json omits it
#pragma once

#include <string>

#include "src/run/run_result.hpp"

namespace attnverify {

/// checks.csv for `run` (the layout above).
std::string checks_csv(const RunResult& run);

}  // namespace attnverify
