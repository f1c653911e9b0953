#include "proofs/primitive_function.hpp"

#include <deque>
#include <mutex>
#include <stdexcept>

#include "proofs/trigonometric_functions.hpp"

namespace attnverify::sym {

namespace {

struct Registry {
  std::deque<PrimitiveFunction> functions;  // a deque keeps references valid as it grows
  std::vector<unsigned> serials;            // GiNaC's function serial of each
  std::mutex mutex;                         // guards registration; reads follow it
};

unsigned ginac_serial(const std::string& name) {
  try {
    return GiNaC::function::find_function(name, 1);
  } catch (const std::runtime_error&) {
    throw std::invalid_argument("no GiNaC function '" + name + "' of one argument is registered");
  }
}

std::size_t add_to(Registry& r, PrimitiveFunction f) {
  for (const auto& g : r.functions)
    if (g.name == f.name) throw std::invalid_argument("the primitive '" + f.name + "' is registered twice");
  r.serials.push_back(ginac_serial(f.name));
  r.functions.push_back(std::move(f));
  return r.functions.size() - 1;
}

// Built once with the library's own primitives; never destroyed, so that a primitive stays
// valid for static objects that outlive main's locals.
Registry& registry() {
  static Registry* r = [] {
    auto* out = new Registry;
    for (PrimitiveFunction& f : trigonometric_primitives()) add_to(*out, std::move(f));
    return out;
  }();
  return *r;
}

}  // namespace

GiNaC::ex PrimitiveFunction::operator()(const GiNaC::ex& u) const {
  return GiNaC::function(ginac_serial(name), u);
}

std::size_t register_primitive(PrimitiveFunction f) {
  Registry& r = registry();
  const std::lock_guard<std::mutex> lock(r.mutex);
  return add_to(r, std::move(f));
}

const PrimitiveFunction* find_primitive(const std::string& name) {
  for (const auto& f : registry().functions)
    if (f.name == name) return &f;
  return nullptr;
}

const PrimitiveFunction& primitive_at(std::size_t index) { return registry().functions.at(index); }

std::size_t primitive_index(const std::string& name) {
  const auto& fs = registry().functions;
  for (std::size_t k = 0; k < fs.size(); ++k)
    if (fs[k].name == name) return k;
  throw std::out_of_range("no primitive function '" + name + "'");
}

std::vector<std::string> primitive_names() {
  std::vector<std::string> out;
  for (const auto& f : registry().functions) out.push_back(f.name);
  return out;
}

const PrimitiveFunction* primitive_of(const GiNaC::ex& e) {
  if (!GiNaC::is_a<GiNaC::function>(e) || e.nops() != 1) return nullptr;
  const unsigned serial = GiNaC::ex_to<GiNaC::function>(e).get_serial();
  Registry& r = registry();
  for (std::size_t k = 0; k < r.serials.size(); ++k)
    if (r.serials[k] == serial) return &r.functions[k];
  return nullptr;
}

}  // namespace attnverify::sym
