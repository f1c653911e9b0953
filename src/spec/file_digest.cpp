#include "src/spec/file_digest.hpp"

#include <openssl/evp.h>

#include <memory>
#include <stdexcept>

namespace attnverify {

std::string sha256_hex(const std::string& bytes) {
  const std::unique_ptr<EVP_MD_CTX, decltype(&EVP_MD_CTX_free)> context(EVP_MD_CTX_new(), EVP_MD_CTX_free);
  unsigned char digest[EVP_MAX_MD_SIZE];
  unsigned int length = 0;
  if (!context || EVP_DigestInit_ex(context.get(), EVP_sha256(), nullptr) != 1 ||
      EVP_DigestUpdate(context.get(), bytes.data(), bytes.size()) != 1 ||
      EVP_DigestFinal_ex(context.get(), digest, &length) != 1)
    throw std::runtime_error("SHA-256 (OpenSSL EVP) failed");
  static const char* hex = "0123456789abcdef";
  std::string out;
  for (unsigned int k = 0; k < length; ++k) {
    out += hex[digest[k] >> 4];
    out += hex[digest[k] & 0xF];
  }
  return out;
}

}  // namespace attnverify
