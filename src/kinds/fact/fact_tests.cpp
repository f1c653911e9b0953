#include "src/kinds/fact/fact_tests.hpp"

namespace attnverify {

const FactTest* find_fact_test(const std::string& name) {
  for (const FactTest& t : fact_tests())
    if (t.name == name) return &t;
  return nullptr;
}

}  // namespace attnverify
