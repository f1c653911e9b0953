// SHA-256 of the bytes of a spec file, so that a report names exactly what was checked
// (the report's "Reproducibility" and results.json; `sha256sum` prints the same digest).
#pragma once

#include <string>

namespace attnverify {

/// The SHA-256 digest of `bytes` (FIPS 180-4, computed by OpenSSL's EVP interface) as 64
/// lowercase hexadecimal digits. Throws std::runtime_error if OpenSSL fails.
std::string sha256_hex(const std::string& bytes);

}  // namespace attnverify
