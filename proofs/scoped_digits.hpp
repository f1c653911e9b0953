// RAII for GiNaC's global `Digits` (the precision of evalf). Restored on scope exit
// and on exceptions. Digits is process-global and not thread-safe:
// use it only in single-threaded symbolic code, never in numeric hot loops.
#pragma once

#include <ginac/ginac.h>

namespace attnverify::sym {

class ScopedDigits {
 public:
  explicit ScopedDigits(long digits) : saved_(GiNaC::Digits) { GiNaC::Digits = digits; }
  ~ScopedDigits() { GiNaC::Digits = saved_; }
  ScopedDigits(const ScopedDigits&) = delete;
  ScopedDigits& operator=(const ScopedDigits&) = delete;

 private:
  long saved_;
};

}  // namespace attnverify::sym
