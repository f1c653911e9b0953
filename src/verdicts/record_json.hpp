// The JSON form of a check record: one field table (record_json.cpp, kFields) that the
// results.json writer, the shard writer and the shard reader all use, so that the three
// cannot disagree on a key, a type or a range.
//
// Each field has a key, a writer and a reader. The reader validates the value's shape,
// type and range and throws RecordFieldError naming the key:
//   variant, claim        identifiers (src/spec/spec_text.hpp), claim "" for grid checks
//   check                 a name of CheckKind;  verdict  a name of Verdict
//   expected              "agree" | "disagree" | "inconclusive" | "not-applicable"
//   point                 {name: text}: 1 to 8 coordinates, names identifiers (a grid point's
//                         exact numbers, a feature-map case's vectors, a fact's setting)
//   values                {name: text}: at most 64 (decimal numbers, or a property's
//                         exact value such as sqrt(10001)/10001)
//   search.worst_point    {name: decimal number}
//   digits, error_digits, z, p_value, standard_error, bias   finite numbers (p in [0, 1],
//                         standard error >= 0)
//   n, d, seed            positive integers (seed >= 0), n <= 10^8, d <= 4096
//   search                region text, counts >= 0, worst point as `point`
//   certified, conflict   booleans;  enclosure  {role: {mid, rad}}: mid a number, rad >= 0
//   method, detail        free text (no control characters)
//   evidence              {level: a name of EvidenceLevel, proposition: free text,
//                         rests_on: [claim ids]} (src/verdicts/evidence.hpp)
// A key that is not in the table is refused. The point's names and numbers per kind and
// check (Kind::record_point_problem), the
// claim ids and whether a certified record's balls prove its verdict are checked by the
// merge (src/run/shard.cpp), which knows the spec.
//
// The two styles differ only in what they round and add: results.json gives digits to 0.1 and
// statistics to 4 significant figures for reading, and beside `point` and `values` their numeric
// mirrors `point_number` and `values_number` (each string as the nearest double, null where a
// double cannot hold it: double_of_number_text); a shard keeps every double exactly (nlohmann-json
// writes 17 significant digits) and no mirror, so that a merge equals an unsharded run.
#pragma once

#include <nlohmann/json.hpp>

#include <optional>
#include <stdexcept>
#include <string>

#include "src/spec/expectation.hpp"
#include "src/verdicts/check_record.hpp"

namespace attnverify {

/// A field of a record that is missing, of the wrong type or out of range.
class RecordFieldError : public std::runtime_error {
 public:
  RecordFieldError(const std::string& field, const std::string& problem)
      : std::runtime_error("field '" + field + "' " + problem), field_(field) {}
  const std::string& field() const { return field_; }

 private:
  std::string field_;
};

enum class RecordStyle {
  Results,  ///< results.json: figures rounded for reading, role and numeric mirrors added
  Shard,    ///< shard.json: exact doubles, everything the merge needs
};

/// The record as JSON in `style`; `role` (results.json only) is the claim's role.
nlohmann::ordered_json record_json(const CheckRecord& record, RecordStyle style,
                                   std::optional<ClaimRole> role = std::nullopt);

/// The record a shard wrote (RecordStyle::Shard). Throws RecordFieldError for a missing
/// required field, an unknown field, or a value of the wrong type or out of range.
CheckRecord record_from_json(const nlohmann::ordered_json& j);

}  // namespace attnverify
